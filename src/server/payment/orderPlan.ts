import type { OrderKind } from "../../domain/cart/orderKind.ts"
import type { PricedCart } from "./commitPricing.ts"
import type { ItemLine } from "./itemOrders/ItemOrderKind.ts"

/**
 * What a commit writes, decided before its transaction opens: the order's steps in OrderStepsRepo.ts each take
 * this one object (or the PlacedOrder made from it), so a voucher, membership or donation order can build its
 * own plan and reuse the same steps instead of repeating their SQL.
 */
export interface CommitPlan {
  readonly cartToken: string
  readonly idempotencyKey: string
  /** what the idempotency key was used for (cart token + commit cart): a replay with other content is refused */
  readonly fingerprint: string
  /**
   * the signed-in buyer (the session's, never the body's), null for a guest: written with the order, so an order
   * paid at commit (a free enrolment, a voucher paying it all) is the customer's too, to list and cancel; a
   * required field, so no kind's plan can leave it out (OrderCustomer.attach only reaches unpaid orders)
   */
  readonly customerId: number | null
  /** what the order buys (src/domain/cart/orderKind.ts) */
  readonly kind: OrderKind
  /**
   * where the order is booked; `id` is the presentation of a ticket order (with several showings, the earliest:
   * `reservations.presentation_id`, see README.md "Several showings"), null for the other kinds
   */
  readonly presentation: {
    readonly id: number | null
    readonly locationId: number
    readonly businessId: number
    readonly authProfileId: number
  }
  /** every showing a ticket order sells seats for (each priced line names its own); empty for the other kinds */
  readonly presentationIds: ReadonlyArray<number>
  readonly pointOfSaleId: number
  readonly priced: PricedCart
  /** the lines of a voucher, donation or membership order (empty for tickets and food) */
  readonly items: ReadonlyArray<ItemLine>
  /** the system voucher paying part of the order, with the amount already checked against its balance */
  readonly voucher: { readonly id: number; readonly amount: number } | undefined
  /** the buyer's contact details as stored with the reservation */
  readonly contact: object
  /** minutes the seats stay held for the order once committed */
  readonly paymentMinutes: number
  /**
   * an unpaid hold (issue 16, holdRules.ts): its cut-off (epoch ms), which is then the order's payment deadline
   * and its seats' expiry instead of `paymentMinutes`; null for every other order
   */
  readonly holdUntilMs: number | null
}

/** The order's deadline as SQL: the hold's cut-off, else `paymentMinutes` from the database's now. */
export const deadlineSql = (
  plan: CommitPlan,
): { readonly holdUntil: string | null; readonly minutes: number } => ({
  holdUntil: plan.holdUntilMs === null ? null : new Date(plan.holdUntilMs).toISOString(),
  minutes: plan.paymentMinutes,
})

/** A plan whose reservation row exists: its id, and the hold each priced line takes (same order as the lines). */
export interface PlacedOrder {
  readonly plan: CommitPlan
  readonly orderId: number
  readonly allocationIds: ReadonlyArray<string>
}

export const voucherAmountOf = (plan: CommitPlan): number => plan.voucher?.amount ?? 0

/** What is left to pay by card once the voucher has paid its part. */
export const amountDueOf = (plan: CommitPlan): number => plan.priced.total - voucherAmountOf(plan)

/** Id order, so two commits spending the same rows take their locks in one order and cannot deadlock. */
export const inIdOrder = (uses: ReadonlyMap<number, number>): ReadonlyArray<readonly [number, number]> =>
  [...uses].sort(([a], [b]) => a - b)
