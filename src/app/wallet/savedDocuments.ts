import type { Confirmation } from "../../api/ReservationsApi.ts"
import type { SavedDocument, WalletDb } from "./walletDb.ts"

/**
 * Keeps an e-document the server just answered (the newest answer wins: a ticket cancelled since is shown
 * cancelled). Failing to save (storage full, private mode) never breaks the page that shows it.
 */
export const saveDocument = async (
  db: WalletDb,
  document: { readonly key: string; readonly lang: string; readonly confirmation: Confirmation },
  now: number,
): Promise<boolean> => {
  const row: SavedDocument = {
    key: document.key,
    reservationIdentifier: document.confirmation.reservationIdentifier,
    // an order without a showing (vouchers, food) sorts by when it was bought
    startsAt: document.confirmation.presentation?.dateTime ?? document.confirmation.purchasedAt,
    savedAt: now,
    lang: document.lang,
    confirmation: document.confirmation,
  }
  try {
    await db.documents.put(row)
    return true
  } catch {
    return false
  }
}

/** The saved copy of one e-document, if this device has it. */
export const savedDocument = async (db: WalletDb, key: string): Promise<SavedDocument | undefined> => {
  try {
    return await db.documents.get(key)
  } catch {
    return undefined
  }
}
