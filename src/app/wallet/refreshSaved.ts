import type { Confirmation } from "../../api/ReservationsApi.ts"
import { saveDocument } from "./savedDocuments.ts"
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
  const saved = await Promise.all(
    keys.map((key) =>
      fetchDocument(key).then(
        (confirmation) => saveDocument(db, { key, lang, confirmation }, now()),
        () => false,
      ),
    ),
  )
  return saved.filter(Boolean).length
}
