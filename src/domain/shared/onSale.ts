/**
 * When a presentation can be bought: the back office has it on sale and it has not started yet. One rule for
 * the what's-on list, best available, the seat lock and the commit, so the browser never offers what the
 * server then refuses as `notOnSale`. At the very instant it starts it is no longer on sale (a show that has
 * begun is not sold online); the instant comes in as an argument because the domain reads no clock.
 */
export interface SaleFacts {
  /** The back office's switch (`presentations.is_on_sale`, the API's `isOnSale`). */
  readonly isOnSale: boolean
  /** The presentation's start, epoch milliseconds. */
  readonly startsAtMs: number
}

export const onSaleAt = (presentation: SaleFacts, nowMs: number): boolean =>
  presentation.isOnSale && nowMs < presentation.startsAtMs

/** What a hold or a sale of a presentation's seats needs besides {@link SaleFacts}. */
export interface OnlineSaleFacts extends SaleFacts {
  /** Whether its cinema sells online (`locations.is_online`); an offline one sells at its box office only. */
  readonly locationIsOnline: boolean
}

/**
 * Why seats of a presentation cannot be held or bought online now, or `null` when they can. One rule for every
 * call that holds or sells (the seat lock, general-admission places, best available, the commit), so a crafted
 * request cannot buy what the lists and the presentation calls withhold. A cinema offline for sales answers the
 * spec's "location offline" (§8 event errors) before anything else: the buyer is sent to the offline-venue view,
 * whatever the showing's own switch says.
 */
export type SaleRefusal = "locationOffline" | "notOnSale"

export const saleRefusalAt = (presentation: OnlineSaleFacts, nowMs: number): SaleRefusal | null => {
  if (!presentation.locationIsOnline) return "locationOffline"
  return onSaleAt(presentation, nowMs) ? null : "notOnSale"
}
