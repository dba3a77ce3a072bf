import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { BRAND_CODES } from "../domain/shared/brands.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { AreaVoucherState } from "./CustomerAreaApi.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { InvalidMobileNumber, SmsDailyLimit, SmsFailed } from "./messagingErrors.ts"
import { Agorot, OrderStatus, ReservationNotFound } from "./PaymentApi.ts"
import { LocaleCode, PositiveInt } from "./shared.ts"

/** A placed order as its buyer sees it (confirmation page, e-document), and sending its tickets by SMS. */
export const ConfirmationTicket = Schema.Struct({
  ticketIdentifier: Schema.String,
  sectionName: Schema.String,
  RowName: Schema.NullOr(Schema.String),
  SeatName: Schema.NullOr(Schema.String),
  ticketName: Schema.String,
  price: Agorot,
  serviceCharge: Agorot,
  /**
   * the ticket now (issues 15 and 17, src/domain/edocument/ticketState.ts): `cancelled` by the customer area or the
   * box office, `scanned` at the entrance, `collected` at the box office, `expired` once its show has ended by the
   * server's clock. Optional only for e-documents saved before it existed.
   */
  state: Schema.optional(Schema.Literals(["active", "cancelled", "scanned", "collected", "expired"])),
  /**
   * the ticket's signed pass, what its QR code carries for the door (issue 17, src/domain/edocument/ticketPass.ts):
   * none for a cancelled ticket, nor in an e-document saved before passes existed
   */
  pass: Schema.optional(Schema.String),
  /** the showing the ticket is for (issue 16: an order may hold several); absent on older e-documents */
  presentationId: Schema.optional(PositiveInt),
})

/**
 * A line of a voucher, donation or membership order (issue 16): what it is, how many, what it cost, and what the
 * paid order issued for it (voucher codes, member numbers), which are the buyer's to keep.
 */
export const ConfirmationItem = Schema.Struct({
  /** the line's own id, stable across reads */
  id: Schema.String,
  kind: Schema.Literals(["voucher", "donation", "membership", "vod"]),
  name: Schema.String,
  quantity: Schema.Int,
  total: Agorot,
  issued: Schema.Array(Schema.String),
  /**
   * each issued voucher's own e-document page (`/edocument/{key}`), in the order of `issued`; vouchers only, and
   * absent on copies saved before vouchers had pages
   */
  documents: Schema.optional(Schema.Array(Schema.String)),
})
export type ConfirmationItem = typeof ConfirmationItem.Type

/**
 * One issued voucher's e-document (issue 16; spec §2 `/edocument/{documentKey}`, "e-ticket or voucher page"): the
 * code to type at the payment step or show at the box office, what it is, what is left of it (agorot for a money
 * voucher, tickets for a ticket voucher; `quantity` is what it was worth) and the days it is valid, with its spec
 * §4 state. Nothing of the buyer's: whoever holds the key may use the voucher, as with a printed gift card.
 */
export const VoucherDocument = Schema.Struct({
  reference: Schema.String,
  benefitName: Schema.String,
  kind: Schema.Literals(["money", "tickets"]),
  balance: Schema.Int,
  quantity: Schema.Int,
  state: AreaVoucherState,
  /** first and last valid day (YYYY-MM-DD, the chain's days) */
  StartDate: Schema.String,
  EndDate: Schema.String,
  purchasedAt: Schema.String,
})
export type VoucherDocument = typeof VoucherDocument.Type

/** A showing as a confirmation names it. */
export const ConfirmationShowing = Schema.Struct({
  id: PositiveInt,
  featureName: Schema.String,
  /** ISO 8601 with the Asia/Jerusalem offset */
  dateTime: Schema.String,
  durationMinutes: Schema.NullOr(Schema.Int),
  venueName: Schema.String,
  locationName: Schema.String,
  /**
   * the location's venue brand (issue 19), so a copy kept on the device speaks it offline without the showing's
   * detail (issue 17); null: the chain's own wording; absent on e-documents saved before it existed
   */
  locationBrand: Schema.optional(Schema.NullOr(Schema.Literals(BRAND_CODES))),
})
export type ConfirmationShowing = typeof ConfirmationShowing.Type

export const Confirmation = Schema.Struct({
  reservationIdentifier: Schema.String,
  status: OrderStatus,
  purchasedAt: Schema.String,
  /** what the order bought (src/domain/cart/orderKind.ts); absent on e-documents saved before it existed */
  orderKind: Schema.optional(
    Schema.Literals(["tickets", "products", "vouchers", "donations", "memberships", "vod", "enrolment"]),
  ),
  /** the cinema (food alone: where it is collected) or the chain's online shop; absent on older e-documents */
  locationName: Schema.optional(Schema.String),
  /** the lines of a voucher, donation or membership order; empty for tickets and food */
  items: Schema.optional(Schema.Array(ConfirmationItem)),
  /** the showing of a ticket order (of several, the earliest); null for every other kind */
  presentation: Schema.NullOr(ConfirmationShowing),
  /**
   * every showing of a ticket order, earliest first (issue 16: one order may hold several; each ticket names its
   * own by `presentationId`); empty for the other kinds, absent on older e-documents
   */
  showings: Schema.optional(Schema.Array(ConfirmationShowing)),
  tickets: Schema.Array(ConfirmationTicket),
  products: Schema.Array(Schema.Struct({ name: Schema.String, quantity: Schema.Int, total: Agorot })),
  total: Agorot,
  serviceCharge: Agorot,
  serviceChargeLabel: Schema.String,
  voucherAmount: Agorot,
  /** what the QR code encodes (the entrance scanner reads it); display follows config param 670 */
  qrPayload: Schema.String,
  /** the e-ticket page that opens offline once saved */
  eDocumentUrl: Schema.String,
  /** the partner whose mini-site the order came through (issue 19); absent for the chain's own buyers */
  referralMiniSiteId: Schema.optional(Schema.Int),
})
export type Confirmation = typeof Confirmation.Type

/**
 * Too many order or e-document lookups from one client (issue 17): a key is a secret of 24 random bytes, but a
 * lookup that costs nothing invites guessing at scale. Ours; the spec does not show it.
 */
export class DocumentLookupLimited extends Schema.TaggedError<DocumentLookupLimited>()(
  "DocumentLookupLimited",
  { error: Schema.Literal("documentLookupLimited") },
  { httpApiStatus: 429 },
) {}

export class ReservationsApi extends HttpApiGroup.make("reservations")
  .add(
    HttpApiEndpoint.get("confirmation", "/reservations/:identifier", {
      params: { identifier: WireText },
      query: { key: WireText, lang: Schema.optional(LocaleCode) },
      success: Confirmation,
      error: [ReservationNotFound, DocumentLookupLimited],
    }),
  )
  .add(
    // ours, behind the spec's /edocument/{documentKey} page: the key alone opens the order's e-tickets
    HttpApiEndpoint.get("edocument", "/edocuments/:documentKey", {
      params: { documentKey: WireText },
      query: { lang: Schema.optional(LocaleCode) },
      success: Confirmation,
      error: [ReservationNotFound, DocumentLookupLimited],
    }),
  )
  .add(
    // ours: one issued voucher's page; its key is "v" and 32 characters (src/domain/edocument/voucherDocument.ts)
    HttpApiEndpoint.get("voucherDocument", "/edocuments/vouchers/:documentKey", {
      params: { documentKey: WireText },
      query: { lang: Schema.optional(LocaleCode) },
      success: VoucherDocument,
      error: [ReservationNotFound, DocumentLookupLimited],
    }),
  )
  .add(
    // ours: the human check and SMS_FAILED, so a paid order's key cannot send SMS to any number at will
    HttpApiEndpoint.post("sendTickets", "/reservations/:identifier/sendTickets", {
      params: { identifier: WireText },
      query: { key: WireText },
      payload: Schema.Struct({ mobileNumber: WireText, recaptchaToken: Schema.optional(WireText) }),
      success: Schema.Struct({ success: Schema.Boolean }),
      error: [ReservationNotFound, InvalidMobileNumber, HumanCheckFailed, SmsFailed, SmsDailyLimit],
    }),
  ) {}
