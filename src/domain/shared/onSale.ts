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
