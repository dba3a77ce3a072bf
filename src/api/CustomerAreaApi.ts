import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { InvalidSmsCode } from "./CustomerApi.ts"
import { InvalidMobileNumber, SmsDailyLimit, SmsFailed } from "./messagingErrors.ts"
import { Agorot } from "./PaymentApi.ts"
import { CustomerSession, LoginRequired } from "./sessions.ts"
import { LangQuery } from "./shared.ts"

/**
 * The customer area's data (spec §2 "Customer area", §4 states, §7 `GET /customer-area/customerAreaData`, issue 15).
 *
 * Three groups, one file each, all behind `CustomerSession` (the `uuid` header; none → 401 LOGIN_FAILED):
 * - this file: everything the area shows in one read, and changing the mobile number with a code sent to it;
 * - CustomerAreaCancellationApi.ts: the cancellation quote and `POST /reservations/{id}/cancel`;
 * - CustomerAreaVouchersApi.ts: a system voucher's history, cancel and replacement.
 * Resending a reservation's tickets is the existing `POST /reservations/{identifier}/sendTickets?key=` of
 * ReservationsApi.ts, called with the reservation's `documentKey` from this answer.
 *
 * Every answer is the asking customer's own and carries `Cache-Control: no-store`. Money is integer agorot,
 * instants are ISO 8601 with the Asia/Jerusalem offset, dates are `YYYY-MM-DD` (Asia/Jerusalem days).
 */

/**
 * Spec §4 reservation states, plus `partlyCancelled` (some tickets cancelled, the rest still valid) and an unpaid
 * hold's two (issue 16): `held` until its cut-off, `released` after it.
 */
export const AreaReservationState = Schema.Literals([
  "active",
  "partlyCancelled",
  "cancelled",
  "past",
  "scanned",
  "collected",
  "held",
  "released",
])
export type AreaReservationState = typeof AreaReservationState.Type

export const AreaTicketState = Schema.Literals(["active", "cancelled", "scanned"])
export type AreaTicketState = typeof AreaTicketState.Type

/**
 * Why a reservation cannot be cancelled online now (null when it can): `cutOff` past the configured cut-off
 * before the presentation, `past` the presentation began, `scanned` a ticket was scanned at the entrance,
 * `collected` the tickets were collected at the box office, `nothingLeft` every ticket is cancelled already.
 */
export const NotCancellableReason = Schema.Literals(["cutOff", "past", "scanned", "collected", "nothingLeft"])
export type NotCancellableReason = typeof NotCancellableReason.Type

export const AreaTicket = Schema.Struct({
  /** the id `itemsToCancel` names (the same identifier as the confirmation's tickets) */
  ticketIdentifier: Schema.String,
  sectionName: Schema.String,
  RowName: Schema.NullOr(Schema.String),
  SeatName: Schema.NullOr(Schema.String),
  ticketName: Schema.String,
  price: Agorot,
  /** the booking service charge paid with this ticket (never refunded, spec §9) */
  serviceCharge: Agorot,
  state: AreaTicketState,
  cancelledAt: Schema.NullOr(Schema.String),
})
export type AreaTicket = typeof AreaTicket.Type

export const AreaReservation = Schema.Struct({
  reservationIdentifier: Schema.String,
  state: AreaReservationState,
  purchasedAt: Schema.String,
  presentation: Schema.Struct({
    id: Schema.Int,
    featureId: Schema.Int,
    featureName: Schema.String,
    /** when the presentation starts */
    dateTime: Schema.String,
    durationMinutes: Schema.NullOr(Schema.Int),
    venueName: Schema.String,
    locationName: Schema.String,
  }),
  tickets: Schema.Array(AreaTicket),
  /** tickets still valid (not cancelled) */
  quantity: Schema.Int,
  /** what the order cost (tickets, their service charges, products, booking fee) */
  total: Agorot,
  /** given back so far by cancellations (to the payment or to transaction credit) */
  refunded: Agorot,
  /** open `/edocument/{key}` for each; empty when the order has no e-document (an old box-office sale) */
  documentKeys: Schema.Array(Schema.String),
  /** the unpaid hold flag of spec §3 (paid and collected at the box office) */
  isHold: Schema.Boolean,
  /**
   * issue 16: an unpaid hold's cut-off (30 minutes before the show: its seats are released then unless it was
   * paid) and whether it has passed; null for a paid order. Optional for answers cached before it existed.
   */
  holdDeadline: Schema.optional(
    Schema.NullOr(Schema.Struct({ deadline: Schema.String, lapsed: Schema.Boolean })),
  ),
  /** issue 19: a child waiver was signed with it (`GET /customer-area/reservations/{id}/waiver` reads it) */
  hasWaiver: Schema.optional(Schema.Boolean),
  isCancellable: Schema.Boolean,
  /** the last instant a cancellation is accepted (the presentation's start minus the cut-off) */
  cancellableUntil: Schema.String,
  notCancellableReason: Schema.NullOr(NotCancellableReason),
})
export type AreaReservation = typeof AreaReservation.Type

/** Spec §4 voucher states. */
export const AreaVoucherState = Schema.Literals([
  "active",
  "partiallyRedeemed",
  "fullyRedeemed",
  "expired",
  "forReplacement",
  "cancelled",
])
export type AreaVoucherState = typeof AreaVoucherState.Type

/**
 * A system voucher as its owner sees it (spec §3 "Customer-facing"). `kind` says what the numbers count: agorot
 * for a money voucher, tickets for a ticket voucher; `quantity` is what it was worth when bought, `redeemed` what
 * was spent, `balance` what is left.
 */
export const AreaSystemVoucher = Schema.Struct({
  reference: Schema.String,
  systemVoucherClassId: Schema.Int,
  /** the benefit's name (the voucher class) */
  benefitName: Schema.String,
  kind: Schema.Literals(["money", "tickets"]),
  balance: Schema.Int,
  quantity: Schema.Int,
  redeemed: Schema.Int,
  state: AreaVoucherState,
  isPartiallyRedeemed: Schema.Boolean,
  /** first and last valid day; a replacement moves them (spec §4) */
  StartDate: Schema.String,
  EndDate: Schema.String,
  purchasedAt: Schema.String,
  IsForReplacement: Schema.Boolean,
  /** when it was made a replacement; null if never */
  DateTimeCreated: Schema.NullOr(Schema.String),
  /** `POST /system-vouchers/{ref}/cancel` would be accepted */
  isCancellable: Schema.Boolean,
  /** `POST /system-vouchers/{ref}/replacement` would be accepted */
  isReplaceable: Schema.Boolean,
  /** its own e-document page (`/edocument/{key}`, issue 16); absent for vouchers not issued by an online order */
  eDocumentUrl: Schema.optional(Schema.String),
})
export type AreaSystemVoucher = typeof AreaSystemVoucher.Type

/**
 * Spec §3 Member with the §4 state; `renewalOffered` within the renewal window before `endDate`; `renewsOnline`:
 * its membership is sold online with a price, so `/memberships` renews it for its signed-in owner (issue 16's top-up).
 */
export const AreaMember = Schema.Struct({
  memberNumber: Schema.String,
  membershipId: Schema.Int,
  /** 1 club, 2 series (a punch card of entries) */
  membershipTypeId: Schema.Int,
  name: Schema.String,
  className: Schema.String,
  state: Schema.Literals(["notStarted", "active", "expired"]),
  startDate: Schema.String,
  endDate: Schema.String,
  /** series: entries left; club: 0 */
  balance: Schema.Int,
  usedBalance: Schema.Int,
  pointsBalance: Schema.Int,
  isAvailable: Schema.Boolean,
  isExpired: Schema.Boolean,
  isNotStarted: Schema.Boolean,
  allowMemberSaleTickets: Schema.Boolean,
  renewalOffered: Schema.Boolean,
  renewsOnline: Schema.Boolean,
})
export type AreaMember = typeof AreaMember.Type

/** Spec §3 "Video-on-demand item" with the §4 state. */
export const AreaVodTicket = Schema.Struct({
  id: Schema.String,
  featureId: Schema.Int,
  featureName: Schema.String,
  state: Schema.Literals(["future", "available", "expired"]),
  availableFrom: Schema.String,
  availableUntil: Schema.String,
  playbackCount: Schema.Int,
  /** plays left; null: unlimited within the availability */
  playbackBalance: Schema.NullOr(Schema.Int),
  lastPlayback: Schema.NullOr(Schema.String),
  purchasedAt: Schema.String,
  price: Agorot,
})
export type AreaVodTicket = typeof AreaVodTicket.Type

/** The profile summary; the ID number only masked (`******123`), never whole. */
export const AreaCustomer = Schema.Struct({
  CustomerId: Schema.Int,
  FirstName: Schema.String,
  LastName: Schema.String,
  SSN: Schema.NullOr(Schema.String),
  EmailAddress1: Schema.NullOr(Schema.String),
  MobileNumber1: Schema.NullOr(Schema.String),
})
export type AreaCustomer = typeof AreaCustomer.Type

export const CustomerAreaData = Schema.Struct({
  customer: AreaCustomer,
  /** money given back to the customer as transaction credit, not spent yet */
  transactionCredit: Agorot,
  /** upcoming presentations first (soonest first), then past ones (latest first) */
  reservations: Schema.Array(AreaReservation),
  SystemVouchers: Schema.Array(AreaSystemVoucher),
  Members: Schema.Array(AreaMember),
  VODTickets: Schema.Array(AreaVodTicket),
  /** the server's clock, so the app can tell "cancellable until" without trusting the device's */
  serverTime: Schema.String,
})
export type CustomerAreaData = typeof CustomerAreaData.Type

/** Another customer's account already has this mobile number (told only after the code proved the phone). */
export class MobileNumberInUse extends Schema.TaggedError<MobileNumberInUse>()(
  "MobileNumberInUse",
  { error: Schema.Literal("MOBILE_NUMBER_IN_USE") },
  { httpApiStatus: 409 },
) {}

export class CustomerAreaApi extends HttpApiGroup.make("customerArea")
  .add(
    HttpApiEndpoint.get("customerAreaData", "/customer-area/customerAreaData", {
      query: { lang: LangQuery },
      success: CustomerAreaData,
      error: LoginRequired,
    }).middleware(CustomerSession),
  )
  .add(
    // ours: step 1 of "update mobile" (spec §6): a code goes to the NEW number (Israeli mobiles only), 5 minutes,
    // the rules of src/server/customer/oneTimeCodes.ts (3 per number in 10 minutes, else 429 SMS_FAILED)
    HttpApiEndpoint.post("requestMobileNumberCode", "/customer-area/mobile-number/code", {
      query: { lang: LangQuery },
      payload: Schema.Struct({ mobileNumber: WireText }),
      success: Schema.Struct({ success: Schema.Boolean }),
      error: [LoginRequired, InvalidMobileNumber, SmsFailed, SmsDailyLimit],
    }).middleware(CustomerSession),
  )
  .add(
    // step 2: the code sent to that number makes it the customer's mobile (and their SMS sign-in number)
    HttpApiEndpoint.post("updateMobileNumber", "/customer-area/mobile-number", {
      payload: Schema.Struct({ mobileNumber: WireText, smsCode: WireText }),
      success: Schema.Struct({ MobileNumber1: Schema.String }),
      error: [LoginRequired, InvalidMobileNumber, InvalidSmsCode, MobileNumberInUse],
    }).middleware(CustomerSession),
  ) {}
