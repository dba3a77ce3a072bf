import type { RunningServer } from "./testServer.ts"

/**
 * What must hold in the database whatever happened to the server (issue 20: faults, load): each check counts
 * the rows that break it, so a clean database answers all zeros. Read after the server is stopped or quiet.
 *
 * - `seatsHeldTwice`: a seat with more than one live hold or sale at one presentation;
 * - `paidWithoutPayment`: a paid order with an amount due but no captured payment that paid it;
 * - `capturedWithoutOrder`: money captured and neither an order it paid nor given back;
 * - `ticketsWithoutSeat`: a ticket of a paid order whose seat is not sold to that order;
 * - `orderSeatsUnsold`: a paid order's hold that did not become a sale;
 * - `confirmationsTwice`: an order whose paid confirmation was queued more than once per channel.
 */
export const INVARIANTS = {
  seatsHeldTwice: `
    SELECT count(*)::int AS n FROM (
      SELECT presentation_id, seat_id FROM seat_allocations
      WHERE seat_id IS NOT NULL AND (kind = 'sale' OR expires_at > marquee_now())
      GROUP BY 1, 2 HAVING count(*) > 1) d`,
  paidWithoutPayment: `
    SELECT count(*)::int AS n FROM reservations r
    WHERE r.payment_status = 'paid' AND r.amount_due_agorot > 0 AND r.cart_token IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = r.paid_payment_id AND p.state = 'captured')`,
  capturedWithoutOrder: `
    SELECT count(*)::int AS n FROM payments p JOIN reservations r ON r.id = p.reservation_id
    WHERE p.state = 'captured' AND (r.payment_status <> 'paid' OR r.paid_payment_id IS DISTINCT FROM p.id)`,
  ticketsWithoutSeat: `
    SELECT count(*)::int AS n FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
    WHERE r.payment_status = 'paid' AND r.cart_token IS NOT NULL AND st.seat_id IS NOT NULL
      AND st.cancelled_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM seat_allocations a WHERE a.id = st.allocation_id AND a.kind = 'sale'
        AND a.reservation_id = r.id)`,
  orderSeatsUnsold: `
    SELECT count(*)::int AS n FROM seat_allocations a JOIN reservations r ON r.id = a.reservation_id
    WHERE r.payment_status = 'paid' AND a.kind = 'hold'`,
  confirmationsTwice: `
    SELECT count(*)::int AS n FROM (
      SELECT reservation_id, kind FROM outbox WHERE payload->>'template' = 'orderPaid'
      GROUP BY 1, 2 HAVING count(*) > 1) d`,
} as const

export type InvariantName = keyof typeof INVARIANTS

/** Rows breaking each invariant (all zero on a sound database). */
export const invariantViolations = async (
  query: RunningServer["query"],
): Promise<Record<InvariantName, number>> => {
  const entries = await Promise.all(
    Object.entries(INVARIANTS).map(async ([name, statement]) => {
      const [row] = await query<{ n: number }>(statement)
      return [name, row?.n ?? 0] as const
    }),
  )
  return Object.fromEntries(entries) as Record<InvariantName, number>
}
