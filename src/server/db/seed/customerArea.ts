import { createHash } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { orderIdentifier } from "../../../domain/order/orderIdentifier.ts"
import { cancellationRuleFor, cancellationSplit } from "../../../domain/pricing/cancellationCharge.ts"
import { ORDER_IDENTIFIER_SECRET, orderCodeRound } from "../orderIdentifiers.ts"
import { serverSecret } from "../serverSecret.ts"
import type { SeedPlan } from "./plan.ts"

/**
 * What the customer area shows for two customers (issue 15): the demo member of codes.ts (mobile 0521234567, the
 * README's sign-in) and the first generated customer with a mobile number. Each gets:
 *
 * - reservations in every state: upcoming active (the demo's paid with the sandbox card, so a cancel can refund it
 *   online), partly cancelled (one of three tickets, refunded to transaction credit), cancelled, past, scanned at
 *   the entrance, collected at the box office;
 * - vouchers `AREA-{D|S}-…`: FULL (untouched), PART (partly redeemed), USED (fully redeemed), EXPIRED, REPL
 *   (marked for replacement), TICKETS (a ticket voucher with one of two left), STAFF (a class not sold online);
 * - members 9100000x: not started, active, expiring within the renewal window, expired;
 * - video on demand: future, available (one of three plays used), expired.
 *
 * Deterministic: every choice is "the first by id" of what the demo chain offers, document keys are derived from
 * the seed number, times are relative to the seed's today.
 */

interface Spec {
  readonly state: "active" | "partlyCancelled" | "cancelled" | "past" | "scanned" | "collected"
  readonly tickets: number
  /** days from today the presentation is picked from */
  readonly fromDay: number
  readonly paidByCard: boolean
}

const RESERVATIONS: ReadonlyArray<Spec> = [
  { state: "active", tickets: 2, fromDay: 3, paidByCard: true },
  { state: "partlyCancelled", tickets: 3, fromDay: 4, paidByCard: false },
  { state: "cancelled", tickets: 2, fromDay: 5, paidByCard: false },
  { state: "past", tickets: 2, fromDay: -3, paidByCard: false },
  { state: "scanned", tickets: 2, fromDay: -2, paidByCard: false },
  { state: "collected", tickets: 2, fromDay: 2, paidByCard: false },
]

const documentKey = (seed: number, id: number) =>
  createHash("sha256").update(`marquee demo customer area ${seed} ${id}`).digest("base64url").slice(0, 32)

export const writeCustomerArea = (plan: SeedPlan) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const today = plan.options.today
    const day = (offset: number) => today.add({ days: offset }).toString()
    const round = orderCodeRound(yield* serverSecret(ORDER_IDENTIFIER_SECRET))
    const demo = yield* sql<{ id: number }>`
      SELECT id FROM customers WHERE email = 'demo.member@marquee.example' ORDER BY id LIMIT 1`
    const second = yield* sql<{ id: number }>`
      SELECT id FROM customers WHERE mobile IS NOT NULL AND email IS DISTINCT FROM 'demo.member@marquee.example'
      ORDER BY id LIMIT 1`
    const owners = [
      { tag: "D", id: demo[0]?.id, n: 0 },
      { tag: "S", id: second[0]?.id, n: 1 },
    ].flatMap((o) => (o.id === undefined ? [] : [{ ...o, id: o.id }]))

    const rules = yield* sql<{
      locationId: number | null
      amount: number | null
      percentBasisPoints: number | null
      appliesPer: "ticket" | "order"
    }>`
      SELECT location_id AS "locationId", amount_agorot AS amount, percent_bp AS "percentBasisPoints",
        applies_per AS "appliesPer"
      FROM service_charges WHERE kind = 'cancellation' ORDER BY id`
    for (const owner of owners) {
      const reservationIds: Array<number> = []
      for (const [i, spec] of RESERVATIONS.entries()) {
        // a reserved hall's presentation on that day with enough free plain seats in one section
        const picked = yield* sql<{
          presentationId: number
          locationId: number
          sectionId: number
          startsAt: string
        }>`
          SELECT p.id AS "presentationId", v.location_id AS "locationId", vs.id AS "sectionId",
            p.starts_at::text AS "startsAt"
          FROM presentations p JOIN venues v ON v.id = p.venue_id
          JOIN venue_sections vs ON vs.seatplan_id = v.seatplan_id AND vs.is_reserved
          WHERE v.venue_type_id < 100 AND p.starts_at >= ${day(spec.fromDay)}::date
            AND (SELECT count(*) FROM seats s WHERE s.section_id = vs.id AND s.seat_group_id IS NULL
              AND NOT s.is_premium AND NOT s.is_wheelchair AND NOT s.is_companion
              AND s.default_ticket_group_id IS NULL) >= 20
            AND p.starts_at < ${day(spec.fromDay + 1)}::date AND (p.is_on_sale OR ${spec.fromDay < 0})
          ORDER BY p.id, vs.id OFFSET ${owner.n * 7 + i} LIMIT 1`
        const at = picked[0]
        if (at === undefined) continue
        const [{ id } = { id: 0 }] = yield* sql<{ id: number }>`
          SELECT nextval(pg_get_serial_sequence('reservations', 'id'))::float8 AS id`
        reservationIds.push(id)
        const seats = yield* sql<{ seatId: number; ticketId: number; groupId: number; price: number }>`
          SELECT s.id AS "seatId", t.id AS "ticketId", t.ticket_group_id AS "groupId", t.price_agorot AS price
          FROM seats s
          JOIN LATERAL (
            SELECT t.* FROM presentation_ticket_groups_effective e JOIN tickets t ON t.ticket_group_id = e.ticket_group_id
            WHERE e.presentation_id = ${at.presentationId} AND (e.section_id IS NULL OR e.section_id = ${at.sectionId})
              AND t.is_active AND NOT t.is_member_only AND NOT t.requires_reference AND t.multiply_factor = 1
              AND t.price_agorot > 0
            ORDER BY t.price_policy_id, t.id LIMIT 1) t ON true
          WHERE s.section_id = ${at.sectionId} AND s.seat_group_id IS NULL AND NOT s.is_premium
            AND NOT s.is_wheelchair AND NOT s.is_companion AND s.default_ticket_group_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM seat_allocations a WHERE a.presentation_id = ${at.presentationId}
              AND a.seat_id = s.id)
            -- nor one a cancelled order of the history sold: a seat is sold at most once in the seed
            AND NOT EXISTS (SELECT 1 FROM sold_tickets st WHERE st.presentation_id = ${at.presentationId}
              AND st.seat_id = s.id)
          ORDER BY s.id DESC LIMIT ${spec.tickets}`
        if (seats.length < spec.tickets) continue
        const total = seats.reduce((sum, s) => sum + s.price, 0)
        const cancelledAll = spec.state === "cancelled"
        const purchasedAt = `${day(Math.min(spec.fromDay, 0) - 7)}T10:00:00Z`
        yield* sql`
          INSERT INTO reservations (id, identifier, customer_id, location_id, point_of_sale_id, purchased_at, status,
            cancelled_at, total_agorot, service_charge_agorot, presentation_id, document_key, paid_at, collected_at)
          VALUES (${id}, ${orderIdentifier(id, round)}, ${owner.id}, ${at.locationId},
            (SELECT id FROM points_of_sale WHERE location_id = ${at.locationId} AND channel = 'web' ORDER BY id LIMIT 1),
            ${purchasedAt}::timestamptz, ${cancelledAll ? "cancelled" : "active"},
            ${cancelledAll ? `${day(-1)}T09:00:00Z` : null}::timestamptz, ${total}, 0, ${at.presentationId},
            ${documentKey(plan.options.seed, id)}, ${purchasedAt}::timestamptz,
            ${spec.state === "collected" ? `${day(0)}T06:00:00Z` : null}::timestamptz)`
        for (const [k, seat] of seats.entries()) {
          const cancelled = cancelledAll || (spec.state === "partlyCancelled" && k === 0)
          const allocation = cancelled
            ? []
            : yield* sql<{ id: number }>`
                INSERT INTO seat_allocations (presentation_id, section_id, seat_id, kind, created_at, reservation_id)
                VALUES (${at.presentationId}, ${at.sectionId}, ${seat.seatId}, 'sale', ${purchasedAt}::timestamptz, ${id})
                RETURNING id::float8 AS id`
          yield* sql`
            INSERT INTO sold_tickets (reservation_id, presentation_id, section_id, seat_id, allocation_id, ticket_id,
              ticket_group_id, price_agorot, scanned_at, cancelled_at)
            VALUES (${id}, ${at.presentationId}, ${at.sectionId}, ${seat.seatId}, ${allocation[0]?.id ?? null},
              ${seat.ticketId}, ${seat.groupId}, ${seat.price},
              ${spec.state === "scanned" ? sql`${at.startsAt}::timestamptz - interval '10 minutes'` : null},
              ${cancelled ? `${day(-1)}T09:00:00Z` : null}::timestamptz)`
        }
        if (spec.state === "partlyCancelled" || cancelledAll) {
          const prices = cancelledAll ? seats.map((s) => s.price) : [seats[0]?.price ?? 0]
          // the location's cancellation rule, as the area's cancel applies it
          const split = cancellationSplit(cancellationRuleFor(rules, at.locationId), prices, 0)
          const cancelledPrice = split.ticketsAmount
          const refund = split.refund
          yield* sql`
            INSERT INTO reservation_cancellations (reservation_id, customer_id, sold_ticket_ids, tickets_agorot,
              charge_agorot, order_charge_agorot, refund_agorot, method, created_at)
            SELECT ${id}, ${owner.id}, array_agg(id ORDER BY id), ${cancelledPrice}, ${cancelledPrice - refund},
              ${split.orderCharge}, ${refund}, 'transactionCredit', ${`${day(-1)}T09:00:00Z`}::timestamptz
            FROM sold_tickets WHERE reservation_id = ${id} AND cancelled_at IS NOT NULL`
          if (refund > 0)
            yield* sql`
              INSERT INTO customer_credit_entries (customer_id, amount_agorot, reason, reservation_id, created_at)
              VALUES (${owner.id}, ${refund}, 'reservationCancelled', ${id}, ${`${day(-1)}T09:00:00Z`}::timestamptz)`
        }
        if (spec.paidByCard && owner.tag === "D") {
          // paid online with the sandbox card: its ledger knows the capture, so a cancel can refund through it
          const paymentId = `seed-area-${id}`
          yield* sql`
            INSERT INTO sandbox_payments (reference, provider, merchant_payment_id, method, amount_agorot, state,
              card_last4, return_url)
            VALUES (${`sbx-${paymentId}`}, 'sandbox-card', ${paymentId}, 'card', ${total}, 'captured', '0000', '/')`
          yield* sql`
            INSERT INTO payments (id, reservation_id, provider, method, amount_agorot, state, provider_reference)
            VALUES (${paymentId}, ${id}, 'sandbox-card', 'card', ${total}, 'captured', ${`sbx-${paymentId}`})`
          yield* sql`UPDATE reservations SET paid_payment_id = ${paymentId} WHERE id = ${id}`
        }
      }
      yield* writeHoldings(owner, reservationIds, day, plan.salesCutoff)
    }
  })

/** Vouchers, members and video-on-demand titles of one customer. */
const writeHoldings = (
  owner: { readonly tag: string; readonly id: number; readonly n: number },
  reservationIds: ReadonlyArray<number>,
  day: (offset: number) => string,
  createdAt: string,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const spentOn = reservationIds[3] ?? reservationIds[0] ?? null
    // [suffix, class, balance, initial, tickets left, initial tickets, start, end, for replacement, spent]
    const vouchers: ReadonlyArray<
      readonly [
        string,
        number,
        number | null,
        number | null,
        number | null,
        number | null,
        number,
        number,
        boolean,
        number,
      ]
    > = [
      ["FULL", 10, 10_000, 10_000, null, null, -20, 345, false, 0],
      ["PART", 10, 4_000, 10_000, null, null, -20, 345, false, 6_000],
      ["USED", 10, 0, 5_000, null, null, -60, 300, false, 5_000],
      ["EXPIRED", 10, 7_000, 7_000, null, null, -400, -5, false, 0],
      ["REPL", 10, 3_000, 3_000, null, null, -2, 28, true, 0],
      ["TICKETS", 20, null, null, 1, 2, -20, 345, false, 0],
      ["STAFF", 30, null, null, 100, 100, -20, 345, false, 0],
    ]
    for (const [suffix, classId, balance, initial, left, initialTickets, from, to, repl, spent] of vouchers) {
      const rows = yield* sql<{ id: number }>`
        INSERT INTO system_vouchers (reference, system_voucher_class_id, customer_id, balance_agorot, tickets_left,
          starts_on, ends_on, status, is_for_replacement, created_at, initial_balance_agorot, initial_tickets,
          paid_agorot, replaced_at)
        VALUES (${`AREA-${owner.tag}-${suffix}`}, ${classId}, ${owner.id}, ${balance}, ${left}, ${day(from)}::date,
          ${day(to)}::date, 'active', ${repl}, ${createdAt}::timestamptz - interval '30 days', ${initial},
          ${initialTickets}, ${initial ?? (classId === 20 ? 7_600 : 0)},
          ${repl ? `${day(-2)}T08:00:00Z` : null}::timestamptz)
        RETURNING id::float8 AS id`
      if (spent > 0 && spentOn !== null)
        yield* sql`
          INSERT INTO voucher_redemptions (voucher_id, reservation_id, amount_agorot, created_at)
          VALUES (${rows[0]?.id ?? 0}, ${spentOn}, ${spent}, ${createdAt}::timestamptz - interval '10 days')`
      // a ticket voucher's used tickets are tickets it paid for (its history lists them, as a real order's would)
      const ticketsUsed = initialTickets !== null && left !== null ? initialTickets - left : 0
      if (ticketsUsed > 0 && spentOn !== null)
        yield* sql`
          UPDATE sold_tickets SET system_voucher_id = ${rows[0]?.id ?? 0}
          WHERE id IN (SELECT id FROM sold_tickets WHERE reservation_id = ${spentOn} ORDER BY id LIMIT ${ticketsUsed})`
    }
    // [member number, membership, start, end]: not started, active, expiring soon, expired
    const members: ReadonlyArray<readonly [string, number, number, number]> = [
      [`9100${owner.n}001`, 1, 15, 380],
      [`9100${owner.n}002`, 1, -100, 265],
      [`9100${owner.n}003`, 2, -350, 12],
      [`9100${owner.n}004`, 1, -500, -140],
    ]
    for (const [number, membershipId, from, to] of members)
      yield* sql`
        INSERT INTO members (customer_id, membership_id, member_number, balance, used_balance, start_date, end_date)
        VALUES (${owner.id}, ${membershipId}, ${number}, ${membershipId === 2 ? 4 : 0}, ${membershipId === 2 ? 6 : 0},
          ${day(from)}::date, ${day(to)}::date)`
    // [from, until, limit, count, last playback]: future, available, expired
    const vods: ReadonlyArray<readonly [number, number, number | null, number, number | null]> = [
      [3, 5, 3, 0, null],
      [-1, 2, 3, 1, -1],
      [-10, -8, null, 2, -9],
    ]
    const features = yield* sql<{
      id: number
    }>`SELECT id FROM features ORDER BY id LIMIT 3 OFFSET ${owner.n * 3}`
    for (const [k, [from, until, limit, count, last]] of vods.entries())
      yield* sql`
        INSERT INTO vod_purchases (customer_id, feature_id, available_from, available_until, playback_limit,
          playback_count, last_playback_at, purchased_at, price_agorot)
        VALUES (${owner.id}, ${features[k]?.id ?? 1}, ${`${day(from)}T10:00:00Z`}::timestamptz,
          ${`${day(until)}T10:00:00Z`}::timestamptz, ${limit}, ${count},
          ${last === null ? null : `${day(last)}T19:00:00Z`}::timestamptz, ${`${day(Math.min(from, 0) - 1)}T12:00:00Z`}::timestamptz,
          ${limit === null ? 4_990 : 2_990})`
  })
