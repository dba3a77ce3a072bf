import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { CommitFailed, type CommitFailureCode } from "../../../api/CommitRefusals.ts"
import type { CommitCart, CommitEnrolLine } from "../../../domain/cart/commitCart.ts"
import {
  ENROLMENT_COUNTS,
  liveEnrolment,
  openSeason,
  type Season,
  showingPrice,
  validMember,
} from "../../enrol/season.ts"
import { seatOf } from "../../memberships/membershipSeats.ts"
import type { PlacedOrder } from "../orderPlan.ts"
import type { Asker, ItemLine, ItemOrderKind } from "./ItemOrderKind.ts"

/**
 * Season enrolment (issue 16; spec §3 "Enrol membership", §8 Enrolment; contract src/api/EnrolApi.ts). One
 * `order_items` row per showing (item: the showing, price: the ticket, unit price: what that showing costs), booked
 * at the season's cinema. The rules, in the order they are checked (the first broken one answers, nothing written):
 *
 * - a signed-in buyer (`signInRequired`) whose member `memberNumber` of `membershipId` is valid today
 *   (`memberNotFound`); the season open to that membership with showings ahead (`enrolmentClosed`);
 * - not enrolled already: a paid enrolment, or one whose order is being paid (`ALREADY_ENROLLED`);
 * - showings of the season that have not started, each once (`enrolmentPresentation`); every required one among
 *   them (`enrolmentRequiredMissing`);
 * - a ticket group the season offers; with `IsPricingPerTicket`, a public ticket of that group (`enrolmentTicket`);
 * - unless `IsSkipMemberSeat`, the required showings on one seat, the member seat (`enrolmentMemberSeat`);
 * - a seat of the season's hall for each showing (`holdLost` otherwise), held by this cart (checked in the
 *   transaction: `holdLost`);
 * - each amount the server's (`priceMismatch`): the showing's override price, else the ticket's price when pricing
 *   per ticket, else its MembershipPayableAmount; no booking fee (`serviceChargeMismatch`).
 *
 * In the commit's transaction (`tie`), under a lock on the member and season, the holds become the order's, and the
 * `enrolments` row is written: UNIQUE per member and season, taken over only from an order that no longer counts
 * (voided, or cancelled in the customer area), so two racing enrolments of one member make one order (the other:
 * `ALREADY_ENROLLED`), and each showing gets its `sold_tickets` row on its hold, a ticket like any other (customer
 * area, e-document, door, sales). Paid (a zero total is paid at commit), `fulfil` stamps `enrolled_at`.
 */

const failed = (code: CommitFailureCode) =>
  new CommitFailed({ error: "lastCommit", message: "Error processing Transaction", code })

interface Place {
  readonly locationId: number
  readonly businessId: number
  readonly authProfileId: number
  readonly pointOfSaleId: number | null
}

const placeOf = Effect.fn("EnrolmentOrder.place")(function* (presentationId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<Place>`
    SELECT v.location_id AS "locationId", p.business_id AS "businessId", p.auth_profile_id AS "authProfileId",
      (SELECT pos.id FROM points_of_sale pos WHERE pos.location_id = v.location_id AND pos.channel = 'web'
        ORDER BY pos.id LIMIT 1) AS "pointOfSaleId"
    FROM presentations p JOIN venues v ON v.id = p.venue_id WHERE p.id = ${presentationId}`
  return rows[0]
}, Effect.orDie)

/** The ticket chosen, when it is a public ticket of the group; its price. */
const ticketPriceOf = Effect.fn("EnrolmentOrder.ticket")(function* (groupId: number, ticketId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ price: number }>`
    SELECT price_agorot AS price FROM tickets
    WHERE id = ${ticketId} AND ticket_group_id = ${groupId} AND is_active AND NOT is_member_only
      AND NOT requires_reference AND multiply_factor = 1`
  return Option.fromNullishOr(rows[0]?.price)
}, Effect.orDie)

const sameSeat = (a: CommitEnrolLine["presentations"][number]["seat"], b: typeof a) =>
  a.VenueSectionId === b.VenueSectionId && a.XCoordinate === b.XCoordinate && a.YCoordinate === b.YCoordinate

/** The season's rules on the showings chosen and their seats (pure): the first broken one, or null. */
const checkShowings = (line: CommitEnrolLine, season: Season): CommitFailureCode | null => {
  const ids = line.presentations.map((p) => p.presentationId)
  const known = new Set(season.showings.map((s) => s.presentationId))
  if (ids.length === 0 || new Set(ids).size < ids.length || ids.some((id) => !known.has(id)))
    return "enrolmentPresentation"
  const required = season.showings.filter((s) => s.isRequired).map((s) => s.presentationId)
  if (required.some((id) => !ids.includes(id))) return "enrolmentRequiredMissing"
  if (!season.ticketGroupIds.includes(line.ticketGroupId)) return "enrolmentTicket"
  if (!season.isSkipMemberSeat) {
    const seats = line.presentations.filter((p) => required.includes(p.presentationId)).map((p) => p.seat)
    const first = seats[0]
    if (first !== undefined && seats.some((seat) => !sameSeat(seat, first))) return "enrolmentMemberSeat"
  }
  return null
}

const price = (cart: CommitCart, asker: Asker) =>
  Effect.gen(function* () {
    const line = cart.enrolment
    if (line === undefined) return yield* failed("emptyCart")
    if (asker.customerId === null) return yield* failed("signInRequired")
    const member = yield* validMember(asker.customerId, line.membershipId, line.memberNumber.trim())
    if (Option.isNone(member)) return yield* failed("memberNotFound")
    const found = yield* openSeason(line.membershipId, line.seasonId)
    if (Option.isNone(found)) return yield* failed("enrolmentClosed")
    const season = found.value
    if (Option.isSome(yield* liveEnrolment(season.id, member.value.id)))
      return yield* failed("ALREADY_ENROLLED")
    const refused = checkShowings(line, season)
    if (refused !== null) return yield* failed(refused)
    let ticketPrice: number | null = null
    if (line.ticketId !== null) {
      const ticket = yield* ticketPriceOf(line.ticketGroupId, line.ticketId)
      if (Option.isNone(ticket)) return yield* failed("enrolmentTicket")
      ticketPrice = ticket.value
    } else if (season.isPricingPerTicket) return yield* failed("enrolmentTicket")
    const place = yield* placeOf(season.showings[0]?.presentationId ?? 0)
    if (place === undefined || place.pointOfSaleId === null) return yield* failed("enrolmentClosed")
    const items: Array<ItemLine> = []
    for (const chosen of line.presentations) {
      const showing = season.showings.find((s) => s.presentationId === chosen.presentationId)
      const amount = showing === undefined ? null : showingPrice(showing, season, ticketPrice)
      if (amount === null) return yield* failed("enrolmentTicket")
      if (chosen.amount !== amount) return yield* failed("priceMismatch")
      const seat = yield* seatOf(season.seatplanId, chosen.seat)
      if (Option.isNone(seat)) return yield* failed("holdLost")
      items.push({
        kind: "enrolment",
        itemId: chosen.presentationId,
        priceId: line.ticketId,
        quantity: 1,
        unitPrice: amount,
        details: {
          seasonId: season.id,
          memberId: member.value.id,
          ticketGroupId: line.ticketGroupId,
          seatId: seat.value.id,
        },
      })
    }
    if (cart.globalServiceCharge !== 0) return yield* failed("serviceChargeMismatch")
    const total = items.reduce((sum, item) => sum + item.unitPrice, 0)
    return {
      place: { ...place, pointOfSaleId: place.pointOfSaleId },
      items,
      products: [],
      serviceCharge: 0,
      total,
      voucherPayable: true,
    }
  })

/** In the commit's transaction: the cart's holds become the order's; the member's place in the season is taken. */
const tie = Effect.fn("EnrolmentOrder.tie")(function* (order: PlacedOrder) {
  const sql = yield* SqlClient.SqlClient
  const items = yield* sql<{
    id: string
    presentationId: number
    seatId: number
    seasonId: number
    memberId: number
    ticketGroupId: number
    ticketId: number | null
    price: number
  }>`
    SELECT id::text AS id, item_id AS "presentationId", (details->>'seatId')::int AS "seatId",
      (details->>'seasonId')::int AS "seasonId", (details->>'memberId')::int AS "memberId",
      (details->>'ticketGroupId')::int AS "ticketGroupId", price_id AS "ticketId", unit_price_agorot AS price
    FROM order_items WHERE reservation_id = ${order.orderId} AND kind = 'enrolment' ORDER BY item_id`
  const first = items[0]
  if (first === undefined) return "emptyCart" as const
  // One member's enrolments in a season commit one at a time. Without this, a second commit whose statement began
  // while the first was still open read the first's order as not there (its snapshot was older than that commit),
  // took the place over and made a second order: two "ok" answers in a CI run. After the lock, each statement here
  // sees every commit that went before it (READ COMMITTED takes a new snapshot a statement).
  yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`enrolment:${first.seasonId}:${first.memberId}`}))`
  for (const item of items) {
    const held = yield* sql<{ id: string }>`
      SELECT id::text AS id FROM seat_allocations
      WHERE cart_token = ${order.plan.cartToken} AND seat_id = ${item.seatId} AND presentation_id = ${item.presentationId}
        AND kind = 'hold' AND reservation_id IS NULL AND expires_at > marquee_now()
      FOR UPDATE`
    const hold = held[0]
    if (hold === undefined) return "holdLost" as const
    yield* sql`
      UPDATE seat_allocations SET reservation_id = ${order.orderId},
        expires_at = marquee_now() + make_interval(mins => ${order.plan.paymentMinutes})
      WHERE id = ${hold.id}`
    yield* sql`
      INSERT INTO order_item_seats (order_item_id, reservation_id, presentation_id, seat_id, allocation_id)
      VALUES (${item.id}, ${order.orderId}, ${item.presentationId}, ${item.seatId}, ${hold.id})`
    // a real ticket for the showing, like any sold on its seat: the customer area, the e-document, the door
    // scan and the sales figures read sold_tickets; voiding the order cancels it (OrdersRepo.voidOrder)
    yield* sql`
      INSERT INTO sold_tickets (reservation_id, presentation_id, section_id, seat_id, allocation_id, ticket_id,
        ticket_group_id, price_agorot, member_id)
      SELECT ${order.orderId}::bigint, ${item.presentationId}::int, s.section_id, s.id, ${hold.id}::bigint,
        -- no ticket chosen (a season priced by its showings): the group's first public ticket names it
        coalesce(${item.ticketId}::int, (
          SELECT t.id FROM tickets t WHERE t.ticket_group_id = ${item.ticketGroupId} AND t.is_active
            AND NOT t.is_member_only AND NOT t.requires_reference AND t.multiply_factor = 1
          ORDER BY t.id LIMIT 1)),
        ${item.ticketGroupId}::int, ${item.price}::int, ${item.memberId}::int
      FROM seats s WHERE s.id = ${item.seatId}`
  }
  // the member's one place in the season: new, or taken over from an order that no longer counts (voided, or
  // cancelled in the customer area)
  const taken = yield* sql<{ id: string }>`
    INSERT INTO enrolments (season_id, member_id, reservation_id)
    VALUES (${first.seasonId}, ${first.memberId}, ${order.orderId})
    ON CONFLICT (season_id, member_id) DO UPDATE SET reservation_id = EXCLUDED.reservation_id, enrolled_at = NULL
      WHERE NOT EXISTS (SELECT 1 FROM reservations r
        WHERE r.id = enrolments.reservation_id AND ${ENROLMENT_COUNTS(sql, "r")})
    RETURNING id::text AS id`
  return taken.length === 1 ? true : ("ALREADY_ENROLLED" as const)
}, Effect.orDie)

export const enrolmentOrder: ItemOrderKind = {
  // the order's fields without its summer promotion terms (spec §5: a member's enrolment is no promotion sale),
  // which is the video-on-demand form
  form: (forms) => forms.vod,
  price,
  tie,
  fulfil: (orderId) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`UPDATE enrolments SET enrolled_at = marquee_now() WHERE reservation_id = ${orderId}`
      yield* sql`
        UPDATE order_items SET fulfilled_at = marquee_now()
        WHERE reservation_id = ${orderId} AND kind = 'enrolment' AND fulfilled_at IS NULL`
    }).pipe(Effect.orDie),
}
