import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { withCheckDigit } from "../../../domain/order/israeliId.ts"
import { protectSsn, ssnKeys } from "../../customer/ssnProtection.ts"
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_MOBILE, demoPasswordHash } from "./demoCustomer.ts"
import type { SeedPlan } from "./plan.ts"
import { TICKET_GROUP } from "./ticketGroupIds.ts"

/**
 * The codes a buyer can type on the ticket step (migration 0008), with fixed, documented values so the demo and
 * the journeys can use them by name. Dates are relative to the seed's "today", so "valid now" stays true for
 * a database seeded today.
 *
 * System vouchers: GIFT-100 (₪100, valid), GIFT-EXPIRED, GIFT-EMPTY (₪0), GIFT-CANCELLED, TICKET-2 (two
 * tickets), TICKET-EMPTY (none left).
 * Discount codes: CINEMA10 (10% off every ticket), USEDUP (exhausted), FAMILY4 (₪10 off each ticket from four
 * tickets), KIDS5 (₪5 off child tickets only), OLDCODE (expired), SOON (not started).
 * Members of the demo customer: 90000001 active club with 1,000 loyalty points (two ₪47 tickets at 470 points
 * each, not three), 90000002 expired, 90000003 not started, 90000004 punch card used up, 90000005 not allowed
 * member prices (200 points), 90000006 punch card with 3 entries left. The demo customer's ID number is
 * {@link DEMO_MEMBER_SSN}: the loyalty login asks it with the member number (issue 14, item 1).
 * Hotel references for every reference ticket: DAN-TLV, HILTON (plenty), FULLHOTEL (none left) of the chain
 * (business 1), HAIFA-PORT of the Haifa stage (business 2), each given to an agent (a customer account).
 */

const CHILD_POLICY = 2

/** The demo member's ID number (valid check digit; outside the range the generated customers' numbers use). */
export const DEMO_MEMBER_SSN = withCheckDigit("50000001")

export const writeCodes = (plan: SeedPlan) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const today = plan.options.today
    const day = (offset: number) => today.add({ days: offset }).toString()
    const createdAt = plan.salesCutoff

    // the demo customer of the customer area too (README "Sign in to the customer area"): e-mail + password,
    // ID number, member number + ID number, or the mobile number and the code the sandbox inbox shows
    const customerId = yield* sql<{ id: number }>`SELECT coalesce(max(id), 0) + 1 AS id FROM customers`.pipe(
      Effect.map((rows) => rows[0]?.id ?? 1),
    )
    const ssn = protectSsn(yield* ssnKeys, DEMO_MEMBER_SSN, customerId)
    const [customer] = yield* sql<{ id: number }>`
      INSERT INTO customers (id, first_name, last_name, ssn_hash, ssn_sealed, email, mobile, password_hash, created_at)
      VALUES (${customerId}, 'דנה', 'מנויה', ${ssn.ssn_hash}, ${ssn.ssn_sealed}, ${DEMO_CUSTOMER_EMAIL},
        ${DEMO_CUSTOMER_MOBILE}, ${demoPasswordHash()}, ${createdAt})
      RETURNING id`
    if (customer === undefined) return yield* Effect.die(new Error("the demo customer was not written"))
    yield* sql`SELECT setval(pg_get_serial_sequence('customers', 'id'), ${customerId})`

    // [number, membership id, balance, used, start offset, end offset, allowed member prices, loyalty points]
    const members: ReadonlyArray<readonly [string, number, number, number, number, number, boolean, number]> =
      [
        ["90000001", 1, 0, 0, -30, 335, true, 1000],
        ["90000002", 1, 0, 0, -400, -35, true, 500],
        ["90000003", 1, 0, 0, 20, 385, true, 0],
        ["90000004", 2, 0, 10, -30, 335, true, 0],
        ["90000005", 1, 0, 0, -30, 335, false, 200],
        ["90000006", 2, 3, 7, -30, 335, true, 0],
      ]
    for (const [number, membershipId, balance, used, from, to, allowed, points] of members)
      yield* sql`
        INSERT INTO members (customer_id, membership_id, member_number, balance, used_balance, start_date,
          end_date, allow_member_sale_tickets, points_balance)
        VALUES (${customerId}, ${membershipId}, ${number}, ${balance}, ${used}, ${day(from)}, ${day(to)}, ${allowed},
          ${points})`

    // [reference, class, balance agorot, tickets left, start offset, end offset, status]
    const vouchers: ReadonlyArray<
      readonly [string, number, number | null, number | null, number, number, string]
    > = [
      ["GIFT-100", 10, 10_000, null, -10, 355, "active"],
      ["GIFT-EXPIRED", 10, 5_000, null, -400, -35, "active"],
      ["GIFT-EMPTY", 10, 0, null, -10, 355, "active"],
      ["GIFT-CANCELLED", 10, 5_000, null, -10, 355, "cancelled"],
      ["TICKET-2", 20, null, 2, -10, 355, "active"],
      ["TICKET-EMPTY", 20, null, 0, -10, 355, "active"],
    ]
    for (const [reference, classId, balance, ticketsLeft, from, to, status] of vouchers)
      yield* sql`
        INSERT INTO system_vouchers (reference, system_voucher_class_id, customer_id, balance_agorot, tickets_left,
          starts_on, ends_on, status, created_at)
        VALUES (${reference}, ${classId}, ${customerId}, ${balance}, ${ticketsLeft}, ${day(from)}, ${day(to)},
          ${status}, ${createdAt})`

    const childTickets = yield* sql<{ id: number }>`
      SELECT id FROM tickets WHERE price_policy_id = ${CHILD_POLICY} ORDER BY id`
    const name = (he: string, en: string, ru: string) => JSON.stringify({ he, en, ru })
    // [code, name, percent bp, amount, ticket ids, min tickets, max uses, used, start offset, end offset]
    const discounts: ReadonlyArray<
      readonly [
        string,
        string,
        number | null,
        number | null,
        ReadonlyArray<number> | null,
        number,
        number | null,
        number,
        number,
        number,
      ]
    > = [
      ["CINEMA10", name("10% הנחה", "10% off", "Скидка 10%"), 1000, null, null, 1, null, 0, -30, 365],
      ["USEDUP", name("15% הנחה", "15% off", "Скидка 15%"), 1500, null, null, 1, 100, 100, -30, 365],
      [
        "FAMILY4",
        name("הנחה משפחתית", "Family discount", "Семейная скидка"),
        null,
        1000,
        null,
        4,
        null,
        0,
        -30,
        365,
      ],
      [
        "KIDS5",
        name("הנחת ילדים", "Kids discount", "Детская скидка"),
        null,
        500,
        childTickets.map((row) => row.id),
        1,
        null,
        0,
        -30,
        365,
      ],
      ["OLDCODE", name("הנחה", "Discount", "Скидка"), 1000, null, null, 1, null, 0, -400, -30],
      ["SOON", name("הנחה", "Discount", "Скидка"), 1000, null, null, 1, null, 0, 10, 100],
    ]
    for (const [code, label, percent, amount, ticketIds, minTickets, maxUses, used, from, to] of discounts)
      yield* sql`
        INSERT INTO discount_codes (code, name, percent_bp, amount_agorot, ticket_ids, min_tickets, max_uses,
          used_count, starts_on, ends_on)
        VALUES (${code}, ${label}::jsonb, ${percent}, ${amount},
          ${ticketIds === null ? null : `{${ticketIds.join(",")}}`}::integer[], ${minTickets}, ${maxUses}, ${used},
          ${day(from)}, ${day(to)})`

    // the agents the references were given to (staff's ticket-reference administration, migration 0044): two
    // hotels of the chain (business 1) and a tour operator of the Haifa stage (business 2)
    const agents = yield* sql<{ id: number; last_name: string }>`
      INSERT INTO customers (id, first_name, last_name, created_at)
      SELECT (SELECT max(id) FROM customers) + n, first, last, ${createdAt}::timestamptz
      FROM (VALUES (1, 'מלונות', 'דן'), (2, 'הילטון', 'תל אביב'), (3, 'סיורי', 'נמל חיפה')) AS a (n, first, last)
      RETURNING id, last_name`
    yield* sql`SELECT setval(pg_get_serial_sequence('customers', 'id'), (SELECT max(id) FROM customers))`
    const agentOf = (lastName: string) => agents.find((agent) => agent.last_name === lastName)?.id ?? null
    for (const [reference, quantity, businessId, agent] of [
      ["DAN-TLV", 1000, 1, agentOf("דן")],
      ["HILTON", 1000, 1, agentOf("תל אביב")],
      ["FULLHOTEL", 0, 1, agentOf("תל אביב")],
      ["HAIFA-PORT", 500, 2, agentOf("נמל חיפה")],
    ] as const)
      yield* sql`
        INSERT INTO ticket_reference_options (ticket_id, reference1, quantity, business_id, agent_customer_id)
        SELECT id, ${reference}, ${quantity}, ${businessId}, ${agent} FROM tickets WHERE requires_reference ORDER BY id`

    // the large-format 3D experience hands out glasses at the door; the other 3D tickets sell them as a product
    yield* sql`UPDATE tickets SET includes_3d_glasses = true WHERE ticket_group_id = ${TICKET_GROUP.largeFormat3d}`
  })
