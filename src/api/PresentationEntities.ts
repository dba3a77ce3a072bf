import { Schema } from "effect"
import { BRAND_CODES } from "../domain/shared/brands.ts"

/**
 * The presentation and what is sold for it, as the wire carries them (spec §3): showings, ticket groups and
 * prices, service charges, products. The calls that answer them are in src/api/PresentationsApi.ts.
 */

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
  /**
   * Ours (issue 19): the key of the feature's own picture (`GET /api/features/{featureId}/image`); null: none, the
   * list shows `placeholderImage`. Optional for answers cached before it existed.
   */
  featureImage: Schema.optional(Schema.NullOr(Schema.String)),
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
