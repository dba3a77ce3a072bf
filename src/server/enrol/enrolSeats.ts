import { Data, Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  EnrolMemberNotFound,
  EnrolNotOpen,
  type EnrolSeatplan,
  EnrolSeatRefused,
  type EnrolSeatRequest,
} from "../../api/EnrolApi.ts"
import { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import { InvalidSeatRequest, SeatLockBusy, SeatLockFailed, SeatUnlockFailed } from "../../api/SeatsApi.ts"
import { seatOf } from "../memberships/membershipSeats.ts"
import { busyRetry, isBusy } from "../seats/SeatHolds.ts"
import { liveEnrolment, openSeason, type Season, validMember } from "./season.ts"

/**
 * The seats of an enrolment (spec §7 `/enroll/{membershipId}/seatplan`, `lock-seat`, `unlock-seat`): ordinary seat
 * holds made by the ticket seats' own `hold_seats`, so an enrolment seat and any other seat are never held twice.
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

/** A refusal of `hold_seats` inside the all-or-nothing transaction: failing rolls the showings held so far back. */
class HoldRefused extends Data.TaggedError("HoldRefused")<{ readonly outcome: string }> {}

export const lockEnrolSeat = Effect.fn("EnrolSeats.lock")(function* (
  asker: EnrolAsker,
  request: EnrolSeatRequest,
  cartToken: string,
  limits: { readonly holdSeconds: number; readonly cap: number },
) {
  const sql = yield* SqlClient.SqlClient
  const { member, season, showings } = yield* context(asker, request.seasonId, request.presentationId)
  if (Option.isSome(yield* liveEnrolment(season.id, member.id)))
    return yield* new EnrolSeatRefused({ error: "ALREADY_ENROLLED" })
  if (request.presentationId === null) {
    if (season.isSkipMemberSeat || showings.length === 0)
      return yield* new EnrolSeatRefused({ error: "enrolmentMemberSeat" })
  } else if (!request.selections.includes(request.presentationId))
    return yield* new EnrolSeatRefused({ error: "enrolmentPresentation" })
  const seat = yield* resolveSeat(season, request)
  // one seat per showing: another live hold of this cart there must be let go first
  const others = yield* sql<{ n: number }>`
    SELECT count(*)::int AS n FROM seat_allocations a
    WHERE a.cart_token = ${cartToken} AND a.presentation_id IN ${sql.in(showings)} AND a.seat_id <> ${seat.id}
      AND a.kind = 'hold' AND a.expires_at > marquee_now()`.pipe(Effect.orDie)
  if ((others[0]?.n ?? 0) > 0) return yield* new EnrolSeatRefused({ error: "oneSeatPerPresentation" })
  const hold = sql.withTransaction(
    Effect.gen(function* () {
      let until = 0
      for (const presentationId of showings) {
        const rows = yield* sql<{ outcome: string; expiresAtMs: number | null }>`
          SELECT outcome, (extract(epoch FROM expires_at) * 1000)::float8 AS "expiresAtMs"
          FROM hold_seats(${presentationId}, ${cartToken}, ARRAY[${seat.id}]::integer[], ${limits.holdSeconds},
            ${limits.cap})`
        const row = rows[0]
        if (row?.outcome !== "held") return yield* new HoldRefused({ outcome: row?.outcome ?? "taken" })
        until = row.expiresAtMs ?? until
      }
      return until
    }),
  )
  const held: number | HoldRefused = yield* hold.pipe(
    Effect.retry({ schedule: busyRetry, times: 3, while: (e) => e._tag === "SqlError" && isBusy(e) }),
    Effect.catchTag("HoldRefused", (refused) => Effect.succeed(refused)),
    Effect.catchTag("SqlError", (error) =>
      isBusy(error)
        ? Effect.fail(new SeatLockBusy({ error: "seatLockBusy", retryAfterSeconds: 1 }))
        : Effect.die(error),
    ),
  )
  if (typeof held === "number")
    return {
      lockedSeat: {
        VenueSectionId: request.sectionId,
        x: request.x,
        y: request.y,
        RowName: seat.rowName,
        SeatName: seat.seatName,
      },
      presentationIds: showings,
      expiresAt: new Date(held).toISOString(),
    }
  switch (held.outcome) {
    case "cap":
      return yield* new SeatLockFailed({ error: "seatLimitReached" })
    case "client_cap":
      return yield* new SeatLockFailed({ error: "clientSeatLimitReached" })
    case "unknown_cart":
      return yield* new HumanCheckFailed({ error: "RECAPTCHA_REQUIRED" })
    default:
      return yield* new SeatLockFailed({ error: "lock_seat_error" })
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
