import type { VoucherDocument } from "../../api/ReservationsApi.ts"
import type { SavedVoucher, WalletDb } from "./walletDb.ts"

/**
 * Keeps a voucher's e-document the server just answered (the newest answer wins: its balance after it paid, its
 * state once expired). Failing to save (storage full, private mode) never breaks the page that shows it.
 */
export const saveVoucher = async (
  db: WalletDb,
  document: { readonly key: string; readonly lang: string; readonly voucher: VoucherDocument },
  now: number,
): Promise<boolean> => {
  const row: SavedVoucher = {
    key: document.key,
    savedAt: now,
    lang: document.lang,
    voucher: document.voucher,
  }
  try {
    await db.vouchers.put(row)
    return true
  } catch {
    return false
  }
}

/** The saved copy of one voucher's e-document, if this device has it. */
export const savedVoucher = async (db: WalletDb, key: string): Promise<SavedVoucher | undefined> => {
  try {
    return await db.vouchers.get(key)
  } catch {
    return undefined
  }
}

/** Newest bought first: the voucher just bought heads the list. */
export const arrangeVouchers = (vouchers: ReadonlyArray<SavedVoucher>): ReadonlyArray<SavedVoucher> =>
  [...vouchers].sort(
    (a, b) =>
      Date.parse(b.voucher.purchasedAt) - Date.parse(a.voucher.purchasedAt) || a.key.localeCompare(b.key),
  )
