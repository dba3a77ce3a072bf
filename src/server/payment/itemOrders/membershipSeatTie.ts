import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { futureShowings } from "../../memberships/membershipSeats.ts"
import type { PlacedOrder } from "../orderPlan.ts"

/**
 * A membership's season seat at commit (migration 0037): the cart's live holds of the seat in every future showing
 * of the series, locked, become the order's like a ticket order's holds (OrderStepsRepo.tieHolds: `reservation_id`,
 * the payment deadline), and are recorded in `order_item_seats` so that the payment voids the order if one of
 * them lapses and is taken over. False when the cart does not hold the seat in every showing.
 */
export const tieMembershipSeats = Effect.fn("MembershipsOrder.tie")(function* (order: PlacedOrder) {
  const sql = yield* SqlClient.SqlClient
  const items = yield* sql<{ id: string; membershipId: number; seatId: number | null }>`
    SELECT id::text AS id, item_id AS "membershipId", (details->'seat'->>'seatId')::int AS "seatId"
    FROM order_items WHERE reservation_id = ${order.orderId} AND kind = 'membership' ORDER BY id`
  for (const item of items) {
    if (item.seatId === null) continue
    const showings = yield* futureShowings(item.membershipId)
    if (showings.length === 0) return false
    const held = yield* sql<{ id: string; presentationId: number }>`
      SELECT id::text AS id, presentation_id AS "presentationId" FROM seat_allocations
      WHERE cart_token = ${order.plan.cartToken} AND seat_id = ${item.seatId} AND kind = 'hold'
        AND presentation_id IN ${sql.in(showings)} AND reservation_id IS NULL AND expires_at > marquee_now()
      ORDER BY id FOR UPDATE`
    if (held.length !== showings.length) return false
    yield* sql`
      UPDATE seat_allocations SET reservation_id = ${order.orderId},
        expires_at = marquee_now() + make_interval(mins => ${order.plan.paymentMinutes})
      WHERE id IN ${sql.in(held.map((h) => h.id))}`
    for (const h of held)
      yield* sql`
        INSERT INTO order_item_seats (order_item_id, reservation_id, presentation_id, seat_id, allocation_id)
        VALUES (${item.id}, ${order.orderId}, ${h.presentationId}, ${item.seatId}, ${h.id})`
  }
  return true
}, Effect.orDie)
