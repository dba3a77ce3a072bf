import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { SmsDailyLimit } from "./messagingErrors.ts"
import { InvalidLiveRequest, StaffSession } from "./StaffApi.ts"
import { LangQuery } from "./shared.ts"

/**
 * Live monitoring's ticket-reference administration (spec §2 ticket-reference admin, §3 ticket-agent rows, §6:
 * staff "may edit ticket-reference quantities and send tickets by SMS", §7, §9 default ticket-history range).
 * Paths keep the spec's spelling. Behind the staff session; every call reads and writes only references and
 * sales of the staff member's businesses (the `businessIds` narrowing rule of StaffApi.ts): another business's
 * reference answers exactly as a reference that does not exist (404 `refPromptOptNotFound`), so its existence
 * leaks nothing.
 *
 * A reference (`ticket_reference_options`) is one reference1 a partner ticket accepts, good for `Quantity`
 * tickets, of which `Used` are taken. In the edit call's path, priceType 1 is a ticket price (the only kind with
 * reference prompts), priceId the ticket and priceRowId the reference's id.
 */

/** A reference that is not there, or not of the staff member's businesses: the two are answered alike. */
export class ReferenceNotFound extends Schema.TaggedError<ReferenceNotFound>()(
  "ReferenceNotFound",
  { error: Schema.Literals(["refPromptOptNotFound", "reservationNotFound"]) },
  { httpApiStatus: 404 },
) {}

/** An edit that cannot be made: nothing changed. */
export class ReferenceEditRefused extends Schema.TaggedError<ReferenceEditRefused>()(
  "ReferenceEditRefused",
  {
    error: Schema.Literals([
      "invalidPriceType",
      "invalidQuantity",
      "quantityBelowUsed",
      "invalid_mobileNumber",
      "SMS_FAILED",
    ]),
  },
  { httpApiStatus: 400 },
) {}

export const ReferenceOption = Schema.Struct({
  PriceType: Schema.Int,
  /** the ticket */
  PriceId: Schema.Int,
  /** the reference's own id */
  PriceRowId: Schema.Int,
  BusinessId: Schema.Int,
  /** the agent the reference was given to (a customer account), or null */
  CustomerId: Schema.NullOr(Schema.Int),
  AgentName: Schema.NullOr(Schema.String),
  TicketName: Schema.String,
  Reference1: Schema.String,
  Reference2: Schema.NullOr(Schema.String),
  Quantity: Schema.Int,
  Used: Schema.Int,
  /** Quantity - Used */
  Left: Schema.Int,
  /** when the quantity was last edited (ISO instant), or null */
  UpdatedAt: Schema.NullOr(Schema.String),
})
export type ReferenceOption = typeof ReferenceOption.Type

/** Spec §3 ticket-agent rows, with what a person needs to read them (names, the order, the amount). */
export const TicketAgentRow = Schema.Struct({
  /** unique within one answer */
  Key: Schema.String,
  CustomerId: Schema.NullOr(Schema.Int),
  AgentName: Schema.NullOr(Schema.String),
  TicketId: Schema.Int,
  TicketName: Schema.String,
  FeatureId: Schema.Int,
  FeatureName: Schema.String,
  PricePolicyId: Schema.Int,
  PresentationId: Schema.Int,
  PresentationDateTime: Schema.String,
  FeatureCategoryId: Schema.Int,
  Reference1: Schema.String,
  /** detail level 0 (one row per reference and presentation): null */
  Reference2: Schema.NullOr(Schema.String),
  /** the order's number; detail level 0: null */
  ReservationNumber: Schema.NullOr(Schema.String),
  /** ISO instant of the purchase; detail level 0: the latest */
  PurchasedAt: Schema.String,
  Quantity: Schema.Int,
  AmountAgorot: Schema.Int,
})
export type TicketAgentRow = typeof TicketAgentRow.Type

export const TicketRefAgent = Schema.Struct({
  CustomerId: Schema.Int,
  Name: Schema.String,
  BusinessId: Schema.Int,
  /** references given to the agent */
  References: Schema.Int,
})
export type TicketRefAgent = typeof TicketRefAgent.Type

const Scope = {
  businessIds: Schema.optionalKey(Schema.Array(Schema.String)),
  businessId: Schema.optionalKey(Schema.Array(Schema.String)),
  /** the spec sends the signed-in user's id; the session decides who is asking, so it is read and ignored */
  userId: Schema.optional(Schema.String),
  lang: LangQuery,
}

/** Spec §9: by default last month (by the chain's calendar), by purchase date (2), one row per ticket (1). */
export const DEFAULT_DATE_TYPE = "2"
export const DEFAULT_DETAIL_LEVEL = "1"

export class LiveReferencesApi extends HttpApiGroup.make("liveReferences")
  .add(
    HttpApiEndpoint.get("ticketRefAgents", "/pres-live/getTicketRefAgents", {
      query: Scope,
      success: Schema.Struct({ agents: Schema.Array(TicketRefAgent) }),
      error: InvalidLiveRequest,
    }),
  )
  .add(
    HttpApiEndpoint.get("referenceList", "/pres-live/monitors/TicketReferencePromptAdmin/data", {
      query: { ...Scope, customerId: Schema.optional(Schema.Int) },
      success: Schema.Struct({ rows: Schema.Array(ReferenceOption) }),
      error: InvalidLiveRequest,
    }),
  )
  .add(
    // the spec names no parameters; the reference is `priceRowId`, its sales come with it (the latest 500)
    HttpApiEndpoint.get("referenceDetail", "/pres-live/monitors/TicketReferencePromptAdminDetail/data", {
      query: { ...Scope, priceRowId: Schema.Int },
      success: Schema.Struct({ reference: ReferenceOption, sales: Schema.Array(TicketAgentRow) }),
      error: [InvalidLiveRequest, ReferenceNotFound],
    }),
  )
  .add(
    // dateType 1: by the show's date, 2: by the purchase's; detailLevel 0: one row per reference and presentation,
    // 1: one row per order and ticket kind. Dates are business dates (at most 62 days); without them, last month.
    HttpApiEndpoint.get(
      "referenceTicketSales",
      "/pres-live/monitors/TicketReferencePromptAdminTicketSales/data",
      {
        query: {
          ...Scope,
          startDate: Schema.optional(Schema.String),
          endDate: Schema.optional(Schema.String),
          dateType: Schema.optional(Schema.Literals(["1", "2"])),
          detailLevel: Schema.optional(Schema.Literals(["0", "1"])),
          customerId: Schema.optional(Schema.Int),
        },
        success: Schema.Struct({
          startDate: Schema.String,
          endDate: Schema.String,
          rows: Schema.Array(TicketAgentRow),
        }),
        error: InvalidLiveRequest,
      },
    ),
  )
  .add(
    // spec §7: status 200 means ok; the answer is the reference as it now is
    HttpApiEndpoint.post(
      "editReferenceQuantity",
      "/pres-live/editReferencePromptOptionQuantity/1/:priceType/:priceId/:priceRowId",
      {
        params: { priceType: Schema.Int, priceId: Schema.Int, priceRowId: Schema.Int },
        query: Scope,
        payload: Schema.Struct({
          reference: WireText,
          reference2: Schema.optional(Schema.NullOr(WireText)),
          quantity: Schema.Unknown,
        }),
        success: ReferenceOption,
        error: [InvalidLiveRequest, ReferenceNotFound, ReferenceEditRefused],
      },
    ),
  )
  .add(
    // designed here (spec §6 "send tickets by SMS"): an order of the staff member's businesses, to a mobile number,
    // through the outbox; a few per order an hour
    HttpApiEndpoint.post("sendTicketsSms", "/pres-live/sendTicketsBySms", {
      query: Scope,
      payload: Schema.Struct({ reservationNumber: WireText, mobileNumber: WireText }),
      success: Schema.Struct({ success: Schema.Boolean }),
      // SmsDailyLimit: the phone's or the chain's SMS for the day are spent (issue 20), with Retry-After
      error: [InvalidLiveRequest, ReferenceNotFound, ReferenceEditRefused, SmsDailyLimit],
    }),
  )
  .middleware(StaffSession) {}
