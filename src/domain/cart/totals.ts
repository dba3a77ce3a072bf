import { allSeats, type Cart, type Totals } from "./state.ts"
import { sumAgorot } from "./values.ts"

/**
 * Derived figures, recomputed from the lines after every event rather than adjusted step by step: a running
 * sum that missed one branch would be wrong for the rest of the log, a recomputation cannot drift.
 */

export const computeTotals = (cart: Cart): Totals => {
  const seats = allSeats(cart)
  const tickets = sumAgorot(seats.map((seat) => seat.ticket?.price ?? 0))
  const serviceCharges = sumAgorot(seats.map((seat) => seat.ticket?.serviceCharge ?? 0))
  const products = sumAgorot(cart.products.map((line) => line.price * line.quantity))
  const vouchers = sumAgorot(cart.vouchers.map((line) => line.price * line.quantity))
  const memberships = sumAgorot(cart.memberships.map((line) => line.price * line.quantity))
  const donations = sumAgorot(
    cart.donations.map((line) => (line.customAmount ?? line.amount) * line.quantity),
  )
  const lines = { tickets, serviceCharges, products, vouchers, memberships, donations }
  // a video-on-demand title is the order's only line (issue 16): it counts in the total, as what is due
  return { ...lines, total: sumAgorot([...Object.values(lines), cart.vod?.price ?? 0]) }
}

/**
 * First-ticket auto-select "increments the used balance" of the ticket it picks (spec §4); counting the seat
 * lines per ticket is that counter, kept equal to the lines by construction.
 */
export const computeUsedBalance = (cart: Cart): Record<string, number> => {
  const used: Record<string, number> = {}
  for (const seat of allSeats(cart)) {
    if (seat.ticket === null) continue
    const id = String(seat.ticket.ticketId)
    used[id] = (used[id] ?? 0) + 1
  }
  return used
}

export const withDerived = (cart: Cart): Cart => ({
  ...cart,
  usedBalance: computeUsedBalance(cart),
  totals: computeTotals(cart),
})
