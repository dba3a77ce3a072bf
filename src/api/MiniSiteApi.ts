import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { PresentationList } from "./PresentationEntities.ts"
import { IntegrationDataError } from "./partnerErrors.ts"
import { LangQuery, PositiveInt } from "./shared.ts"

/**
 * Partners (spec §1 "A mini-site lets partners prompt for ticket references", §7 Mini-site and `/integration`):
 * a partner's mini-site with its showings and prices, the check of a partner's ticket reference, and the signed
 * links a partner's own site sends buyers with. src/server/miniSite/README.md tells the rules.
 */

/** A mini-site's address segment: lower-case letters, digits and hyphens (what `mini_sites.url` allows). */
export const MiniSiteUrl = WireText.pipe(
  Schema.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/, { expected: "a mini-site address" })),
)

/** One of the partner's own prices: the tickets its buyers choose from (each asks for a reference). */
export const PartnerPrice = Schema.Struct({
  ticketId: Schema.Int,
  name: Schema.String,
  /** agorot */
  price: Schema.Int,
})
export type PartnerPrice = typeof PartnerPrice.Type

export const MiniSite = Schema.Struct({
  id: Schema.Int,
  URL: Schema.String,
  name: Schema.String,
  prices: Schema.Array(PartnerPrice),
  /** the partner's showings ahead, at cinemas selling online; an offline cinema's are left out */
  PresentationList,
})
export type MiniSite = typeof MiniSite.Type

/** What a checked reference answers: how many tickets it still buys, and nothing about who holds it. */
export const ReferenceBalance = Schema.Struct({
  TicketId: Schema.Int,
  Balance: Schema.Int,
  references: Schema.Struct({ reference1: Schema.String, reference2: Schema.NullOr(Schema.String) }),
})
export type ReferenceBalance = typeof ReferenceBalance.Type

/**
 * `mode`: `ticket` (the default) checks the reference against the partner's ticket `ticketId`; `any` looks for
 * it among all of the partner's tickets and answers the one it belongs to.
 */
export const ValidateMode = Schema.Literals(["ticket", "any"])

export class MiniSiteNotFound extends Schema.TaggedError<MiniSiteNotFound>()(
  "MiniSiteNotFound",
  { error: Schema.Literal("miniSiteNotFound") },
  { httpApiStatus: 404 },
) {}

/**
 * Spec §8 `refPromptOptNotFound`: no such reference for this partner's ticket. Another partner's reference, a
 * ticket that is not this partner's and an unknown reference answer alike.
 */
export class ReferenceNotFound extends Schema.TaggedError<ReferenceNotFound>()(
  "ReferenceNotFound",
  { error: Schema.Literal("refPromptOptNotFound") },
  { httpApiStatus: 404 },
) {}

/** Too many reference checks for this partner from this client; `retryAfter` seconds (also the Retry-After header). */
export class ReferenceCheckLimited extends Schema.TaggedError<ReferenceCheckLimited>()(
  "ReferenceCheckLimited",
  { error: Schema.Literal("referenceCheckLimited"), retryAfter: Schema.Int },
  { httpApiStatus: 429 },
) {}

export class MiniSiteApi extends HttpApiGroup.make("miniSite")
  .add(
    HttpApiEndpoint.get("get", "/mini-site/:url", {
      params: { url: MiniSiteUrl },
      query: { lang: LangQuery },
      success: Schema.Struct({ miniSite: MiniSite }),
      error: MiniSiteNotFound,
    }),
  )
  .add(
    HttpApiEndpoint.get("validate", "/mini-site/validate/:url", {
      params: { url: MiniSiteUrl },
      query: {
        ticketId: Schema.optional(PositiveInt),
        reference1: WireText,
        reference2: Schema.optional(WireText),
        mode: Schema.optional(ValidateMode),
      },
      success: ReferenceBalance,
      error: [MiniSiteNotFound, ReferenceNotFound, ReferenceCheckLimited],
    }),
  ) {}

export class IntegrationApi extends HttpApiGroup.make("integration").add(
  /**
   * A partner's signed link (`TS`: Unix seconds; `ret`: where on our site, `/` or `/order/{presentationId}`;
   * `key`: hex HMAC-SHA256 of `TS + "\n" + ret` with the partner's secret) → the integration id the buyer's
   * order carries, and `ret` to go on to.
   */
  HttpApiEndpoint.get("accept", "/integration", {
    query: { TS: WireText, ret: WireText, key: WireText },
    success: Schema.Struct({ integrationId: Schema.String, ret: Schema.String }),
    error: IntegrationDataError,
  }),
) {}
