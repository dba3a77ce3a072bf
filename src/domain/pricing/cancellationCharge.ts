/**
 * The cancellation service charge (spec §9: "Cancellation may carry a service charge (fixed amount or percent, per
 * ticket or total); service charges are non-refundable") and the refund it leaves. Integer agorot.
 *
 * - fixed per ticket: the amount for each cancelled ticket;
 * - fixed per order: the amount once per order, however many cancels it takes (`orderChargeTaken` is what earlier
 *   cancels of the same order already kept), so cancelling in parts keeps exactly what one whole cancel keeps;
 * - percent (per ticket or per order alike): basis points of each ticket's price, rounded half up per ticket, for
 *   the same reason.
 * The charge never exceeds the cancelled tickets' price: the refund is never negative and never more than paid.
 */

export interface CancellationRule {
  readonly amount: number | null
  readonly percentBasisPoints: number | null
  readonly appliesPer: "ticket" | "order"
}

export interface CancellationSplit {
  readonly ticketsAmount: number
  readonly charge: number
  /** the part of `charge` that is the per-order amount (to add to `orderChargeTaken` of later cancels) */
  readonly orderCharge: number
  readonly refund: number
}

const percentOf = (agorot: number, basisPoints: number): number =>
  Math.floor((agorot * basisPoints + 5000) / 10000)

export const cancellationSplit = (
  rule: CancellationRule | null,
  prices: ReadonlyArray<number>,
  orderChargeTaken: number,
): CancellationSplit => {
  const ticketsAmount = prices.reduce((sum, price) => sum + price, 0)
  let charge = 0
  let orderCharge = 0
  if (rule !== null && prices.length > 0) {
    if (rule.amount !== null && rule.appliesPer === "order") {
      orderCharge = Math.min(Math.max(0, rule.amount - orderChargeTaken), ticketsAmount)
      charge = orderCharge
    } else if (rule.amount !== null) {
      const amount = rule.amount
      charge = prices.reduce((sum, price) => sum + Math.min(price, amount), 0)
    } else {
      const basisPoints = rule.percentBasisPoints ?? 0
      charge = prices.reduce((sum, price) => sum + Math.min(price, percentOf(price, basisPoints)), 0)
    }
  }
  return { ticketsAmount, charge, orderCharge, refund: ticketsAmount - charge }
}

/** A location's own cancellation rule comes before the chain's (location null); none: no charge. */
export const cancellationRuleFor = <R extends { readonly locationId: number | null }>(
  rules: ReadonlyArray<R>,
  locationId: number,
): R | null =>
  rules.find((rule) => rule.locationId === locationId) ??
  rules.find((rule) => rule.locationId === null) ??
  null
