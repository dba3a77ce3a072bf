import { counts, jerusalemDate, jerusalemHour, type RawProduct, type RawTicket, sumBy } from "./_rawSales.ts"

/**
 * Every report's sums, computed in the test from the raw rows (_rawSales.ts) with the reports' rules applied here,
 * independently of src/server/staff: paid and active orders of the given businesses, no cancelled ticket, never
 * location 1; purchases (presentations: shows) on the business dates `inRange` accepts. Keys are the reports' own.
 */
export const reportSums = (
  tickets: ReadonlyArray<RawTicket>,
  products: ReadonlyArray<RawProduct>,
  businessIds: ReadonlyArray<number>,
  inRange: (date: string) => boolean,
) => {
  const sold = tickets.filter((t) => counts(t, businessIds) && !t.cancelled)
  const bought = sold.filter((t) => inRange(jerusalemDate(t.purchasedMs)))
  const food = products.filter((p) => counts(p, businessIds) && inRange(jerusalemDate(p.purchasedMs)))
  const one = () => 1
  const price = (t: { price: number }) => t.price
  return {
    bought,
    location: sumBy(bought, (t) => `${jerusalemDate(t.purchasedMs)}:${t.locationId}`, one, price),
    feature: sumBy(bought, (t) => `${jerusalemDate(t.purchasedMs)}:${t.featureId}:0`, one, price),
    featureByLocation: sumBy(
      bought,
      (t) => `${jerusalemDate(t.purchasedMs)}:${t.featureId}:${t.locationId}`,
      one,
      price,
    ),
    presentation: sumBy(
      sold.filter((t) => inRange(jerusalemDate(t.showMs))),
      (t) => `p${t.presentationId}`,
      one,
      price,
    ),
    features: sumBy(bought, (t) => `f${t.featureId}`, one, price),
    products: sumBy(
      food,
      (p) => `pr${p.productId}`,
      (p) => p.quantity,
      (p) => p.total,
    ),
    concessions: sumBy(
      food,
      (p) => `${jerusalemDate(p.purchasedMs)}:${p.locationId}:${p.category}`,
      (p) => p.quantity,
      (p) => p.total,
    ),
    hours: sumBy(
      bought,
      (t) => `${jerusalemDate(t.purchasedMs)}:${jerusalemHour(t.purchasedMs)}`,
      one,
      price,
    ),
    pointsOfSale: (() => {
      const orders = new Map<number, Set<number>>()
      const amount = new Map<number, number>()
      for (const t of bought) {
        orders.set(t.pointOfSaleId, (orders.get(t.pointOfSaleId) ?? new Set()).add(t.reservationId))
        amount.set(t.pointOfSaleId, (amount.get(t.pointOfSaleId) ?? 0) + t.price)
      }
      for (const p of food) {
        orders.set(p.pointOfSaleId, (orders.get(p.pointOfSaleId) ?? new Set()).add(p.reservationId))
        amount.set(p.pointOfSaleId, (amount.get(p.pointOfSaleId) ?? 0) + p.total)
      }
      return new Map(
        [...orders].map(([pos, set]) => [
          `pos${pos}`,
          { Quantity: set.size, AmountAgorot: amount.get(pos) ?? 0 },
        ]),
      )
    })(),
  }
}
