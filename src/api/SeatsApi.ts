import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import {
  INVALID_SEAT_REQUESTS,
  SEAT_HOLDS_TOO_FAST,
  SEAT_LOCK_BUSY,
  SEAT_LOCK_FAILURES,
  SEAT_UNLOCK_FAILURES,
} from "../domain/seating/refusals.ts"
import { LIMITS } from "../domain/shared/wireLimits.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { Presentation } from "./PresentationEntities.ts"
import { EventNotFound } from "./PresentationsApi.ts"
import { LocationOffline } from "./partnerErrors.ts"
import { CartIfAny, CartSession } from "./sessions.ts"
import { LangQuery, PositiveInt } from "./shared.ts"

/**
 * Seats (spec §7 Seats): seatplans, statuses, locks, best available.
 *
 * Coordinates: `XCoordinate`/`YCoordinate` are the seat's grid position (seat index, row index), non-negative
 * integers unique within a section, so (VenueSectionId, XCoordinate, YCoordinate) names a seat. For a
 * general-admission section the server picks a numbered place and answers it as `lockedSeat {x: place, y: 0}`.
 * `PositionX`/`PositionY` are where the seat is drawn, in seat widths with the screen at the top.
 *
 * The cart: every call that holds or reads "my" seats names its cart in the `x-cart-token` header (the token
 * from `POST /api/cart/token`). Getting a cart token needs a solved human check, so a missing or unknown
 * cart token answers the same 400 RECAPTCHA_REQUIRED as a missing check: get a new token and retry.
 */

const GridCoordinate = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100_000 })))

/** The seat of a lock or unlock request (spec §7 lock-seat payload), wire names as the spec writes them. */
export const SeatRef = Schema.Struct({
  PresentationId: PositiveInt,
  VenueId: Schema.optional(PositiveInt),
  VenueSeatplanId: Schema.optional(PositiveInt),
  VenueSectionId: PositiveInt,
  TicketGroupId: Schema.optional(Schema.NullOr(PositiveInt)),
  XCoordinate: GridCoordinate,
  YCoordinate: GridCoordinate,
})
export type SeatRef = typeof SeatRef.Type

/** Seats per lock call: no sane order needs more, and a bound keeps a bad client from a 10,000-seat statement. */
export const MAX_SEATS_PER_CALL = LIMITS.seats

export const LockRequest = Schema.Struct({
  recaptchaToken: Schema.optional(WireText),
  /** the spec's single seat */
  seat: Schema.optional(SeatRef),
  /** several seats held together, all or nothing (a family, a sofa, a best-available pick) */
  seats: Schema.optional(Schema.Array(SeatRef)),
  /** an unpaid hold order: premium seats cannot be held (spec §4) */
  isHold: Schema.optional(Schema.Boolean),
})
export type LockRequest = typeof LockRequest.Type

export const LockedSeat = Schema.Struct({
  VenueSectionId: Schema.Int,
  x: Schema.Int,
  y: Schema.Int,
  RowName: Schema.String,
  SeatName: Schema.String,
})
export type LockedSeat = typeof LockedSeat.Type

export const LockResult = Schema.Struct({
  /** the first seat held (for a GA section, the place the server chose) */
  lockedSeat: Schema.Struct({ x: Schema.Int, y: Schema.Int }),
  lockedSeats: Schema.Array(LockedSeat),
  /** when every hold of this cart on this presentation lapses, ISO 8601 */
  expiresAt: Schema.String,
})
export type LockResult = typeof LockResult.Type

export const UnlockResult = Schema.Struct({ unlockedSeats: Schema.Array(LockedSeat) })

/**
 * Why a lock was refused. `lock_seat_error` is the spec's "Seat no longer available"; the others are the
 * catalogue's single-seat error, premium seat on a hold, and our cap on seats one cart may hold.
 */
export class SeatLockFailed extends Schema.TaggedError<SeatLockFailed>()(
  "SeatLockFailed",
  {
    error: Schema.Literals(SEAT_LOCK_FAILURES),
    seats: Schema.optional(Schema.Array(Schema.Struct({ x: Schema.Int, y: Schema.Int }))),
  },
  { httpApiStatus: 409 },
) {}

export class SeatUnlockFailed extends Schema.TaggedError<SeatUnlockFailed>()(
  "SeatUnlockFailed",
  { error: Schema.Literals(SEAT_UNLOCK_FAILURES) },
  { httpApiStatus: 409 },
) {}

/** The database was too busy to answer within seconds; nothing was held. Safe to retry. */
export class SeatLockBusy extends Schema.TaggedError<SeatLockBusy>()(
  "SeatLockBusy",
  { error: Schema.Literals(SEAT_LOCK_BUSY), retryAfterSeconds: Schema.Int },
  { httpApiStatus: 503 },
) {}

/**
 * Issue 20's lock velocity: this client (its address, as every limit counts it) took more new seats this minute than
 * `MAX_SEATS_PER_CLIENT_MINUTE` allows, across all its carts and server processes (migration 0074); nothing was held.
 */
export class SeatHoldsTooFast extends Schema.TaggedError<SeatHoldsTooFast>()(
  "SeatHoldsTooFast",
  { error: Schema.Literals(SEAT_HOLDS_TOO_FAST), retryAfterSeconds: Schema.Int },
  { httpApiStatus: 429 },
) {}

/** A request that can never succeed as written; nothing was held. */
export class InvalidSeatRequest extends Schema.TaggedError<InvalidSeatRequest>()(
  "InvalidSeatRequest",
  {
    error: Schema.Literals(INVALID_SEAT_REQUESTS),
  },
  { httpApiStatus: 400 },
) {}

export class NotEnoughSeats extends Schema.TaggedError<NotEnoughSeats>()(
  "NotEnoughSeats",
  { error: Schema.Literal("NOT_ENOUGH_SEATS") },
  { httpApiStatus: 409 },
) {}

export const SeatplanSection = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  isReserved: Schema.Boolean,
  capacity: Schema.Int,
  sortOrder: Schema.Int,
})

export const SeatplanGroup = Schema.Struct({
  id: Schema.Int,
  sectionId: Schema.Int,
  kind: Schema.Literals(["sofa", "bed"]),
  seatCount: Schema.Int,
})

export const SeatplanRow = Schema.Struct({
  sectionId: Schema.Int,
  YCoordinate: Schema.Int,
  RowName: Schema.String,
})

export const SeatplanSeat = Schema.Struct({
  VenueSectionId: Schema.Int,
  VenueSectionSeatGroupId: Schema.NullOr(Schema.Int),
  /** the seat's own ticket group (VIP sofas, premium seats); null: the section's groups apply */
  TicketGroupId: Schema.NullOr(Schema.Int),
  XCoordinate: Schema.Int,
  YCoordinate: Schema.Int,
  RowName: Schema.String,
  SeatName: Schema.String,
  PositionX: Schema.Number,
  PositionY: Schema.Number,
  isPremium: Schema.Boolean,
  isHandicap: Schema.Boolean,
  isCompanion: Schema.Boolean,
  isLimitedView: Schema.Boolean,
})
export type SeatplanSeat = typeof SeatplanSeat.Type

export const Seatplan = Schema.Struct({
  seatplan: Schema.Struct({
    id: Schema.Int,
    venueId: Schema.Int,
    /** bounding box of the seats, in seat widths */
    width: Schema.Number,
    height: Schema.Number,
    /** where best available aims */
    focalPoint: Schema.Struct({ x: Schema.Number, y: Schema.Number }),
    sections: Schema.Array(SeatplanSection),
    groups: Schema.Array(SeatplanGroup),
    rows: Schema.Array(SeatplanRow),
    seats: Schema.Array(SeatplanSeat),
  }),
})
export type Seatplan = typeof Seatplan.Type

export class SeatplanNotFound extends Schema.TaggedError<SeatplanNotFound>()(
  "SeatplanNotFound",
  { error: Schema.Literal("seatplanNotFound") },
  { httpApiStatus: 404 },
) {}

export const SeatStatus = Schema.Struct({
  VenueSectionId: Schema.Int,
  XCoordinate: Schema.Int,
  YCoordinate: Schema.Int,
  isAvailable: Schema.Boolean,
  /** held by the asking cart */
  isSelected: Schema.Boolean,
  /** seating policy 3: taking this seat alone would strand a neighbour */
  isSingleSeatBlock: Schema.Boolean,
})
export type SeatStatus = typeof SeatStatus.Type

export const SectionStatus = Schema.Struct({
  id: Schema.Int,
  isReserved: Schema.Boolean,
  capacity: Schema.Int,
  available: Schema.Int,
  isSoldOut: Schema.Boolean,
})

export const SeatStatuses = Schema.Struct({
  presentationId: Schema.Int,
  /** V1: every reserved seat. V2: only seats that are not plainly available (absent means free to take). */
  seats: Schema.Array(SeatStatus),
  sections: Schema.Array(SectionStatus),
  /** places the asking cart holds in general-admission sections */
  heldPlaces: Schema.Array(LockedSeat),
  /** when the asking cart's holds on this presentation lapse; null when it holds nothing */
  holdExpiresAt: Schema.NullOr(Schema.String),
  serverTime: Schema.String,
})
export type SeatStatuses = typeof SeatStatuses.Type

const statusQuery = {
  presentationId: PositiveInt,
  venueTypeId: Schema.optional(Schema.Int),
  isReserved: Schema.optional(WireText),
  sectionId: Schema.optional(PositiveInt),
  recaptchaToken: Schema.optional(WireText),
  miniSiteUrl: Schema.optional(WireText),
}

export const PartOfDay = Schema.Literals(["morning", "afternoon", "evening", "night"])
export type PartOfDay = typeof PartOfDay.Type

const IsoDate = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/, { expected: "YYYY-MM-DD" })),
)

export const BestAvailableMatch = Schema.Struct({
  presentationId: Schema.Int,
  tier: Schema.Literals(["adjacent", "adjacentWithOrphan", "nearest", "acrossSections"]),
  seats: Schema.Array(Schema.Struct({ ...SeatRef.fields, RowName: Schema.String, SeatName: Schema.String })),
  isLocked: Schema.Boolean,
  expiresAt: Schema.NullOr(Schema.String),
})
export type BestAvailableMatch = typeof BestAvailableMatch.Type

/** The compact seatplan body's media type (compactSeatplan.ts). */
export const SEATPLAN_CONTENT_TYPE = "application/vnd.marquee.seatplan"
/** The status bitmap body's media type (statusBitmap.ts). */
export const STATUS_CONTENT_TYPE = "application/vnd.marquee.seat-status"

export class SeatsApi extends HttpApiGroup.make("seats")
  .add(
    HttpApiEndpoint.post("seatplanV2", "/seats/seatplanV2", {
      query: { venueId: PositiveInt, seatplanId: PositiveInt, lang: LangQuery },
      // the token is accepted for the spec's sake but not required: a seatplan is public and cacheable
      payload: Schema.Struct({ recaptchaToken: Schema.optional(WireText) }),
      success: Seatplan,
      error: SeatplanNotFound,
    }),
  )
  .add(
    HttpApiEndpoint.get("seatplan", "/seats/seatplan", {
      query: { venueId: PositiveInt, seatplanId: PositiveInt, lang: LangQuery },
      success: Seatplan,
      error: SeatplanNotFound,
    }),
  )
  .add(
    // not in the spec: the same seatplan as one compact binary body (compactSeatplan.ts), which the seat screen
    // loads; the JSON calls above stay for everyone else
    HttpApiEndpoint.get("seatplanCompact", "/seats/seatplan-compact", {
      query: { venueId: PositiveInt, seatplanId: PositiveInt, lang: LangQuery },
      success: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: SEATPLAN_CONTENT_TYPE })),
      error: SeatplanNotFound,
    }),
  )
  .add(
    HttpApiEndpoint.get("statusV2", "/seats/seats-statusV2", {
      query: statusQuery,
      success: SeatStatuses,
      error: EventNotFound,
    }).middleware(CartIfAny),
  )
  .add(
    HttpApiEndpoint.get("status", "/seats/seats-status", {
      query: statusQuery,
      success: SeatStatuses,
      error: EventNotFound,
    }).middleware(CartIfAny),
  )
  .add(
    // not in the spec: every seat's status in two bits, in seatplan order (statusBitmap.ts), which the seat
    // screen polls once it has the hall
    HttpApiEndpoint.get("statusBitmap", "/seats/seats-status-bitmap", {
      // `miniSiteUrl` as on the spec's status calls: a partner's buyer sees only the partner's showings (issue 19)
      query: { presentationId: PositiveInt, miniSiteUrl: Schema.optional(WireText) },
      success: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: STATUS_CONTENT_TYPE })),
      error: EventNotFound,
    }).middleware(CartIfAny),
  )
  .add(
    HttpApiEndpoint.put("lock", "/seats/lock-seat", {
      // `lang`: the cinema's name in a `locationOffline` answer (ours; Hebrew without it)
      query: { lang: LangQuery },
      payload: LockRequest,
      success: LockResult,
      error: [
        SeatLockFailed,
        SeatLockBusy,
        SeatHoldsTooFast,
        InvalidSeatRequest,
        EventNotFound,
        HumanCheckFailed,
        // spec §8 "location offline": the showing's cinema is offline for sales (src/domain/shared/onSale.ts)
        LocationOffline,
      ],
    }).middleware(CartSession),
  )
  .add(
    HttpApiEndpoint.put("unlock", "/seats/unlock-seat", {
      payload: LockRequest,
      success: UnlockResult,
      error: [SeatUnlockFailed, SeatLockBusy, InvalidSeatRequest, EventNotFound, HumanCheckFailed],
    }).middleware(CartSession),
  )
  .add(
    HttpApiEndpoint.get("bestAvailable", "/seats/best-available", {
      query: {
        recaptchaToken: Schema.optional(WireText),
        maxMatches: Schema.optional(PositiveInt),
        featureId: Schema.optional(PositiveInt),
        presentationId: Schema.optional(PositiveInt),
        ticketGroupId: Schema.optional(PositiveInt),
        quantity: PositiveInt,
        resultsPerMatch: Schema.optional(PositiveInt),
        isBestPerPresentation: Schema.optional(Schema.Boolean),
        startDate: Schema.optional(IsoDate),
        endDate: Schema.optional(IsoDate),
        locationId: Schema.optional(PositiveInt),
        partOfDay: Schema.optional(PartOfDay),
        isLock: Schema.optional(Schema.Boolean),
        isHold: Schema.optional(Schema.Boolean),
        miniSiteUrl: Schema.optional(WireText),
        lang: LangQuery,
      },
      success: Schema.Struct({ matches: Schema.Array(BestAvailableMatch) }),
      error: [
        NotEnoughSeats,
        SeatLockFailed,
        SeatLockBusy,
        SeatHoldsTooFast,
        InvalidSeatRequest,
        EventNotFound,
        HumanCheckFailed,
        LocationOffline,
      ],
      // a search alone (`isLock=false`) needs no cart; holding the match (the default) needs a live one
    }).middleware(CartIfAny),
  )
  .add(
    HttpApiEndpoint.get("presentationsOnDate", "/seats/presentations", {
      query: { date: IsoDate, lang: LangQuery },
      success: Schema.Struct({ presentations: Schema.Array(Presentation) }),
    }),
  ) {}
