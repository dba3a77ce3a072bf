import { rememberSavedCodes } from "./savedDocuments.ts"
import type { SavedDocument, WalletDb } from "./walletDb.ts"

/**
 * What the wallet lists (issue 17 "My tickets"): the shows still to come, the next first, and after them the
 * orders without a showing (vouchers, memberships, food: issue 16), the latest bought first; then the shows just
 * over, the latest first. A show counts as over once it has ended (its start plus its length, or
 * {@link UNKNOWN_LENGTH_MS}); over for more than {@link PAST_KEPT_DAYS} days, the device forgets it. An order
 * without a showing is never over here: its own e-document says whether it is still of use.
 */
export const PAST_KEPT_DAYS = 7
export const UNKNOWN_LENGTH_MS = 4 * 3600_000
const DAY_MS = 86_400_000

export interface WalletList {
  readonly upcoming: ReadonlyArray<SavedDocument>
  readonly past: ReadonlyArray<SavedDocument>
}

/** When a saved show ends (epoch ms); never for an order without a showing. */
export const showEnds = (document: SavedDocument): number => {
  const presentation = document.confirmation.presentation
  if (presentation === null) return Number.POSITIVE_INFINITY
  const minutes = presentation.durationMinutes
  return Date.parse(document.startsAt) + (minutes === null ? UNKNOWN_LENGTH_MS : minutes * 60_000)
}

const isShow = (document: SavedDocument) => document.confirmation.presentation !== null

/** Pure: the saved documents as the wallet lists them at `now`. */
export const arrangeWallet = (documents: ReadonlyArray<SavedDocument>, now: number): WalletList => {
  const byStart = (a: SavedDocument, b: SavedDocument) =>
    Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.key.localeCompare(b.key)
  const upcoming = [
    ...documents.filter((d) => isShow(d) && showEnds(d) > now).sort(byStart),
    ...documents.filter((d) => !isShow(d)).sort((a, b) => byStart(b, a)),
  ]
  const past = documents
    .filter((d) => showEnds(d) <= now && showEnds(d) > now - PAST_KEPT_DAYS * DAY_MS)
    .sort((a, b) => byStart(b, a))
  return { upcoming, past }
}

/** What `useLiveQuery` reads: every saved document, arranged. Dexie re-runs it on any change to the table. */
export const readWallet = async (db: WalletDb, now: number): Promise<WalletList> => {
  const documents = await db.documents.toArray()
  // an entry opened next draws its codes from the saved modules (src/app/edocument/qrImage.ts)
  for (const document of documents) rememberSavedCodes(document)
  return arrangeWallet(documents, now)
}

/** Drops the shows over for longer than {@link PAST_KEPT_DAYS} days; answers how many. */
export const forgetPastShows = async (db: WalletDb, now: number): Promise<number> => {
  // all rows, not an index range: startsAt keeps the show's own offset, so its text order is not time order
  const cutoff = now - PAST_KEPT_DAYS * DAY_MS
  const stale = (await db.documents.toArray()).filter((d) => showEnds(d) <= cutoff).map((d) => d.key)
  await db.documents.bulkDelete(stale)
  return stale.length
}
