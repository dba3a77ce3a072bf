import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { MembershipReference } from "../domain/cart/facts.ts"
import { BoundedArray, LIMITS } from "../domain/shared/wireLimits.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { Agorot } from "./PaymentApi.ts"
import { LocationOffline } from "./partnerErrors.ts"
import {
  InvalidSeatRequest,
  LockedSeat,
  SeatHoldsTooFast,
  SeatLockBusy,
  SeatLockFailed,
  SeatUnlockFailed,
} from "./SeatsApi.ts"
import { CartIfAny, CartSession, CustomerIfAny } from "./sessions.ts"
import { LangQuery, PositiveInt } from "./shared.ts"

/**
 * Memberships for sale (spec §3 Membership, §4 membership states, §7 Memberships; issue 16). Server:
 * src/server/memberships/. The order itself is committed by `POST /payment/commit` with one `memberships` line
 * (src/server/payment/itemOrders/membershipsOrder.ts says every rule and refusal).
 *
 * A membership with a seat (`hasSeat`) is a season seat: one seat of its venue's seatplan, the same for every
 * showing of its series that has not started. `GET /membership/seatplan` answers which seats are free in ALL of
 * those showings (draw the hall with `GET /seats/seatplan?venueId&seatplanId`); `lock-seat` holds the seat in
 * every one of them for the asking cart, all or nothing, with the ticket seats' own holds (never two holders, the
 * cart's deadline, `PUT /cart/renew-holds` renews it); `unlock-seat` lets it go.
 */

// Every membership refusal a screen shows, with its text: src/domain/memberships/refusals.ts (MEMBERSHIP_REFUSALS).

/** A price of a membership (spec §3 prices); `selectedQuantity`/`usedQuantity` are 0 in the catalogue. */
export const MembershipPrice = Schema.Struct({
  MembershipPriceId: Schema.Int,
  Name: Schema.String,
  Price: Agorot,
  /** ISO 4217 code, and the id the cart line's `currencyId` carries */
  currency: Schema.String,
  currencyId: Schema.Int,
  PriceCode: Schema.String,
  selectedQuantity: Schema.Int,
  usedQuantity: Schema.Int,
  references: Schema.Array(MembershipReference),
  SystemVoucherReference: Schema.NullOr(Schema.String),
  DiscountId: Schema.NullOr(Schema.Int),
})
export type MembershipPrice = typeof MembershipPrice.Type

export const MembershipForSale = Schema.Struct({
  MembershipId: Schema.Int,
  Code: Schema.String,
  Name: Schema.String,
  ClassName: Schema.String,
  /** 1 club, 2 series (a punch card of `ticketQuantity` entries) */
  MembershipTypeId: Schema.Int,
  ticketQuantity: Schema.NullOr(Schema.Int),
  /** days a new membership is valid from the day it is bought */
  validityDays: Schema.Int,
  terms: Schema.String,
  /** spec §9: at most this many per order (1) */
  maxQuantity: Schema.Int,
  /** the membership comes with a season seat: the order steps include chooseSeats */
  hasSeat: Schema.Boolean,
  venueId: Schema.NullOr(Schema.Int),
  seatplanId: Schema.NullOr(Schema.Int),
  prices: Schema.Array(MembershipPrice),
})
export type MembershipForSale = typeof MembershipForSale.Type

/**
 * One of the signed-in customer's members (spec §3 "topups per member number", §4 states): a top-up line names it
 * in the commit cart's `membershipIdentifier` with `isTopup: true`. `renewalOffered`: active and ending within
 * `renewalWindowDays` (MEMBERSHIP_RENEWAL_WINDOW_DAYS, default 30, the customer area's window).
 */
export const MemberTopup = Schema.Struct({
  memberNumber: Schema.String,
  MembershipId: Schema.Int,
  Name: Schema.String,
  state: Schema.Literals(["notStarted", "active", "expired"]),
  startDate: Schema.String,
  endDate: Schema.String,
  /** entries left on a series; null for a club membership */
  balance: Schema.NullOr(Schema.Int),
  renewalOffered: Schema.Boolean,
  prices: Schema.Array(MembershipPrice),
})
export type MemberTopup = typeof MemberTopup.Type

export const MembershipCatalogue = Schema.Struct({
  /** empty: spec §8 "no memberships for sale" */
  memberships: Schema.Array(MembershipForSale),
  /** the signed-in customer's members whose membership is on sale; empty for a guest */
  topups: Schema.Array(MemberTopup),
  renewalWindowDays: Schema.Int,
})
export type MembershipCatalogue = typeof MembershipCatalogue.Type

/** Spec §8 "no memberships for sale": no such membership on sale, or (seat calls) none with a seat. */
export class MembershipNotForSale extends Schema.TaggedError<MembershipNotForSale>()(
  "MembershipNotForSale",
  { error: Schema.Literal("noMembershipsForSale") },
  { httpApiStatus: 404 },
) {}

/**
 * A membership seat the cart may not hold as asked: `membershipNotSelected` (no selection of this membership in
 * `selections`), `membershipQuantityExceeded` (spec §5: no more seats than memberships selected, at most 1).
 */
export class MembershipSeatRefused extends Schema.TaggedError<MembershipSeatRefused>()(
  "MembershipSeatRefused",
  { error: Schema.Literals(["membershipNotSelected", "membershipQuantityExceeded"]) },
  { httpApiStatus: 409 },
) {}

const GridCoordinate = Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100_000 })))

/** Spec §7 seat{MembershipId, venue, seatplan, section, ticket group, coordinates}. */
export const MembershipSeatRef = Schema.Struct({
  MembershipId: PositiveInt,
  VenueId: Schema.optional(PositiveInt),
  VenueSeatplanId: Schema.optional(PositiveInt),
  VenueSectionId: PositiveInt,
  TicketGroupId: Schema.optional(Schema.NullOr(PositiveInt)),
  XCoordinate: GridCoordinate,
  YCoordinate: GridCoordinate,
})
export type MembershipSeatRef = typeof MembershipSeatRef.Type

/** What the buyer selected on chooseMemberships: which price, how many (the lock reads them, spec §7). */
export const MembershipSelection = Schema.Struct({
  MembershipId: PositiveInt,
  membershipPriceId: PositiveInt,
  quantity: Schema.Int.pipe(Schema.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
})

export const MembershipLockRequest = Schema.Struct({
  seat: MembershipSeatRef,
  selections: BoundedArray(MembershipSelection, LIMITS.lines),
  recaptchaToken: Schema.optional(WireText),
})

export const MembershipUnlockRequest = Schema.Struct({ seat: MembershipSeatRef })

export const MembershipSeatStatus = Schema.Struct({
  VenueSectionId: Schema.Int,
  XCoordinate: Schema.Int,
  YCoordinate: Schema.Int,
  /** free in every future showing of the series (or held by the asking cart) */
  isAvailable: Schema.Boolean,
  /** held by the asking cart */
  isSelected: Schema.Boolean,
})

export const MembershipSeatplan = Schema.Struct({
  MembershipId: Schema.Int,
  venueId: Schema.Int,
  seatplanId: Schema.Int,
  /** the future showings the seat is for, in start order */
  presentationIds: Schema.Array(Schema.Int),
  /** every reserved seat of the seatplan */
  seats: Schema.Array(MembershipSeatStatus),
  /** when the asking cart's membership seat hold lapses; null when it holds none */
  holdExpiresAt: Schema.NullOr(Schema.String),
})
export type MembershipSeatplan = typeof MembershipSeatplan.Type

export const MembershipLockResult = Schema.Struct({
  lockedSeat: LockedSeat,
  /** ISO 8601 */
  expiresAt: Schema.String,
})

export const MembershipUnlockResult = Schema.Struct({ unlockedSeat: LockedSeat })

export class MembershipsApi extends HttpApiGroup.make("memberships")
  .add(
    HttpApiEndpoint.get("memberships", "/memberships", {
      query: { lang: LangQuery },
      success: MembershipCatalogue,
    }).middleware(CustomerIfAny),
  )
  .add(
    HttpApiEndpoint.get("membershipSeatplan", "/membership/seatplan", {
      // `lang`: the cinema's name in a `locationOffline` answer (ours; Hebrew without it)
      query: { membershipId: PositiveInt, lang: LangQuery },
      success: MembershipSeatplan,
      // spec §8 "location offline" when the season seats' cinema is offline for sales (issue 19): the browser
      // shows the offline-venue view instead of the hall
      error: [MembershipNotForSale, LocationOffline],
    }).middleware(CartIfAny),
  )
  .add(
    HttpApiEndpoint.put("membershipLockSeat", "/membership/lock-seat", {
      payload: MembershipLockRequest,
      success: MembershipLockResult,
      error: [
        MembershipNotForSale,
        MembershipSeatRefused,
        SeatLockFailed,
        SeatLockBusy,
        SeatHoldsTooFast,
        InvalidSeatRequest,
        HumanCheckFailed,
      ],
    }).middleware(CartSession),
  )
  .add(
    HttpApiEndpoint.put("membershipUnlockSeat", "/membership/unlock-seat", {
      payload: MembershipUnlockRequest,
      success: MembershipUnlockResult,
      error: [MembershipNotForSale, SeatUnlockFailed, InvalidSeatRequest],
    }).middleware(CartSession),
  ) {}
