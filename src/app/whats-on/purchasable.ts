import { onSaleAt } from "../../domain/shared/onSale.ts"
import { vodOnSaleAt } from "../../domain/vod/access.ts"
import type { ScheduledPresentation } from "./groupPresentations.ts"

/**
 * Whether the list offers "Buy tickets" (or "Watch now"): on sale by the domain's rule (the one the seat lock and the commit
 * apply, so a started show is not offered only to be refused) and not sold out.
 */
export const availability = (
  item: ScheduledPresentation,
  nowMs: number,
): { readonly purchasable: boolean; readonly soldOut: boolean } => {
  const { presentation, start } = item
  const soldOut = presentation.availableSeats !== null && presentation.availableSeats <= 0
  const facts = { isOnSale: presentation.isOnSale, startsAtMs: start.epochMilliseconds }
  // video on demand is sold until its window closes (src/domain/vod/access.ts), a hall until the show starts
  const onSale = presentation.isVod ? vodOnSaleAt(facts, nowMs) : onSaleAt(facts, nowMs)
  return { purchasable: onSale && !soldOut, soldOut }
}
