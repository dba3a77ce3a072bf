import { Effect, Option } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import { enrolShowingPrice } from "../../domain/enrol/enrolPricing.ts"

/**
 * The facts of an enrolment both the seat calls and the commit read (migration 0038): the signed-in customer's
 * member of a membership, valid today, and a season open to that membership with its showings that have not
 * started. The member comes from the session's customer, never from an id in the request.
 */

export interface EnrolMember {
  readonly id: number
  readonly memberNumber: string
}

/** The customer's member of the membership valid today (Jerusalem day): the one named, else the lowest number. */
export const validMember = Effect.fn("Enrol.member")(function* (
  customerId: number,
  membershipId: number,
  memberNumber: string | null,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<EnrolMember>`
    SELECT m.id, m.member_number AS "memberNumber" FROM members m
    WHERE m.customer_id = ${customerId} AND m.membership_id = ${membershipId}
      AND (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date BETWEEN m.start_date AND m.end_date
      AND (${memberNumber}::text IS NULL OR m.member_number = ${memberNumber})
    ORDER BY m.member_number LIMIT 1`
  return Option.fromNullishOr(rows[0])
}, Effect.orDie)

export interface SeasonShowing {
  readonly presentationId: number
  readonly isRequired: boolean
  readonly payable: number
  readonly isPriceOverride: boolean
  readonly price: number | null
  readonly startsAtMs: number
}

export interface Season {
  readonly id: number
  readonly venueId: number
  readonly seatplanId: number
  readonly isSkipMemberSeat: boolean
  readonly isPricingPerTicket: boolean
  readonly defaultTicketGroupId: number
  readonly ticketGroupIds: ReadonlyArray<number>
  /** the showings that have not started, in start order */
  readonly showings: ReadonlyArray<SeasonShowing>
}

/**
 * An open season of the membership with its future showings; none when closed, another membership's, or at a
 * cinema offline for sales (`locations.is_online`, issue 19: it sells nothing online), for the offer, the seat
 * calls and the commit alike.
 */
export const openSeason = Effect.fn("Enrol.season")(function* (membershipId: number, seasonId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<Omit<Season, "showings">>`
    SELECT s.id, s.venue_id AS "venueId", v.seatplan_id AS "seatplanId",
      s.is_skip_member_seat AS "isSkipMemberSeat", s.is_pricing_per_ticket AS "isPricingPerTicket",
      s.default_ticket_group_id AS "defaultTicketGroupId", s.ticket_group_ids AS "ticketGroupIds"
    FROM enrolment_seasons s JOIN venues v ON v.id = s.venue_id JOIN locations l ON l.id = v.location_id
    WHERE s.id = ${seasonId} AND s.membership_id = ${membershipId} AND s.is_open AND v.seatplan_id IS NOT NULL
      AND l.is_online`
  const season = rows[0]
  if (season === undefined) return Option.none<Season>()
  const showings = yield* sql<SeasonShowing>`
    SELECT sp.presentation_id AS "presentationId", sp.is_required AS "isRequired",
      sp.membership_payable_agorot AS payable, sp.is_price_override AS "isPriceOverride",
      sp.price_agorot AS price, (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs"
    FROM enrolment_season_presentations sp JOIN presentations p ON p.id = sp.presentation_id
    WHERE sp.season_id = ${seasonId} AND p.starts_at > marquee_now() AND p.is_on_sale
    ORDER BY p.starts_at, p.id`
  if (showings.length === 0) return Option.none<Season>()
  return Option.some<Season>({ ...season, showings })
}, Effect.orDie)

/** The open seasons of a membership, by id. */
export const seasonIdsOf = Effect.fn("Enrol.seasons")(function* (membershipId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ id: number }>`
    SELECT id FROM enrolment_seasons WHERE membership_id = ${membershipId} AND is_open ORDER BY id`
  return rows.map((row) => row.id)
}, Effect.orDie)

/**
 * The member's enrolment in the season that still counts: paid, or an order still being paid, and not cancelled.
 * An enrolment whose order was voided, or cancelled in the customer area, does not (its place is taken over by the
 * next commit: `ENROLMENT_COUNTS` is the same test in enrolmentOrder.ts).
 */
export const liveEnrolment = Effect.fn("Enrol.enrolment")(function* (seasonId: number, memberId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ reservationId: number; identifier: string; status: "paid" | "awaitingPayment" }>`
    SELECT e.reservation_id::float8 AS "reservationId", r.identifier, r.payment_status AS status
    FROM enrolments e JOIN reservations r ON r.id = e.reservation_id
    WHERE e.season_id = ${seasonId} AND e.member_id = ${memberId}
      AND ${ENROLMENT_COUNTS(sql, "r")}`
  return Option.fromNullishOr(rows[0])
}, Effect.orDie)

/**
 * Whether the enrolment's order (`reservations` as `alias`) still holds the member's place: paid or being paid, and
 * not cancelled (a customer-area cancel leaves it paid, with its status `cancelled`; a void sets both).
 */
export const ENROLMENT_COUNTS = (sql: SqlClient.SqlClient, alias: "r"): Statement.Fragment =>
  sql`${sql(alias)}.payment_status IN ('paid', 'awaitingPayment') AND ${sql(alias)}.status = 'active'`

/**
 * The showings an enrolment order cannot lose alone: its season's required ones (none for any other order). The
 * customer area's cancel widens a cancel naming one of them to the whole order (Cancellation.ts).
 */
export const requiredShowingsOfOrder = Effect.fn("Enrol.requiredShowingsOf")(function* (orderId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ presentationId: number }>`
    SELECT sp.presentation_id AS "presentationId" FROM enrolments e
    JOIN enrolment_season_presentations sp ON sp.season_id = e.season_id
    WHERE e.reservation_id = ${orderId} AND sp.is_required`
  return rows.map((row) => row.presentationId)
}, Effect.orDie)

/** The price of one showing (src/domain/enrol/enrolPricing.ts). */
export const showingPrice = (
  showing: SeasonShowing,
  season: Season,
  ticketPrice: number | null,
): number | null => enrolShowingPrice(showing, season.isPricingPerTicket, ticketPrice)

/** The membership an enrolment order enrols in (its `enrolments` row's season's), for its payment's return page. */
export const enrolmentMembershipOf = Effect.fn("Enrol.membershipOf")(function* (orderId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ membershipId: number }>`
    SELECT s.membership_id AS "membershipId" FROM enrolments e
    JOIN enrolment_seasons s ON s.id = e.season_id WHERE e.reservation_id = ${orderId}`
  return Option.fromNullishOr(rows[0]?.membershipId)
}, Effect.orDie)
