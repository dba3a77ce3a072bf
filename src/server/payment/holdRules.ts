import { Effect } from "effect"
import type { CommitFailureCode } from "../../api/CommitRefusals.ts"
import type { CommitCart } from "../../domain/cart/commitCart.ts"
import { holdDeadlineMs } from "../../domain/order/holdCutoff.ts"
import { hasActiveMembership } from "./commitFacts.ts"
import type { PricedCart } from "./commitPricing.ts"

/**
 * Unpaid holds (issue 16, spec §5 and §9: "reserve now, pay later"): who may hold, what, and until when. The hold
 * is an order awaiting payment whose deadline (`reservations.payment_deadline`, and `seat_allocations.expires_at`
 * of its seats) is the cut-off itself, 30 minutes before its earliest showing: the database releases the seats
 * at that moment by the same rule that releases any lapsed hold, with no timer process to miss it, and a payment
 * after it voids the order (`OrdersRepo.markPaid`). Paid before it, the hold is a regular paid order.
 */

/**
 * The hold's deadline, or why the cart may not be held: no signed-in customer with an active membership, a
 * premium seat (the buyer is offered a regular one), or the cut-off already passed.
 */
export const holdDeadline = Effect.fn("Holds.deadline")(function* (input: {
  readonly cart: CommitCart
  readonly customerId: number | null
  readonly priced: PricedCart
  readonly earliestStartMs: number
  readonly nowMs: number
}) {
  const refused = (code: CommitFailureCode) => ({ refused: code }) as const
  if (input.customerId === null || !(yield* hasActiveMembership(input.customerId)))
    return refused("holdRequiresMembership")
  if (input.priced.lines.some((line) => line.seat.isPremium === true)) return refused("premiumSeatOnHold")
  const deadline = holdDeadlineMs(input.earliestStartMs)
  if (deadline <= input.nowMs) return refused("holdTooLate")
  return { deadlineMs: deadline } as const
})
