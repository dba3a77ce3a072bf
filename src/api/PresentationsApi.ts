import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { EVENT_NOT_FOUND } from "../domain/seating/refusals.ts"
import { WireText } from "../domain/shared/wireText.ts"
import {
  FirstTicket,
  PresentationDetail,
  PresentationList,
  ServiceCharge,
  TicketGroup,
} from "./PresentationEntities.ts"
import { IntegrationDataError, LocationOffline } from "./partnerErrors.ts"
import { CartSession, CustomerIfAny } from "./sessions.ts"
import { IdList, LangQuery, PositiveInt } from "./shared.ts"
import {
  LoyaltyLoginLimited,
  LoyaltyLoginOff,
  LoyaltyMember,
  TicketCodeAnswer,
  TicketCodeRefused,
  TicketEligibility,
} from "./TicketCodesApi.ts"

/** Spec §8 "A presentation response with an error field": the code is translated in the browser. */
export class EventNotFound extends Schema.TaggedError<EventNotFound>()(
  "EventNotFound",
  { error: Schema.Literals(EVENT_NOT_FOUND) },
  { httpApiStatus: 404 },
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
   * login: proven in this cart already, or by the holder's ID number (header `x-member-ssn`; such tries are
   * limited as loyalty logins are), or held by the signed-in customer. An unknown number and an unproven one
   * answer alike. A ticket that asks the buyer's ID number (a senior's) takes it in the header `x-ssn`: ID numbers
   * never go in an address, where logs, caches and proxies keep them (issue 15).
   */
  HttpApiEndpoint.get("ticketEligibility", "/presentations/:id/ticketEligibility", {
    params: { id: PositiveInt },
    headers: { "x-member-ssn": Schema.optional(WireText), "x-ssn": Schema.optional(WireText) },
    query: {
      ticketId: PositiveInt,
      memberNumber: Schema.optional(WireText),
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
   * member is theirs: the member number with the holder's ID number (header `x-member-ssn`: an ID number is never
   * put in an address, where logs, caches and proxies keep it, issue 15), or a signed-in customer (`uuid`) who
   * holds the membership. An unknown number and a wrong ID number answer alike (`memberNotFound`); the cart
   * remembers the member so the commit may spend its points.
   */
  HttpApiEndpoint.get("loyaltyMember", "/presentations/:id/loyaltyMember", {
    params: { id: PositiveInt },
    query: { memberNumber: WireText, lang: LangQuery },
    headers: { "x-member-ssn": Schema.optional(WireText) },
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
