import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { allocationKey } from "../../domain/seating/seatKeys.ts"
import { newOrderIdentifier } from "../db/orderIdentifiers.ts"
import {
  amountDueOf,
  type CommitPlan,
  deadlineSql,
  inIdOrder,
  type PlacedOrder,
  voucherAmountOf,
} from "./orderPlan.ts"

/**
 * The SQL of a commit's steps, one named function each, run inside the commit's transaction (CommitService keeps
 * the flow: which step, in what order, and what a refusal means). A step that may be refused answers a boolean
 * or an Option rather than failing, so each order type maps it to its own error. SqlError stays in the error
 * channel: the commit turns a unique violation into "another commit with this key won".
 */

/** One commit per cart at a time; the cart's holds cannot change under us either (every hold locks it first too). */
export const lockCart = Effect.fn("OrderSteps.lockCart")(function* (plan: CommitPlan) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`SELECT 1 FROM carts WHERE token = ${plan.cartToken} FOR UPDATE`
})

/** A superseded unpaid order's holds go back to its cart (the caller has locked the order's row first). */
export const returnHoldsOf = Effect.fn("OrderSteps.returnHoldsOf")(function* (orderId: number) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`UPDATE seat_allocations SET reservation_id = NULL WHERE reservation_id = ${orderId} AND kind = 'hold'`
})

/** A hold's place within its showing: two showings in one hall share seat ids. */
const heldKey = (presentationId: number, slot: Parameters<typeof allocationKey>[0]) =>
  `${presentationId}|${allocationKey(slot)}`

/**
 * The live holds of this cart for the plan's seats (of every showing the order sells), locked, one per priced
 * line in line order; None when any line's seat is no longer held by the cart.
 */
export const lockHeldSeats = Effect.fn("OrderSteps.lockHeldSeats")(function* (plan: CommitPlan) {
  const sql = yield* SqlClient.SqlClient
  if (plan.presentationIds.length === 0) return Option.some([])
  const held = yield* sql<{
    id: string
    presentationId: number
    seatId: number | null
    sectionId: number
    gaSlot: number | null
  }>`
    SELECT id::text AS id, presentation_id AS "presentationId", seat_id AS "seatId", section_id AS "sectionId",
      ga_slot AS "gaSlot"
    FROM seat_allocations
    WHERE presentation_id IN ${sql.in(plan.presentationIds)} AND cart_token = ${plan.cartToken} AND kind = 'hold'
      AND reservation_id IS NULL AND expires_at > marquee_now()
    ORDER BY id FOR UPDATE`
  const bySeat = new Map(held.map((h) => [heldKey(h.presentationId, h), h.id]))
  const ids = plan.priced.lines.map((l) => bySeat.get(heldKey(l.presentationId, l.seat)))
  return ids.every((id): id is string => id !== undefined) ? Option.some(ids) : Option.none()
})

/**
 * The identifier of a paid order of this cart that already sold one of the plan's seats (a commit after paying),
 * looked for showing by showing.
 */
export const paidOrderWithSeats = Effect.fn("OrderSteps.paidOrderWithSeats")(function* (plan: CommitPlan) {
  const sql = yield* SqlClient.SqlClient
  for (const presentationId of plan.presentationIds) {
    const lines = plan.priced.lines.filter((l) => l.presentationId === presentationId)
    const sold = yield* sql<{ identifier: string }>`
      SELECT r.identifier FROM seat_allocations a JOIN reservations r ON r.id = a.reservation_id
      WHERE a.presentation_id = ${presentationId} AND a.kind = 'sale' AND r.cart_token = ${plan.cartToken}
        AND r.payment_status = 'paid'
        AND (a.seat_id IN ${sql.in(lines.map((l) => l.seat.seatId ?? -1))}
          OR (a.section_id, a.ga_slot) IN (SELECT * FROM unnest(
            ${`{${lines.map((l) => l.seat.sectionId).join(",")}}`}::integer[],
            ${`{${lines.map((l) => l.seat.gaSlot ?? -1).join(",")}}`}::integer[])))
      LIMIT 1`
    if (sold[0] !== undefined) return Option.some(sold[0].identifier)
  }
  return Option.none<string>()
})

/**
 * The reservation row, awaiting payment: its id drawn from the sequence, its identifier the id under the key's
 * permutation (no two ids share one, so no retry). None when a concurrent commit with the same idempotency key
 * inserted first.
 */
export const insertOrder = Effect.fn("OrderSteps.insertOrder")(function* (plan: CommitPlan) {
  const sql = yield* SqlClient.SqlClient
  const { presentation, priced } = plan
  const deadline = deadlineSql(plan)
  const idRows = yield* sql<{ id: string }>`
    SELECT nextval(pg_get_serial_sequence('reservations', 'id'))::text AS id`
  const id = Number(idRows[0]?.id)
  const identifier = yield* newOrderIdentifier(id)
  const inserted = yield* sql<{ id: string }>`
    INSERT INTO reservations (id, identifier, location_id, point_of_sale_id, business_id, auth_profile_id,
      purchased_at, total_agorot, service_charge_agorot, idempotency_key, payment_status, presentation_id,
      cart_token, commit_fingerprint, payment_deadline, amount_due_agorot, voucher_agorot, contact,
      discount_code_ids, order_kind, is_hold, customer_id)
    VALUES (${id}, ${identifier}, ${presentation.locationId}, ${plan.pointOfSaleId},
      ${presentation.businessId}, ${presentation.authProfileId}, marquee_now(), ${priced.total}, ${priced.serviceCharge},
      ${plan.idempotencyKey}, 'awaitingPayment', ${presentation.id}, ${plan.cartToken}, ${plan.fingerprint},
      coalesce(${deadline.holdUntil}::timestamptz, marquee_now() + make_interval(mins => ${deadline.minutes})),
      ${amountDueOf(plan)}, ${voucherAmountOf(plan)},
      ${JSON.stringify(plan.contact)}::jsonb, ${`{${priced.discountIds.join(",")}}`}::integer[], ${plan.kind},
      ${plan.holdUntilMs !== null}, ${plan.customerId})
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id::text AS id`
  return inserted.length === 0 ? Option.none() : Option.some(id)
})

/** The holds become the order's, held until its payment deadline. */
export const tieHolds = Effect.fn("OrderSteps.tieHolds")(function* (order: PlacedOrder) {
  const sql = yield* SqlClient.SqlClient
  const ids = order.allocationIds
  const deadline = deadlineSql(order.plan)
  if (ids.length === 0) return
  // a stale voided-to-be order may still name an allocation this cart took over after its hold lapsed
  yield* sql`UPDATE sold_tickets SET allocation_id = NULL WHERE allocation_id IN ${sql.in(ids)}`
  yield* sql`
    UPDATE seat_allocations SET reservation_id = ${order.orderId},
      expires_at = coalesce(${deadline.holdUntil}::timestamptz,
        marquee_now() + make_interval(mins => ${deadline.minutes}))
    WHERE id IN ${sql.in(ids)}`
})

/** One sold ticket per priced line, for its own showing, on the hold its seat took. */
export const writeSoldTickets = Effect.fn("OrderSteps.writeSoldTickets")(function* (order: PlacedOrder) {
  const sql = yield* SqlClient.SqlClient
  const { plan, orderId, allocationIds } = order
  for (const [i, line] of plan.priced.lines.entries())
    yield* sql`
      INSERT INTO sold_tickets (reservation_id, presentation_id, section_id, seat_id, allocation_id, ticket_id,
        ticket_group_id, price_agorot, service_charge_agorot, reference1, reference2, member_id,
        system_voucher_id, reference_option_id, loyalty_points)
      VALUES (${orderId}, ${line.presentationId}, ${line.seat.sectionId}, ${line.seat.seatId},
        ${allocationIds[i] as string}, ${line.ticket.id}, ${line.ticket.groupId}, ${line.price}, ${line.serviceCharge},
        ${line.reference1 ?? line.line.ticket.ref1 ?? null}, ${line.reference2 ?? line.line.ticket.ref2 ?? null},
        ${line.memberId}, ${line.systemVoucherId}, ${line.referenceOptionId}, ${line.loyaltyPoints})`
})

/** The order's food, booked with the order's presentation (the earliest showing of several). */
export const writeProductSales = Effect.fn("OrderSteps.writeProductSales")(function* (order: PlacedOrder) {
  const sql = yield* SqlClient.SqlClient
  const { plan, orderId } = order
  for (const product of plan.priced.products)
    yield* sql`
      INSERT INTO product_sales (reservation_id, product_id, presentation_id, location_id, sold_at, quantity,
        unit_price_agorot, total_agorot)
      VALUES (${orderId}, ${product.id}, ${plan.presentation.id}, ${plan.presentation.locationId}, marquee_now(),
        ${product.quantity}, ${product.unitPrice}, ${product.unitPrice * product.quantity})`
})

/** The lines of a voucher, donation or membership order, at the server's prices; issued when it is paid. */
export const writeOrderItems = Effect.fn("OrderSteps.writeOrderItems")(function* (order: PlacedOrder) {
  const sql = yield* SqlClient.SqlClient
  for (const item of order.plan.items)
    yield* sql`
      INSERT INTO order_items (reservation_id, kind, item_id, price_id, quantity, unit_price_agorot, details)
      VALUES (${order.orderId}, ${item.kind}, ${item.itemId}, ${item.priceId}, ${item.quantity}, ${item.unitPrice},
        ${JSON.stringify(item.details)}::jsonb)`
})

/**
 * A guarded update for each of `uses` (id → amount), in id order: each update changes its row only while the
 * row can afford it (its WHERE says so) and answers the row it changed. Its row lock makes a concurrent commit
 * wait, then see what is left, so nothing goes below zero; id order means two commits never deadlock. False at
 * the first row that cannot afford its amount (the caller's transaction then rolls back the ones before).
 */
const spendEach = (
  uses: ReadonlyMap<number, number>,
  update: (
    sql: SqlClient.SqlClient,
    id: number,
    amount: number,
  ) => Effect.Effect<ReadonlyArray<unknown>, SqlError>,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const [id, amount] of inIdOrder(uses))
      if ((yield* update(sql, id, amount)).length === 0) return false
    return true
  })

/** Counts one use of each discount code; false when a code has no uses left. */
export const countDiscountUses = Effect.fn("OrderSteps.countDiscountUses")(function* (plan: CommitPlan) {
  return yield* spendEach(
    new Map(plan.priced.discountIds.map((id) => [id, 1])),
    (sql, id) => sql`
      UPDATE discount_codes SET used_count = used_count + 1
      WHERE id = ${id} AND (max_uses IS NULL OR used_count < max_uses) RETURNING id`,
  )
})

/** Takes the seats each ticket voucher pays for; false when one has too few tickets left. */
export const spendVoucherTickets = Effect.fn("OrderSteps.spendVoucherTickets")(function* (plan: CommitPlan) {
  return yield* spendEach(
    plan.priced.ticketVoucherUses,
    (sql, id, seats) => sql`
      UPDATE system_vouchers SET tickets_left = tickets_left - ${seats}
      WHERE id = ${id} AND status = 'active' AND tickets_left >= ${seats} RETURNING id`,
  )
})

/** Counts the uses of each reference option; false when one would pass its quantity. */
export const countReferenceUses = Effect.fn("OrderSteps.countReferenceUses")(function* (plan: CommitPlan) {
  return yield* spendEach(
    plan.priced.referenceUses,
    (sql, id, tickets) => sql`
      UPDATE ticket_reference_options SET used = used + ${tickets}
      WHERE id = ${id} AND used + ${tickets} <= quantity RETURNING id`,
  )
})

/** Takes each member's loyalty points; false when a balance is short. */
export const spendPoints = Effect.fn("OrderSteps.spendPoints")(function* (plan: CommitPlan) {
  return yield* spendEach(
    plan.priced.pointsUses,
    (sql, id, points) => sql`
      UPDATE members SET points_balance = points_balance - ${points}
      WHERE id = ${id} AND points_balance >= ${points} RETURNING id`,
  )
})

/** Takes the voucher payment from the voucher's balance and records the redemption; false when it is short. */
export const redeemVoucherPayment = Effect.fn("OrderSteps.redeemVoucherPayment")(function* (
  order: PlacedOrder,
) {
  const sql = yield* SqlClient.SqlClient
  const voucher = order.plan.voucher
  if (voucher === undefined) return true
  // atomic: the balance is taken only if it is still there (two orders cannot spend it twice)
  const taken = yield* sql`
    UPDATE system_vouchers SET balance_agorot = balance_agorot - ${voucher.amount}
    WHERE id = ${voucher.id} AND status = 'active' AND balance_agorot >= ${voucher.amount} RETURNING id`
  if (taken.length === 0) return false
  yield* sql`
    INSERT INTO voucher_redemptions (voucher_id, reservation_id, amount_agorot)
    VALUES (${voucher.id}, ${order.orderId}, ${voucher.amount})`
  return true
})
