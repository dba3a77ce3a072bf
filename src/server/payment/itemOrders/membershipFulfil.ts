import { randomInt } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { MembershipReference } from "../../../domain/cart/facts.ts"

/**
 * What a paid membership order issues, in the transaction that marks it paid (OrdersRepo.markPaid): a new member
 * for each new membership, or more entries and validity on the member a top-up names; the member number goes to
 * `order_items.details.issued`, which the confirmation shows.
 *
 * - The member belongs to the signed-in customer who committed; a guest's to the customer with the buyer's ID
 *   number (the ID number names a person), made from the order's contact details when there is none.
 * - Member numbers are 12 random digits from the system's secure generator (not a sequence: a number and an ID
 *   number prove a member, so the number must not be guessable from another).
 * - Validity starts today (the server's clock, marquee_now(), as a chain day) for `validity_days` days; a series
 *   gets its `ticket_quantity` entries.
 * - `members.order_item_id` is UNIQUE: a line issues at most one member however completion is retried.
 */

export interface MembershipDetails {
  readonly references: ReadonlyArray<MembershipReference>
  /** the signed-in customer who committed (the session's), null for a guest */
  readonly customerId: number | null
  /** a top-up: the member it adds to (checked to be the customer's at commit) */
  readonly topupMemberId?: number
  /** a new membership's season seat (its holds became sales with the payment) */
  readonly seat?: {
    readonly seatId: number
    readonly VenueSectionId: number
    readonly XCoordinate: number
    readonly YCoordinate: number
  } | null
  /** the buyer's ID number, hashed and sealed (never in plain text) */
  readonly buyer?: { readonly ssnHash: string; readonly ssnSealed: string } | null
}

const TODAY = "(marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date"

const newMemberNumber = () => String(randomInt(100_000_000_000, 1_000_000_000_000))

interface ItemRow {
  readonly id: string
  readonly membershipId: number
  readonly typeId: number
  readonly ticketQuantity: number | null
  readonly validityDays: number
  readonly details: MembershipDetails
  readonly orderCustomerId: number | null
  readonly contact: { firstName: string; lastName: string; email: string; mobile: string }
}

/** Whose member: the committing customer, the order's customer, the ID number's customer, or a new one. */
const ownerOf = Effect.fn("MembershipFulfil.owner")(function* (item: ItemRow) {
  const sql = yield* SqlClient.SqlClient
  const known = item.details.customerId ?? item.orderCustomerId
  if (known !== null) return known
  const buyer = item.details.buyer ?? null
  const c = item.contact
  if (buyer !== null) {
    const inserted = yield* sql<{ id: number }>`
      INSERT INTO customers (first_name, last_name, email, mobile, ssn_hash, ssn_sealed, created_at)
      VALUES (${c.firstName}, ${c.lastName}, ${c.email}, ${c.mobile}, ${buyer.ssnHash}, ${buyer.ssnSealed},
        marquee_now())
      ON CONFLICT (ssn_hash) DO NOTHING RETURNING id`
    if (inserted[0] !== undefined) return inserted[0].id
    const found = yield* sql<{ id: number }>`SELECT id FROM customers WHERE ssn_hash = ${buyer.ssnHash}`
    if (found[0] !== undefined) return found[0].id
  }
  const made = yield* sql<{ id: number }>`
    INSERT INTO customers (first_name, last_name, email, mobile, created_at)
    VALUES (${c.firstName}, ${c.lastName}, ${c.email}, ${c.mobile}, marquee_now()) RETURNING id`
  return (made[0] as { id: number }).id
})

const issueMember = Effect.fn("MembershipFulfil.issue")(function* (item: ItemRow) {
  const sql = yield* SqlClient.SqlClient
  const customerId = yield* ownerOf(item)
  const entries = item.typeId === 2 ? (item.ticketQuantity ?? 0) : 0
  // a clash of 12 random digits is rare; a few tries make it vanishingly so
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = newMemberNumber()
    const inserted = yield* sql<{ number: string }>`
      INSERT INTO members (customer_id, membership_id, member_number, balance, start_date, end_date, seat_id,
        order_item_id)
      VALUES (${customerId}, ${item.membershipId}, ${number}, ${entries}, ${sql.literal(TODAY)},
        ${sql.literal(TODAY)} + ${item.validityDays - 1}::int, ${item.details.seat?.seatId ?? null}, ${item.id})
      ON CONFLICT DO NOTHING RETURNING member_number AS number`
    if (inserted[0] !== undefined) return inserted[0].number
    const already = yield* sql<{ number: string }>`
      SELECT member_number AS number FROM members WHERE order_item_id = ${item.id}`
    if (already[0] !== undefined) return already[0].number
  }
  return yield* Effect.die(new Error("no free member number after 5 tries"))
})

const topUp = Effect.fn("MembershipFulfil.topUp")(function* (item: ItemRow, memberId: number) {
  const sql = yield* SqlClient.SqlClient
  const entries = item.typeId === 2 ? (item.ticketQuantity ?? 0) : 0
  const rows = yield* sql<{ number: string }>`
    UPDATE members SET balance = balance + ${entries}::int,
      end_date = greatest(end_date, ${sql.literal(TODAY)} - 1) + ${item.validityDays}::int
    WHERE id = ${memberId} RETURNING member_number AS number`
  return rows[0]?.number ?? null
})

export const fulfilMemberships = Effect.fn("MembershipFulfil.fulfil")(function* (orderId: number) {
  const sql = yield* SqlClient.SqlClient
  const items = yield* sql<ItemRow>`
    SELECT oi.id::text AS id, oi.item_id AS "membershipId", m.membership_type_id AS "typeId",
      m.ticket_quantity AS "ticketQuantity", m.validity_days AS "validityDays", oi.details,
      r.customer_id AS "orderCustomerId", r.contact
    FROM order_items oi JOIN memberships m ON m.id = oi.item_id JOIN reservations r ON r.id = oi.reservation_id
    WHERE oi.reservation_id = ${orderId} AND oi.kind = 'membership' AND oi.fulfilled_at IS NULL
    ORDER BY oi.id FOR UPDATE OF oi`
  for (const item of items) {
    const memberId = item.details.topupMemberId
    const number = memberId === undefined ? yield* issueMember(item) : yield* topUp(item, memberId)
    yield* sql`
      UPDATE order_items SET fulfilled_at = marquee_now(),
        details = details || jsonb_build_object('issued', ${JSON.stringify(number === null ? [] : [number])}::jsonb)
      WHERE id = ${item.id}`
  }
}, Effect.orDie)
