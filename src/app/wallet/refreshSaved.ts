import type { Confirmation, VoucherDocument } from "../../api/ReservationsApi.ts"
import { saveDocument } from "./savedDocuments.ts"
import { saveVoucher } from "./savedVouchers.ts"
import type { WalletDb } from "./walletDb.ts"

/**
 * Asks the server again for every e-document the wallet keeps and saves each answer (issue 17: "a cancelled
 * ticket shows cancelled after the next online refresh"). Run when the wallet opens with signal, so the list
 * says what the server says now, a ticket cancelled in the customer area included, without opening each one.
 * A copy whose refresh fails (no signal after all, the server down, a key it no longer knows) stays as it was,
 * with its own `savedAt`: the wallet is for the door, and an old copy there beats none.
 *
 * Answers how many copies were refreshed.
 */
export const refreshSavedDocuments = async (
  db: WalletDb,
  fetchDocument: (key: string) => Promise<Confirmation>,
  lang: string,
  now: () => number,
): Promise<number> => {
  const keys = await db.documents
    .toCollection()
    .primaryKeys()
    .catch(() => [] as Array<string>)
  return refreshEach(keys, fetchDocument, (key, confirmation) =>
    saveDocument(db, { key, lang, confirmation }, now()),
  )
}

/**
 * The same for the vouchers' own e-documents (issue 17): what is left of each and its state (spent at the box
 * office, expired) as the server says now.
 */
export const refreshSavedVouchers = async (
  db: WalletDb,
  fetchVoucher: (key: string) => Promise<VoucherDocument>,
  lang: string,
  now: () => number,
): Promise<number> => {
  const keys = await db.vouchers
    .toCollection()
    .primaryKeys()
    .catch(() => [] as Array<string>)
  return refreshEach(keys, fetchVoucher, (key, voucher) => saveVoucher(db, { key, lang, voucher }, now()))
}

const refreshEach = async <A>(
  keys: ReadonlyArray<string>,
  fetch: (key: string) => Promise<A>,
  save: (key: string, answer: A) => Promise<boolean>,
): Promise<number> => {
  const saved = await Promise.all(
    keys.map((key) =>
      fetch(key).then(
        (answer) => save(key, answer),
        () => false,
      ),
    ),
  )
  return saved.filter(Boolean).length
}
