import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { EVENT_NOT_FOUND } from "../domain/seating/refusals.ts"
import { BRAND_CODES } from "../domain/shared/brands.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { IntegrationDataError, LocationOffline } from "./partnerErrors.ts"
import { CartSession, CustomerIfAny } from "./sessions.ts"
import { IdList, LangQuery, PositiveInt } from "./shared.ts"

export const SeatingMode = Schema.Literals(["mixed", "reserved", "singleGA", "multiGA"])
export type SeatingMode = typeof SeatingMode.Type

/**
 * A presentation (a showing of a feature in a venue) with the display fields the what's-on list needs.
 * `dateTime` is ISO 8601 with the Asia/Jerusalem offset of that moment, e.g. `2026-11-22T19:30:00+02:00`.
 * Localised names (`featureName`, `locationName`, `venueName`, `featureCategoryName`) come in the `lang` asked for.
 */
export const Presentation = Schema.Struct({
  id: Schema.Int,
  venueId: Schema.Int,
  venueTypeId: Schema.Int,
  seatplanId: Schema.NullOr(Schema.Int),
  seatingPolicyId: Schema.Int,
  featureCategoryId: Schema.Int,
  authProfileId: Schema.Int,
  businessId: Schema.Int,
  locationId: Schema.Int,
  isReserved: Schema.Boolean,
  /** count of general-admission sections */
  isGA: Schema.Int,
  seatingMode: SeatingMode,
  hasReservedSection: Schema.Boolean,
  hasGASection: Schema.Boolean,
  hasMultiGASections: Schema.Boolean,
  newBookingUrl: Schema.NullOr(Schema.String),
  viewAreaFilename: Schema.NullOr(Schema.String),
  /**
   * Spec §3: the hall's picture with clickable areas, HTML as the back office wrote it (the presentation's own or
   * its venue's), or null. Never trusted: the app renders it only through its image map sanitizer.
   */
  imageMapHtml: Schema.NullOr(Schema.String),
  featureId: Schema.Int,
  featureName: Schema.String,
  featureCategoryName: Schema.String,
  dateTime: Schema.String,
  locationName: Schema.String,
  /**
   * Issue 19: the location's venue brand, whose wording (locales/brands/{brand}.json) the order screens use over
   * the locale files; absent or null, the chain's own (optional for answers cached before it existed).
   */
  locationBrand: Schema.optional(Schema.NullOr(Schema.Literals(BRAND_CODES))),
  venueName: Schema.String,
  /** ISO 639-1 of the spoken language */
  language: Schema.String,
  dubbing: Schema.NullOr(Schema.String),
  subtitles: Schema.NullOr(Schema.String),
  releaseDate: Schema.String,
  /** minutes */
  duration: Schema.Int,
  is3D: Schema.Boolean,
  /** venue types 101–104 */
  isVod: Schema.Boolean,
  isOnSale: Schema.Boolean,
  /**
   * Seats in the hall (reserved seats plus general-admission capacity) and how many are neither sold nor
   * held. Null for video on demand, which has no seats to run out of.
   */
  capacity: Schema.NullOr(Schema.Int),
  availableSeats: Schema.NullOr(Schema.Int),
})
export type Presentation = typeof Presentation.Type

export const PresentationList = Schema.Struct({
  presentations: Schema.Array(Presentation),
  hasReserved: Schema.Boolean,
  hasGA: Schema.Boolean,
})
export type PresentationList = typeof PresentationList.Type

/** A price within a ticket group. Every amount on the wire is integer agorot (4700 = ₪47.00). */
export const Ticket = Schema.Struct({
  id: Schema.Int,
  ticketId: Schema.Int,
  name: Schema.String,
  price: Schema.Int,
  serviceCharge: Schema.Int,
  pricePolicyId: Schema.Int,
  /** seats one ticket covers (a sofa-for-two ticket is 2) */
  multiplyFactor: Schema.Int,
  isMemberOnly: Schema.Boolean,
  /** hotel guests and partners: reference1 required, reference2 optional */
  requiresReference: Schema.Boolean,
  /** senior citizen benefit, checked by Israeli ID number */
  isSenior: Schema.Boolean,
  includes3DGlasses: Schema.Boolean,
  minPerOrder: Schema.Int,
  maxPerOrder: Schema.NullOr(Schema.Int),
  /** sold only together with this ticket (a companion ticket needs a wheelchair one) */
  requiresTicketId: Schema.NullOr(Schema.Int),
})
export type Ticket = typeof Ticket.Type

export const TicketGroup = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  /** null: the group applies to every section of the hall */
  sectionId: Schema.NullOr(Schema.Int),
  tickets: Schema.Array(Ticket),
  seatModifiers: Schema.Array(Schema.Struct({ id: Schema.Int, name: Schema.String })),
})
export type TicketGroup = typeof TicketGroup.Type

/** A booking fee: a fixed amount or a percentage (basis points, 500 = 5%), per ticket or per order. */
export const ServiceCharge = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  amount: Schema.NullOr(Schema.Int),
  percentBasisPoints: Schema.NullOr(Schema.Int),
  appliesPer: Schema.Literals(["ticket", "order"]),
  isRefundable: Schema.Boolean,
})
export type ServiceCharge = typeof ServiceCharge.Type

export const Product = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  category: Schema.String,
  price: Schema.Int,
  isDeliveryRequired: Schema.Boolean,
  is3DGlasses: Schema.Boolean,
  /** image key; the image itself is served by `/api/products/{id}/image` */
  img: Schema.NullOr(Schema.String),
})
export type Product = typeof Product.Type

/** One presentation with what can be bought for it: ticket groups and prices, booking fees, products. */
export const PresentationDetail = Schema.Struct({
  presentation: Presentation,
  ticketGroups: Schema.Array(TicketGroup),
  serviceCharge: Schema.Array(ServiceCharge),
  products: Schema.Array(Product),
  serverTime: Schema.String,
  /** issue 19: the order asks for a signed child waiver (optional for answers cached before it existed) */
  requiresWaiver: Schema.optional(Schema.Boolean),
})
export type PresentationDetail = typeof PresentationDetail.Type

/**
 * The ticket a seat gets when it is chosen (spec §4 "first-ticket auto-select"): the first ticket of the seat's
 * group with multiplyFactor 1 or less, no reference prompt, not member-only. `msg` says why none was found:
 * `ticketNotFound` (no such ticket or none eligible), `codeNotFound` (a ticket code that matches nothing).
 */
export const FirstTicket = Schema.Struct({
  ticket: Schema.NullOr(Ticket),
  ticketGroupId: Schema.NullOr(Schema.Int),
  msg: Schema.NullOr(Schema.Literals(["ticketNotFound", "codeNotFound"])),
})
export type FirstTicket = typeof FirstTicket.Type

/** Spec §8 "A presentation response with an error field": the code is translated in the browser. */
export class EventNotFound extends Schema.TaggedError<EventNotFound>()(
  "EventNotFound",
  { error: Schema.Literals(EVENT_NOT_FOUND) },
  { httpApiStatus: 404 },
) {}

/**
 * Why a typed code or a ticket's extra detail was refused (spec §8 "Ticket lookup"), translated in the browser:
 * codes and vouchers (`codeNotFound`, `codeNotStarted`, `voucherExpired`, `voucherBalance`), coupons
 * (`couponTooFewTickets`, `couponUsedUp`, `couponNoneApplicable`; `codeAlreadyEntered` is the browser's own
 * check against its cart, repeated at commit), memberships (`memberExpired`, `memberNotStarted`,
 * `memberNoneAvailable`, `memberNotFound`, `noValidMember`), the senior benefit (`invalidSSN`), reference
 * prompts (`refPromptOptError`: missing or used up, `refPromptOptNotFound`) and `ticketNotFound`.
 */
export const TicketCodeProblem = Schema.Literals([
  "codeNotFound",
  "codeNotStarted",
  "codeAlreadyEntered",
  "voucherExpired",
  "voucherBalance",
  "couponTooFewTickets",
  "couponUsedUp",
  "couponNoneApplicable",
  "memberExpired",
  "memberNotStarted",
  "memberNoneAvailable",
  "memberNotFound",
  "noValidMember",
  "invalidSSN",
  "refPromptOptError",
  "refPromptOptNotFound",
  "ticketNotFound",
])
export type TicketCodeProblem = typeof TicketCodeProblem.Type

export class TicketCodeRefused extends Schema.TaggedError<TicketCodeRefused>()(
  "TicketCodeRefused",
  { msg: TicketCodeProblem },
  { httpApiStatus: 422 },
) {}

/** A discount code as `applyDiscount` (src/domain/pricing/discount.ts) prices it. */
export const DiscountOffer = Schema.Struct({
  discountId: Schema.Int,
  code: Schema.String,
  name: Schema.String,
  percentBasisPoints: Schema.NullOr(Schema.Int),
  amountOff: Schema.NullOr(Schema.Int),
  /** null: every ticket */
  ticketIds: Schema.NullOr(Schema.Array(Schema.Int)),
  minTickets: Schema.Int,
})
export type DiscountOffer = typeof DiscountOffer.Type

/**
 * What a typed code unlocks on the ticket step:
 * - `discount`: a coupon, priced per applicable ticket by `applyDiscount`;
 * - `ticketVoucher`: a system voucher worth `ticketsLeft` tickets (each seat it pays gets `systemVoucher`);
 * - `moneyVoucher`: a system voucher with a money balance, which pays at the payment step, not here;
 * - `ticketGroup`: a partner's or promotion's ticket group (the seat's tickets come from it).
 */
export const TicketCodeAnswer = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("discount"), discount: DiscountOffer }),
  Schema.Struct({
    kind: Schema.Literal("ticketVoucher"),
    reference: Schema.String,
    ticketsLeft: Schema.Int,
    endsOn: Schema.String,
  }),
  Schema.Struct({
    kind: Schema.Literal("moneyVoucher"),
    reference: Schema.String,
    balance: Schema.Int,
    endsOn: Schema.String,
  }),
  Schema.Struct({ kind: Schema.Literal("ticketGroup"), ticketGroupId: Schema.Int }),
])
export type TicketCodeAnswer = typeof TicketCodeAnswer.Type

/**
 * A ticket's extra detail accepted: the member number of a member-only ticket (with the entries left on a punch
 * card, null for a club), the ID number of a senior ticket, the references of a hotel or partner ticket.
 */
export const TicketEligibility = Schema.Struct({
  ticketId: Schema.Int,
  memberNumber: Schema.NullOr(Schema.String),
  membershipId: Schema.NullOr(Schema.Int),
  memberBalance: Schema.NullOr(Schema.Int),
  ssn: Schema.NullOr(Schema.String),
  reference1: Schema.NullOr(Schema.String),
  reference2: Schema.NullOr(Schema.String),
})
export type TicketEligibility = typeof TicketEligibility.Type

/**
 * A loyalty login on the ticket step (param 64; spec §3 Member, §6 "member number (with SSN)"). Only what the
 * ticket step shows and the cart keeps: the holder's first name and last initial, the points the member may
 * spend, and whether member (loyalty-priced) tickets are open to it. Never the member's customer id: the server
 * remembers which members the asking cart proved (issue 14, item 1) and the commit reads the member from there.
 * `membershipIdentifier` is the member number: our members have no other identifier. `entriesLeft`: a punch
 * card's entries (null for a club); loyalty-priced tickets per order are capped by `LOYALTY_TICKETS_PER_ORDER`
 * (src/domain/order/ticketRules.ts). Refusals: `memberNotFound`, `memberExpired`, `memberNotStarted`.
 */
export const LoyaltyMember = Schema.Struct({
  memberNumber: Schema.String,
  membershipIdentifier: Schema.String,
  membershipId: Schema.Int,
  membershipTypeId: Schema.Int,
  membershipName: Schema.String,
  memberCustomerName: Schema.String,
  pointsBalance: Schema.Int,
  entriesLeft: Schema.NullOr(Schema.Int),
  usedBalance: Schema.Int,
  allowMemberSaleTickets: Schema.Boolean,
})
export type LoyaltyMember = typeof LoyaltyMember.Type

/** Param 64 is off: this site has no loyalty login. */
export class LoyaltyLoginOff extends Schema.TaggedError<LoyaltyLoginOff>()(
  "LoyaltyLoginOff",
  { error: Schema.Literal("loyaltyLoginOff") },
  { httpApiStatus: 403 },
) {}

/**
 * Too many loyalty logins tried for this member number or from this client in a short time (5 per number per 10
 * minutes, 20 per client per hour): a member number and ID number cannot be guessed by trying.
 */
export class LoyaltyLoginLimited extends Schema.TaggedError<LoyaltyLoginLimited>()(
  "LoyaltyLoginLimited",
  { error: Schema.Literal("loyaltyLoginLimited") },
  { httpApiStatus: 429 },
) {}

export class ProductNotFound extends Schema.TaggedError<ProductNotFound>()(
  "ProductNotFound",
  { error: Schema.Literal("productNotFound") },
  { httpApiStatus: 404 },
) {}

export class PresentationsApi extends HttpApiGroup.make("presentations").add(
  HttpApiEndpoint.get("list", "/presentations/", {
    query: {
      featureIds: Schema.optional(IdList),
      locationId: Schema.optional(PositiveInt),
      miniSiteUrl: Schema.optional(WireText),
      ticketCodes: Schema.optional(WireText),
      lang: LangQuery,
    },
    success: PresentationList,
  }),
  HttpApiEndpoint.get("get", "/presentations/:id", {
    params: { id: PositiveInt },
    query: {
      ticketCodes: Schema.optional(WireText),
      miniSiteUrl: Schema.optional(WireText),
      integrationId: Schema.optional(WireText),
      lang: LangQuery,
    },
    success: PresentationDetail,
    error: [EventNotFound, IntegrationDataError, LocationOffline],
  }),
  HttpApiEndpoint.get("ticketGroups", "/presentations/:id/ticketGroups", {
    params: { id: PositiveInt },
    query: {
      timestamp: Schema.optional(WireText),
      miniSiteUrl: Schema.optional(WireText),
      membershipLoyaltyId: Schema.optional(WireText),
      integrationId: Schema.optional(WireText),
      lang: LangQuery,
    },
    success: Schema.Struct({
      ticketGroups: Schema.Array(TicketGroup),
      serviceCharge: Schema.Array(ServiceCharge),
    }),
    error: [EventNotFound, IntegrationDataError, LocationOffline],
  }),
  HttpApiEndpoint.get("firstTicket", "/presentations/:id/ticket", {
    params: { id: PositiveInt },
    query: {
      sectionId: Schema.optional(PositiveInt),
      ticketGroupId: Schema.optional(PositiveInt),
      ticketCode: Schema.optional(WireText),
      ticketId: Schema.optional(PositiveInt),
      ignoreTicketIds: Schema.optional(IdList),
      isHold: Schema.optional(Schema.Boolean),
      recaptchaToken: Schema.optional(WireText),
      miniSiteUrl: Schema.optional(WireText),
      integrationId: Schema.optional(WireText),
      lang: LangQuery,
    },
    success: FirstTicket,
    error: [EventNotFound, IntegrationDataError, LocationOffline],
  }),
  /**
   * Code or voucher entry on the ticket step (our addition beside `/ticket?ticketCode=`, which answers only
   * ticket-group codes). `ticketIds`: the tickets now on the cart's seats, one per seat, so a coupon's minimum
   * and applicability are checked against the order.
   */
  HttpApiEndpoint.get("ticketCode", "/presentations/:id/ticketCode", {
    params: { id: PositiveInt },
    query: {
      code: WireText,
      ticketIds: Schema.optional(IdList),
      lang: LangQuery,
    },
    success: TicketCodeAnswer,
    error: [EventNotFound, TicketCodeRefused],
  }),
  /**
   * A member-only, senior or reference ticket's detail checked before the ticket goes on a seat. A member-only
   * ticket spends the membership (a punch card's entries), so the member must be the asker's, as for a loyalty
   * login: proven in this cart already, or by `memberSsn` (the holder's ID number; such tries are limited as
   * loyalty logins are), or held by the signed-in customer. An unknown number and an unproven one answer alike.
   */
  HttpApiEndpoint.get("ticketEligibility", "/presentations/:id/ticketEligibility", {
    params: { id: PositiveInt },
    query: {
      ticketId: PositiveInt,
      memberNumber: Schema.optional(WireText),
      memberSsn: Schema.optional(WireText),
      ssn: Schema.optional(WireText),
      reference1: Schema.optional(WireText),
      reference2: Schema.optional(WireText),
      /** a partner's buyer checks the partner's own (reference) tickets (src/server/miniSite/README.md) */
      miniSiteUrl: Schema.optional(WireText),
    },
    success: TicketEligibility,
    error: [EventNotFound, TicketCodeRefused, LoyaltyLoginLimited, IntegrationDataError, LocationOffline],
  })
    .middleware(CartSession)
    .middleware(CustomerIfAny),
  /**
   * Loyalty login (param 64): the member's name, points and loyalty-ticket allowance, for a cart that proves the
   * member is theirs: the member number with the holder's ID number (`ssn`), or a signed-in customer (`uuid`) who
   * holds the membership. An unknown number and a wrong ID number answer alike (`memberNotFound`); the cart
   * remembers the member so the commit may spend its points.
   */
  HttpApiEndpoint.get("loyaltyMember", "/presentations/:id/loyaltyMember", {
    params: { id: PositiveInt },
    query: { memberNumber: WireText, ssn: Schema.optional(WireText), lang: LangQuery },
    success: LoyaltyMember,
    error: [EventNotFound, TicketCodeRefused, LoyaltyLoginOff, LoyaltyLoginLimited],
  })
    .middleware(CartSession)
    .middleware(CustomerIfAny),
  /** A product's picture: an SVG drawn per category (the catalogue has no photographs). */
  HttpApiEndpoint.get("productImage", "/products/:id/image", {
    params: { id: PositiveInt },
    success: Schema.String.pipe(HttpApiSchema.asText({ contentType: "image/svg+xml" })),
    error: ProductNotFound,
  }),
) {}
