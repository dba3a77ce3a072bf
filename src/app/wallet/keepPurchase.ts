import type { Confirmation, VoucherDocument } from "../../api/ReservationsApi.ts"
import { askToKeepStorage, type PersistentStorage } from "./keepStorage.ts"
import { saveDocument } from "./savedDocuments.ts"
import { saveVoucher } from "./savedVouchers.ts"
import type { WalletDb } from "./walletDb.ts"

/** A voucher's e-document key from the page path the confirmation names (`/edocument/{key}`). */
const keyOfPath = (path: string): string => path.slice(path.lastIndexOf("/") + 1)

/**
 * Issue 17, "every e-document bought on this device is kept": at the confirmation, not only once the e-ticket is
 * opened. A paid order's e-document goes into the wallet under its key, and each voucher it issued under the
 * voucher's own key (asked from the server now, while there is signal: the confirmation names only the codes),
 * so the tickets and the gift card open in airplane mode even if the buyer never opened them. An unpaid order
 * is not kept (nothing of it admits yet). Then, as for any ticket saved, the browser is asked once to keep the
 * storage. A voucher the server does not answer now is skipped: its page keeps it when opened.
 *
 * Answers what was kept.
 */
export const keepPurchase = async (
  db: WalletDb,
  purchase: { readonly key: string; readonly lang: string; readonly confirmation: Confirmation },
  fetchVoucher: (key: string) => Promise<VoucherDocument>,
  storage: PersistentStorage | undefined,
  now: () => number,
): Promise<{ readonly order: boolean; readonly vouchers: number }> => {
  if (purchase.confirmation.status !== "paid" || purchase.key === "") return { order: false, vouchers: 0 }
  const order = await saveDocument(db, purchase, now())
  const keys = (purchase.confirmation.items ?? []).flatMap((item) => item.documents ?? []).map(keyOfPath)
  const kept = await Promise.all(
    keys.map((key) =>
      fetchVoucher(key).then(
        (voucher) => saveVoucher(db, { key, lang: purchase.lang, voucher }, now()),
        () => false,
      ),
    ),
  )
  const vouchers = kept.filter(Boolean).length
  if (order || vouchers > 0) await askToKeepStorage(db, storage, now()).catch(() => undefined)
  return { order, vouchers }
}
