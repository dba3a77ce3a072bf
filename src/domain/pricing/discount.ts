/**
 * Discount codes (coupons) priced the same way in the browser, which shows the price, and on the server,
 * which re-reads the code at commit and must reach the same agorot (spec §5 "Coupons"). Pure arithmetic on
 * integer agorot: no floats reach a price.
 */

/** A discount code as both sides read it from `discount_codes`. */
export interface DiscountRule {
  readonly discountId: number
  readonly code: string
  /** basis points off each applicable ticket (1000 = 10%); null when `amountOff` is set */
  readonly percentBasisPoints: number | null
  /** agorot off each applicable ticket; null when `percentBasisPoints` is set */
  readonly amountOff: number | null
  /** null: every ticket */
  readonly ticketIds: ReadonlyArray<number> | null
  readonly minTickets: number
}

export interface DiscountedPrice {
  /** what the buyer pays for the ticket, never below 0 */
  readonly price: number
  /** what the code took off (the cart ticket's `appliedDiscount`), `oldPrice - price` */
  readonly appliedDiscount: number
}

export const isDiscountApplicable = (rule: DiscountRule, ticketId: number): boolean =>
  rule.ticketIds === null || rule.ticketIds.includes(ticketId)

/**
 * The price of one ticket after the code. A percentage is rounded half up to whole agorot (10% of ₪47.00 is
 * ₪4.70; 15% of ₪39.90 is 598.5 → 599 agorot off); a fixed amount never takes a price below zero.
 */
export const applyDiscount = (rule: DiscountRule, price: number): DiscountedPrice => {
  const off =
    rule.percentBasisPoints !== null
      ? Math.floor((price * rule.percentBasisPoints + 5000) / 10000)
      : (rule.amountOff ?? 0)
  const taken = Math.min(price, Math.max(0, off))
  return { price: price - taken, appliedDiscount: taken }
}

export type DiscountRefusal = "couponTooFewTickets" | "couponNoneApplicable"

/**
 * Whether the code can be applied to an order of these tickets: at least `minTickets` seats, and at least one
 * ticket the code is for.
 */
export const discountRefusal = (
  rule: DiscountRule,
  ticketIds: ReadonlyArray<number>,
): DiscountRefusal | null => {
  if (ticketIds.length < rule.minTickets) return "couponTooFewTickets"
  if (!ticketIds.some((id) => isDiscountApplicable(rule, id))) return "couponNoneApplicable"
  return null
}
