import type { Confirmation } from "../../api/ReservationsApi.ts"
import { knownQrModules, rememberQrModules } from "./qrMemory.ts"
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
    // the codes the e-ticket showed (TicketPasses.tsx), or the wallet read back from the copy this one replaces;
    // never encoded here: a code not yet drawn is encoded when it first is
    qr: Object.fromEntries(
      document.confirmation.tickets.flatMap((ticket) => {
        const modules = ticket.pass === undefined ? undefined : knownQrModules(ticket.pass)
        return modules === undefined ? [] : [[ticket.pass, modules]]
      }),
    ),
  }
  try {
    await db.documents.put(row)
    return true
  } catch {
    return false
  }
}

/** The saved copy of one e-document, if this device has it; its QR codes are then drawn without encoding. */
export const savedDocument = async (db: WalletDb, key: string): Promise<SavedDocument | undefined> => {
  try {
    const row = await db.documents.get(key)
    if (row !== undefined) rememberSavedCodes(row)
    return row
  } catch {
    return undefined
  }
}

/** Hands a saved copy's QR modules to the drawing code (src/app/edocument/qrImage.ts). */
export const rememberSavedCodes = (row: SavedDocument): void => {
  for (const [pass, modules] of Object.entries(row.qr ?? {})) rememberQrModules(pass, modules)
}
