import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  type MembershipLockRequest,
  MembershipNotForSale,
  type MembershipSeatplan,
  type MembershipSeatRef,
  MembershipSeatRefused,
} from "../../api/MembershipsApi.ts"
import { LocationOffline } from "../../api/partnerErrors.ts"
import { InvalidSeatRequest, SeatUnlockFailed } from "../../api/SeatsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"
import { type HoldLimits, holdSeatForCart } from "../seats/showingHolds.ts"
import { MAX_MEMBERSHIPS_PER_ORDER } from "./catalogue.ts"

/**
 * A membership's season seat (spec §7 `/membership/seatplan`, `lock-seat`, `unlock-seat`; migration 0037 says the
 * mapping): the same seat of the membership's venue, held for the asking cart in every showing of its series that
 * has not started, by the ticket seats' own `hold_seats_batch` (src/server/seats/showingHolds.ts). So a membership
 * seat and a ticket seat are never held twice, by two carts or by a cart and a sale, the cart's caps count it, and
 * the cart's hold deadline and renewal apply as to any seat.
 */

const notForSale = () => new MembershipNotForSale({ error: "noMembershipsForSale" })
const unknownSeat = () => new InvalidSeatRequest({ error: "unknownSeat" })

/**
 * A membership that comes with a seat: its venue and seatplan. To `sell` (a lock, the commit) it must be on sale
 * online and its seats' cinema too: while that cinema is offline for sales (`locations.is_online`, issue 19: it
 * sells nothing online, src/domain/shared/onSale.ts) the membership is not for sale here either. To `release` a
 * seat the cart holds, neither matters: letting a seat go always works.
 */
export const seatedMembership = Effect.fn("MembershipSeats.membership")(function* (
  membershipId: number,
  purpose: "sell" | "release" = "sell",
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ venueId: number; seatplanId: number }>`
    SELECT m.seat_venue_id AS "venueId", v.seatplan_id AS "seatplanId"
    FROM memberships m JOIN venues v ON v.id = m.seat_venue_id JOIN locations l ON l.id = v.location_id
    WHERE m.id = ${membershipId} AND v.seatplan_id IS NOT NULL
      ${purpose === "sell" ? sql`AND m.is_sold_online AND l.is_online` : sql``}`
  return Option.fromNullishOr(rows[0])
}, Effect.orDie)

/** The series' showings a seat is held for now: those that have not started, in id order (the holds' order). */
export const futureShowings = Effect.fn("MembershipSeats.showings")(function* (membershipId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ id: number }>`
    SELECT mp.presentation_id AS id FROM membership_presentations mp
      JOIN presentations p ON p.id = mp.presentation_id
    WHERE mp.membership_id = ${membershipId} AND p.starts_at > marquee_now() ORDER BY mp.presentation_id`
  return rows.map((row) => row.id)
}, Effect.orDie)

/** The seat a request names in the membership's seatplan (grid coordinates: seat index, row index). */
export const seatOf = Effect.fn("MembershipSeats.seat")(function* (
  seatplanId: number,
  seat: { readonly VenueSectionId: number; readonly XCoordinate: number; readonly YCoordinate: number },
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ id: number; rowName: string; seatName: string }>`
    SELECT s.id, s.row_name AS "rowName", s.seat_name AS "seatName" FROM seats s
    WHERE s.seatplan_id = ${seatplanId} AND s.section_id = ${seat.VenueSectionId}
      AND s.seat_index = ${seat.XCoordinate} AND s.row_index = ${seat.YCoordinate}`
  return Option.fromNullishOr(rows[0])
}, Effect.orDie)

/** The membership with a seat and the seat a lock or unlock names, or why not. */
const resolve = Effect.fn("MembershipSeats.resolve")(function* (
  ref: MembershipSeatRef,
  purpose: "sell" | "release" = "sell",
) {
  const membership = yield* seatedMembership(ref.MembershipId, purpose)
  if (Option.isNone(membership)) return yield* notForSale()
  const { venueId, seatplanId } = membership.value
  if ((ref.VenueId ?? venueId) !== venueId || (ref.VenueSeatplanId ?? seatplanId) !== seatplanId)
    return yield* unknownSeat()
  const seat = yield* seatOf(seatplanId, ref)
  if (Option.isNone(seat)) return yield* unknownSeat()
  return { ...membership.value, seat: seat.value }
})

const lockedSeat = (ref: MembershipSeatRef, seat: { rowName: string; seatName: string }) => ({
  VenueSectionId: ref.VenueSectionId,
  x: ref.XCoordinate,
  y: ref.YCoordinate,
  RowName: seat.rowName,
  SeatName: seat.seatName,
})

/**
 * The name of the cinema of a membership's season seats when it is offline for sales (`locations.is_online`) and
 * the membership is otherwise sold online: the seat step's "location offline" (spec §8, issue 19).
 */
const offlineSeatCinema = Effect.fn("MembershipSeats.offlineCinema")(function* (
  membershipId: number,
  lang: LocaleCode,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ name: string }>`
    SELECT ${localized(sql, "l.name", lang)} AS name
    FROM memberships m JOIN venues v ON v.id = m.seat_venue_id JOIN locations l ON l.id = v.location_id
    WHERE m.id = ${membershipId} AND m.is_sold_online AND NOT l.is_online`
  return Option.fromNullishOr(rows[0]?.name)
}, Effect.orDie)

export const membershipSeatplan = Effect.fn("MembershipSeats.seatplan")(function* (
  membershipId: number,
  cartToken: string | null,
  lang: LocaleCode = "he",
) {
  const sql = yield* SqlClient.SqlClient
  const membership = yield* seatedMembership(membershipId)
  if (Option.isNone(membership)) {
    const offline = yield* offlineSeatCinema(membershipId, lang)
    if (Option.isSome(offline))
      return yield* new LocationOffline({ error: "locationOffline", locationName: offline.value })
    return yield* notForSale()
  }
  const showings = yield* futureShowings(membershipId)
  if (showings.length === 0) return yield* notForSale()
  const { venueId, seatplanId } = membership.value
  const seats = yield* sql<{
    sectionId: number
    x: number
    y: number
    takenByOthers: boolean
    mine: boolean
  }>`
    SELECT s.section_id AS "sectionId", s.seat_index AS x, s.row_index AS y,
      EXISTS (SELECT 1 FROM seat_allocations a WHERE a.seat_id = s.id AND a.presentation_id IN ${sql.in(showings)}
        AND (a.kind = 'sale' OR a.expires_at > marquee_now())
        AND a.cart_token IS DISTINCT FROM ${cartToken}) AS "takenByOthers",
      EXISTS (SELECT 1 FROM seat_allocations a WHERE a.seat_id = s.id AND a.presentation_id IN ${sql.in(showings)}
        AND a.kind = 'hold' AND a.expires_at > marquee_now() AND a.cart_token = ${cartToken}) AS mine
    FROM seats s WHERE s.seatplan_id = ${seatplanId}
    ORDER BY s.section_id, s.row_index, s.seat_index`.pipe(Effect.orDie)
  const expiry = yield* sql<{ at: string | null }>`
    SELECT to_char(max(a.expires_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
    FROM seat_allocations a
    WHERE a.cart_token = ${cartToken} AND a.kind = 'hold' AND a.expires_at > marquee_now()
      AND a.presentation_id IN ${sql.in(showings)}`.pipe(Effect.orDie)
  return {
    MembershipId: membershipId,
    venueId,
    seatplanId,
    presentationIds: showings,
    seats: seats.map((s) => ({
      VenueSectionId: s.sectionId,
      XCoordinate: s.x,
      YCoordinate: s.y,
      isAvailable: !s.takenByOthers,
      isSelected: s.mine,
    })),
    holdExpiresAt: expiry[0]?.at ?? null,
  } satisfies MembershipSeatplan
})

/** How many other seats of the membership the cart holds live (a seat counts once, however many showings). */
const otherSeatsHeld = Effect.fn("MembershipSeats.othersHeld")(function* (
  membershipId: number,
  cartToken: string,
  seatId: number,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ n: number }>`
    SELECT count(DISTINCT a.seat_id)::int AS n FROM seat_allocations a
      JOIN membership_presentations mp ON mp.presentation_id = a.presentation_id
    WHERE mp.membership_id = ${membershipId} AND a.cart_token = ${cartToken} AND a.kind = 'hold'
      AND a.expires_at > marquee_now() AND a.seat_id <> ${seatId}`
  return rows[0]?.n ?? 0
})

export const lockMembershipSeat = Effect.fn("MembershipSeats.lock")(function* (
  request: typeof MembershipLockRequest.Type,
  cartToken: string,
  limits: HoldLimits,
) {
  const ref = request.seat
  const selected = request.selections
    .filter((s) => s.MembershipId === ref.MembershipId)
    .reduce((sum, s) => sum + s.quantity, 0)
  if (selected === 0) return yield* new MembershipSeatRefused({ error: "membershipNotSelected" })
  if (selected > MAX_MEMBERSHIPS_PER_ORDER)
    return yield* new MembershipSeatRefused({ error: "membershipQuantityExceeded" })
  const { seat } = yield* resolve(ref)
  const showings = yield* futureShowings(ref.MembershipId)
  if (showings.length === 0) return yield* notForSale()
  // no more seats than memberships selected (spec §5), counted under the cart's row lock: the cart's own
  // concurrent locks of two seats pass this one after the other, and the second sees the first's holds
  const tooMany = otherSeatsHeld(ref.MembershipId, cartToken, seat.id).pipe(
    Effect.map((held) =>
      held >= selected ? new MembershipSeatRefused({ error: "membershipQuantityExceeded" }) : undefined,
    ),
  )
  const until = yield* holdSeatForCart({ cartToken, seatId: seat.id, showings, limits }, tooMany)
  return { lockedSeat: lockedSeat(ref, seat), expiresAt: new Date(until).toISOString() }
})

/** Lets the cart's own live hold of the seat go in every showing; a hold tied to an unpaid order stays. */
export const unlockMembershipSeat = Effect.fn("MembershipSeats.unlock")(function* (
  ref: MembershipSeatRef,
  cartToken: string,
) {
  const sql = yield* SqlClient.SqlClient
  const { seat } = yield* resolve(ref, "release")
  const released = yield* sql<{ id: string }>`
    DELETE FROM seat_allocations a USING membership_presentations mp
    WHERE mp.membership_id = ${ref.MembershipId} AND a.presentation_id = mp.presentation_id
      AND a.seat_id = ${seat.id} AND a.cart_token = ${cartToken} AND a.kind = 'hold'
      AND a.reservation_id IS NULL AND a.expires_at > marquee_now()
    RETURNING a.id::text AS id`.pipe(Effect.orDie)
  if (released.length === 0) return yield* new SeatUnlockFailed({ error: "unlock_seat_error" })
  return { unlockedSeat: lockedSeat(ref, seat) }
})
