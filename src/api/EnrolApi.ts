import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { BoundedArray, LIMITS } from "../domain/shared/wireLimits.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { Agorot } from "./PaymentApi.ts"
import {
  InvalidSeatRequest,
  LockedSeat,
  SeatHoldsTooFast,
  SeatLockBusy,
  SeatLockFailed,
  SeatUnlockFailed,
} from "./SeatsApi.ts"
import { CartIfAny, CartSession, CustomerSession, LoginRequired } from "./sessions.ts"
import { LangQuery, PositiveInt } from "./shared.ts"

/**
 * Season enrolment (spec §2 "Membership enrolment", §3 "Enrol membership", §7 `/enroll/{membershipId}/…`, §8
 * ALREADY_ENROLLED; issue 16). Server: src/server/enrol/. Only a signed-in customer with a member of the membership
 * valid today enrols (`CustomerSession`: the member is the session's, never an id from the request).
 *
 * The steps: chooseSeats (the member seat: one seat held in every required showing, all or nothing; skipped when
 * `IsSkipMemberSeat`) → chooseTickets (a ticket type of the season's groups, `DefaultTicketGroupId` first) →
 * choosePresentations (the optional showings; required ones are always in) → choosePresentationsSeats (a seat in
 * each showing that has none yet) → customerInfo → confirmation. The order is committed by `POST /payment/commit`
 * with the cart's `enrolment` line (src/server/payment/itemOrders/enrolmentOrder.ts says every rule).
 */

/** Every enrolment refusal a screen shows; each has its text at `enrol.errors.<code>` in every locale. */
export const ENROL_REFUSALS = [
  "ALREADY_ENROLLED",
  "GENERAL_ERROR",
  "memberNotFound",
  "enrolmentClosed",
  "enrolmentPresentation",
  "enrolmentRequiredMissing",
  "enrolmentTicket",
  "enrolmentMemberSeat",
  "oneSeatPerPresentation",
  "seatTaken",
  "holdLost",
  "priceMismatch",
  "signInRequired",
] as const
export type EnrolRefusal = (typeof ENROL_REFUSALS)[number]

export const EnrolTicket = Schema.Struct({ ticketId: Schema.Int, name: Schema.String, price: Agorot })

export const EnrolTicketGroup = Schema.Struct({
  ticketGroupId: Schema.Int,
  name: Schema.String,
  /** public tickets of the group (no member-only or reference tickets), cheapest first */
  tickets: Schema.Array(EnrolTicket),
})
export type EnrolTicketGroup = typeof EnrolTicketGroup.Type

/** Spec §3 Presentations (PresentationId, IsRequired, MembershipPayableAmount) and PresentationDetail. */
export const EnrolPresentation = Schema.Struct({
  PresentationId: Schema.Int,
  IsRequired: Schema.Boolean,
  MembershipPayableAmount: Agorot,
  PresentationDetail: Schema.Struct({ IsPriceOverride: Schema.Boolean, Price: Schema.NullOr(Agorot) }),
  featureName: Schema.String,
  /** ISO 8601 */
  startsAt: Schema.String,
})
export type EnrolPresentation = typeof EnrolPresentation.Type

/** What the member is enrolled in, when they are: the order and the seat in each showing. */
export const Enrolment = Schema.Struct({
  reservationIdentifier: Schema.String,
  /** `paid`: enrolled; `awaitingPayment`: the order is being paid */
  status: Schema.Literals(["paid", "awaitingPayment"]),
  seats: Schema.Array(
    Schema.Struct({ PresentationId: Schema.Int, RowName: Schema.String, SeatName: Schema.String }),
  ),
})
export type Enrolment = typeof Enrolment.Type

/** Spec §3 "Enrol membership": one season open to the membership. */
export const EnrolSeason = Schema.Struct({
  SeasonId: Schema.Int,
  Name: Schema.String,
  venueId: Schema.Int,
  seatplanId: Schema.Int,
  IsSkipMemberSeat: Schema.Boolean,
  IsPricingPerTicket: Schema.Boolean,
  DefaultTicketGroupId: Schema.Int,
  TicketGroups: Schema.Array(EnrolTicketGroup),
  /** the showings that have not started, in start order */
  Presentations: Schema.Array(EnrolPresentation),
  enrolled: Schema.NullOr(Enrolment),
})
export type EnrolSeason = typeof EnrolSeason.Type

export const EnrolMembership = Schema.Struct({
  MembershipId: Schema.Int,
  membershipName: Schema.String,
  /** the signed-in customer's member that enrols (the valid one with the lowest number, unless `memberNumber` named another) */
  memberNumber: Schema.String,
  seasons: Schema.Array(EnrolSeason),
  /**
   * The cinemas (names) of the membership's seasons that would be open but for their cinema being offline for
   * sales (spec §8 "location offline", issue 19): enrolment there is closed, and the browser says why.
   */
  offlineCinemas: Schema.Array(Schema.String),
})
export type EnrolMembership = typeof EnrolMembership.Type

/** No member of this membership valid today belongs to the signed-in customer (spec §8 member lookup). */
export class EnrolMemberNotFound extends Schema.TaggedError<EnrolMemberNotFound>()(
  "EnrolMemberNotFound",
  { error: Schema.Literal("memberNotFound") },
  { httpApiStatus: 404 },
) {}

/** The season is not open to the membership, or the showing is not one of its own that has not started. */
export class EnrolNotOpen extends Schema.TaggedError<EnrolNotOpen>()(
  "EnrolNotOpen",
  { error: Schema.Literals(["enrolmentClosed", "enrolmentPresentation"]) },
  { httpApiStatus: 404 },
) {}

/**
 * A seat the member may not hold as asked: `ALREADY_ENROLLED`; `enrolmentMemberSeat` (a member seat asked of a
 * season that skips it); `enrolmentPresentation` (the showing is not among `selections`); `oneSeatPerPresentation`
 * (the cart holds another seat in that showing: unlock it first).
 */
export class EnrolSeatRefused extends Schema.TaggedError<EnrolSeatRefused>()(
  "EnrolSeatRefused",
  {
    error: Schema.Literals([
      "ALREADY_ENROLLED",
      "enrolmentMemberSeat",
      "enrolmentPresentation",
      "oneSeatPerPresentation",
    ]),
  },
  { httpApiStatus: 409 },
) {}

const GridCoordinate = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100_000 })))

/**
 * Spec §7 {venueId, seatplanId, sectionId, x, y, ticketGroupId, seasonId, presentationId, selections}.
 * `presentationId` null: the member seat, in every required showing. `selections`: the showings chosen so far.
 */
export const EnrolSeatRequest = Schema.Struct({
  venueId: Schema.optional(PositiveInt),
  seatplanId: Schema.optional(PositiveInt),
  sectionId: PositiveInt,
  x: GridCoordinate,
  y: GridCoordinate,
  ticketGroupId: Schema.optional(Schema.NullOr(PositiveInt)),
  seasonId: PositiveInt,
  presentationId: Schema.NullOr(PositiveInt),
  selections: BoundedArray(PositiveInt, LIMITS.lines),
  recaptchaToken: Schema.optional(WireText),
})
export type EnrolSeatRequest = typeof EnrolSeatRequest.Type

export const EnrolSeatStatus = Schema.Struct({
  VenueSectionId: Schema.Int,
  XCoordinate: Schema.Int,
  YCoordinate: Schema.Int,
  /** free in every showing asked about (or held by the asking cart) */
  isAvailable: Schema.Boolean,
  /** held by the asking cart in every showing asked about */
  isSelected: Schema.Boolean,
})

export const EnrolSeatplan = Schema.Struct({
  SeasonId: Schema.Int,
  venueId: Schema.Int,
  seatplanId: Schema.Int,
  /** the showings the statuses are for: the one asked, or every required showing (the member seat) */
  presentationIds: Schema.Array(Schema.Int),
  seats: Schema.Array(EnrolSeatStatus),
})
export type EnrolSeatplan = typeof EnrolSeatplan.Type

export const EnrolLockResult = Schema.Struct({
  lockedSeat: LockedSeat,
  /** the showings the seat is now held in */
  presentationIds: Schema.Array(Schema.Int),
  /** ISO 8601 */
  expiresAt: Schema.String,
})

export const EnrolUnlockResult = Schema.Struct({ unlockedSeat: LockedSeat })

const membershipPath = { membershipId: PositiveInt }

export class EnrolApi extends HttpApiGroup.make("enrol")
  .add(
    HttpApiEndpoint.get("enrolMembership", "/enroll/:membershipId", {
      params: membershipPath,
      query: { lang: LangQuery, memberNumber: Schema.optional(WireText) },
      success: EnrolMembership,
      error: [LoginRequired, EnrolMemberNotFound],
    }).middleware(CustomerSession),
  )
  .add(
    HttpApiEndpoint.get("enrolSeatplan", "/enroll/:membershipId/seatplan", {
      params: membershipPath,
      query: { seasonId: PositiveInt, presentationId: Schema.optional(PositiveInt) },
      success: EnrolSeatplan,
      error: [LoginRequired, EnrolMemberNotFound, EnrolNotOpen],
    })
      .middleware(CustomerSession)
      .middleware(CartIfAny),
  )
  .add(
    HttpApiEndpoint.put("enrolLockSeat", "/enroll/:membershipId/lock-seat", {
      params: membershipPath,
      payload: EnrolSeatRequest,
      success: EnrolLockResult,
      error: [
        LoginRequired,
        EnrolMemberNotFound,
        EnrolNotOpen,
        EnrolSeatRefused,
        SeatLockFailed,
        SeatLockBusy,
        SeatHoldsTooFast,
        InvalidSeatRequest,
        HumanCheckFailed,
      ],
    })
      .middleware(CustomerSession)
      .middleware(CartSession),
  )
  .add(
    HttpApiEndpoint.put("enrolUnlockSeat", "/enroll/:membershipId/unlock-seat", {
      params: membershipPath,
      payload: EnrolSeatRequest,
      success: EnrolUnlockResult,
      error: [LoginRequired, EnrolMemberNotFound, EnrolNotOpen, SeatUnlockFailed, InvalidSeatRequest],
    })
      .middleware(CustomerSession)
      .middleware(CartSession),
  ) {}
