import { showEndsAt } from "../../domain/edocument/ticketState.ts"
import { rememberSavedCodes } from "./savedDocuments.ts"
import { arrangeVouchers } from "./savedVouchers.ts"
import type { SavedDocument, SavedVoucher, WalletDb } from "./walletDb.ts"

/**
 * What the wallet lists (issue 17 "My tickets"): the shows still to come, the next first, and after them the
 * orders without a showing (vouchers, memberships, food: issue 16), the latest bought first; then the shows just
 * over, the latest first. A show counts as over once it has ended (its start plus its length, or
 * four hours: the e-ticket's own rule, `showEndsAt` in src/domain/edocument/ticketState.ts); over for more than
 * {@link PAST_KEPT_DAYS} days, the device forgets it. An order
 * without a showing is never over here: its own e-document says whether it is still of use.
 */
export const PAST_KEPT_DAYS = 7
const DAY_MS = 86_400_000

export interface WalletList {
  readonly upcoming: ReadonlyArray<SavedDocument>
  readonly past: ReadonlyArray<SavedDocument>
  /** the vouchers' own e-documents (issue 17), newest bought first; never past here: each says its own state */
  readonly vouchers: ReadonlyArray<SavedVoucher>
}

/** When a saved show ends (epoch ms); never for an order without a showing. */
export const showEnds = (document: SavedDocument): number => {
  const presentation = document.confirmation.presentation
  if (presentation === null) return Number.POSITIVE_INFINITY
  return showEndsAt(Date.parse(document.startsAt), presentation.durationMinutes)
}

const isShow = (document: SavedDocument) => document.confirmation.presentation !== null

/** Pure: the saved documents as the wallet lists them at `now`. */
export const arrangeWallet = (
  documents: ReadonlyArray<SavedDocument>,
  now: number,
  vouchers: ReadonlyArray<SavedVoucher> = [],
): WalletList => {
  const byStart = (a: SavedDocument, b: SavedDocument) =>
    Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.key.localeCompare(b.key)
  const upcoming = [
    ...documents.filter((d) => isShow(d) && showEnds(d) > now).sort(byStart),
    ...documents.filter((d) => !isShow(d)).sort((a, b) => byStart(b, a)),
  ]
  const past = documents
    .filter((d) => showEnds(d) <= now && showEnds(d) > now - PAST_KEPT_DAYS * DAY_MS)
    .sort((a, b) => byStart(b, a))
  return { upcoming, past, vouchers: arrangeVouchers(vouchers) }
}

/** What `useLiveQuery` reads: every saved document, arranged. Dexie re-runs it on any change to the table. */
export const readWallet = async (db: WalletDb, now: number): Promise<WalletList> => {
  const [documents, vouchers] = await Promise.all([db.documents.toArray(), db.vouchers.toArray()])
  // an entry opened next draws its codes from the saved modules (src/app/edocument/qrImage.ts)
  for (const document of documents) rememberSavedCodes(document)
  return arrangeWallet(documents, now, vouchers)
}

/** Drops the shows over for longer than {@link PAST_KEPT_DAYS} days; answers how many. */
export const forgetPastShows = async (db: WalletDb, now: number): Promise<number> => {
  // all rows, not an index range: startsAt keeps the show's own offset, so its text order is not time order
  const cutoff = now - PAST_KEPT_DAYS * DAY_MS
  const stale = (await db.documents.toArray()).filter((d) => showEnds(d) <= cutoff).map((d) => d.key)
  await db.documents.bulkDelete(stale)
  return stale.length
}
