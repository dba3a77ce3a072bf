import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  EnrolMemberNotFound,
  EnrolNotOpen,
  type EnrolSeatplan,
  EnrolSeatRefused,
  type EnrolSeatRequest,
} from "../../api/EnrolApi.ts"
import { InvalidSeatRequest, SeatUnlockFailed } from "../../api/SeatsApi.ts"
import { seatOf } from "../memberships/membershipSeats.ts"
import { type HoldLimits, holdSeatForCart } from "../seats/showingHolds.ts"
import { liveEnrolment, openSeason, type Season, validMember } from "./season.ts"

/**
 * The seats of an enrolment (spec §7 `/enroll/{membershipId}/seatplan`, `lock-seat`, `unlock-seat`): ordinary seat
 * holds made by the ticket seats' own `hold_seats_batch` (src/server/seats/showingHolds.ts), so an enrolment seat
 * and any other seat are never held twice.
 * The member seat (`presentationId` null) is one seat held in every required showing, all or nothing (in showing id
 * order, as every multi-showing hold takes its locks); a showing's seat is held in that showing only.
 */

export interface EnrolAsker {
  readonly customerId: number
  readonly membershipId: number
}

const notOpen = () => new EnrolNotOpen({ error: "enrolmentClosed" })
const notInSeason = () => new EnrolNotOpen({ error: "enrolmentPresentation" })
const unknownSeat = () => new InvalidSeatRequest({ error: "unknownSeat" })

/** The member, the open season and the showings a call is about, or why not. */
const context = Effect.fn("EnrolSeats.context")(function* (
  asker: EnrolAsker,
  seasonId: number,
  presentationId: number | null,
) {
  const member = yield* validMember(asker.customerId, asker.membershipId, null)
  if (Option.isNone(member)) return yield* new EnrolMemberNotFound({ error: "memberNotFound" })
  const season = yield* openSeason(asker.membershipId, seasonId)
  if (Option.isNone(season)) return yield* notOpen()
  const showings = showingsFor(season.value, presentationId)
  if (showings === null) return yield* notInSeason()
  return { member: member.value, season: season.value, showings }
})

/** The showing asked about, or every required showing (the member seat); null: not a future showing of the season. */
const showingsFor = (season: Season, presentationId: number | null): ReadonlyArray<number> | null => {
  if (presentationId === null)
    return season.showings
      .filter((s) => s.isRequired)
      .map((s) => s.presentationId)
      .sort((a, b) => a - b)
  return season.showings.some((s) => s.presentationId === presentationId) ? [presentationId] : null
}

export const enrolSeatplan = Effect.fn("EnrolSeats.seatplan")(function* (
  asker: EnrolAsker,
  query: { readonly seasonId: number; readonly presentationId?: number | undefined },
  cartToken: string | null,
) {
  const sql = yield* SqlClient.SqlClient
  const { season, showings } = yield* context(asker, query.seasonId, query.presentationId ?? null)
  const asked = showings.length === 0 ? [0] : showings
  const seats = yield* sql<{ sectionId: number; x: number; y: number; takenByOthers: boolean; mine: number }>`
    SELECT s.section_id AS "sectionId", s.seat_index AS x, s.row_index AS y,
      EXISTS (SELECT 1 FROM seat_allocations a WHERE a.seat_id = s.id AND a.presentation_id IN ${sql.in(asked)}
        -- a sale is nobody's hold (its cart_token may be null, like an asker without a cart): taken either way
        AND (a.kind = 'sale' OR (a.expires_at > marquee_now() AND a.cart_token IS DISTINCT FROM ${cartToken})))
        AS "takenByOthers",
      (SELECT count(*)::int FROM seat_allocations a WHERE a.seat_id = s.id AND a.presentation_id IN ${sql.in(asked)}
        AND a.kind = 'hold' AND a.expires_at > marquee_now() AND a.cart_token = ${cartToken}) AS mine
    FROM seats s JOIN venue_sections vs ON vs.id = s.section_id
    WHERE s.seatplan_id = ${season.seatplanId} AND vs.is_reserved
    ORDER BY s.section_id, s.row_index, s.seat_index`.pipe(Effect.orDie)
  return {
    SeasonId: season.id,
    venueId: season.venueId,
    seatplanId: season.seatplanId,
    presentationIds: showings,
    seats: seats.map((s) => ({
      VenueSectionId: s.sectionId,
      XCoordinate: s.x,
      YCoordinate: s.y,
      isAvailable: !s.takenByOthers,
      isSelected: showings.length > 0 && s.mine === showings.length,
    })),
  } satisfies EnrolSeatplan
})

/** The seat a request names in the season's seatplan. */
const resolveSeat = Effect.fn("EnrolSeats.seat")(function* (season: Season, request: EnrolSeatRequest) {
  if ((request.venueId ?? season.venueId) !== season.venueId) return yield* unknownSeat()
  if ((request.seatplanId ?? season.seatplanId) !== season.seatplanId) return yield* unknownSeat()
  const seat = yield* seatOf(season.seatplanId, {
    VenueSectionId: request.sectionId,
    XCoordinate: request.x,
    YCoordinate: request.y,
  })
  if (Option.isNone(seat)) return yield* unknownSeat()
  return seat.value
})

/** The cart's live holds in `showings` of another seat than `seatId`: one seat per showing, another must go first. */
const otherSeatHeld = Effect.fn("EnrolSeats.otherHeld")(function* (
  cartToken: string,
  showings: ReadonlyArray<number>,
  seatId: number,
) {
  const sql = yield* SqlClient.SqlClient
  const others = yield* sql<{ n: number }>`
    SELECT count(*)::int AS n FROM seat_allocations a
    WHERE a.cart_token = ${cartToken} AND a.presentation_id IN ${sql.in(showings)} AND a.seat_id <> ${seatId}
      AND a.kind = 'hold' AND a.expires_at > marquee_now()`
  return (others[0]?.n ?? 0) > 0
})

export const lockEnrolSeat = Effect.fn("EnrolSeats.lock")(function* (
  asker: EnrolAsker,
  request: EnrolSeatRequest,
  cartToken: string,
  limits: HoldLimits,
) {
  const { member, season, showings } = yield* context(asker, request.seasonId, request.presentationId)
  if (Option.isSome(yield* liveEnrolment(season.id, member.id)))
    return yield* new EnrolSeatRefused({ error: "ALREADY_ENROLLED" })
  if (request.presentationId === null) {
    if (season.isSkipMemberSeat || showings.length === 0)
      return yield* new EnrolSeatRefused({ error: "enrolmentMemberSeat" })
  } else if (!request.selections.includes(request.presentationId))
    return yield* new EnrolSeatRefused({ error: "enrolmentPresentation" })
  const seat = yield* resolveSeat(season, request)
  // the one-seat rule counted under the cart's row lock, so the cart's concurrent locks of two seats in one
  // showing pass it one after the other and the second sees the first's hold
  const otherSeat = otherSeatHeld(cartToken, showings, seat.id).pipe(
    Effect.map((other) => (other ? new EnrolSeatRefused({ error: "oneSeatPerPresentation" }) : undefined)),
  )
  const until = yield* holdSeatForCart({ cartToken, seatId: seat.id, showings, limits }, otherSeat)
  return {
    lockedSeat: {
      VenueSectionId: request.sectionId,
      x: request.x,
      y: request.y,
      RowName: seat.rowName,
      SeatName: seat.seatName,
    },
    presentationIds: showings,
    expiresAt: new Date(until).toISOString(),
  }
})

/** Lets the cart's own live hold of the seat go in the showings asked; a hold tied to an unpaid order stays. */
export const unlockEnrolSeat = Effect.fn("EnrolSeats.unlock")(function* (
  asker: EnrolAsker,
  request: EnrolSeatRequest,
  cartToken: string,
) {
  const sql = yield* SqlClient.SqlClient
  const { season, showings } = yield* context(asker, request.seasonId, request.presentationId)
  const seat = yield* resolveSeat(season, request)
  if (showings.length === 0) return yield* new SeatUnlockFailed({ error: "unlock_seat_error" })
  const released = yield* sql<{ id: string }>`
    DELETE FROM seat_allocations a
    WHERE a.presentation_id IN ${sql.in(showings)} AND a.seat_id = ${seat.id} AND a.cart_token = ${cartToken}
      AND a.kind = 'hold' AND a.reservation_id IS NULL AND a.expires_at > marquee_now()
    RETURNING a.id::text AS id`.pipe(Effect.orDie)
  if (released.length === 0) return yield* new SeatUnlockFailed({ error: "unlock_seat_error" })
  return {
    unlockedSeat: {
      VenueSectionId: request.sectionId,
      x: request.x,
      y: request.y,
      RowName: seat.rowName,
      SeatName: seat.seatName,
    },
  }
})
