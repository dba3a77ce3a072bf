import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { MARKETING_FORMS } from "../domain/forms/marketingFormKinds.ts"
import { WireParagraphs } from "../domain/shared/wireText.ts"
import { LocaleCode } from "./shared.ts"

/**
 * The marketing forms (issue 19, spec §1 and §3 "Other forms"): a birthday party request, a job application, a
 * contact message. The fields and their rules are src/domain/forms/marketingForms.ts, which the page and the
 * server both read. A form that passes is stored and mailed to the venue through the outbox (in the demo, the
 * sandbox inbox); one that does not changes nothing and names each broken field.
 */

export const MarketingFormKindParam = Schema.Literals(MARKETING_FORMS)

/** At most 4,000 characters a field (the longest field allows 2,000); fields the form lacks are ignored. */
export const MarketingFormSubmission = Schema.Struct({
  values: Schema.Record(
    Schema.String.pipe(Schema.check(Schema.isMaxLength(40))),
    WireParagraphs.pipe(Schema.check(Schema.isMaxLength(4000))),
  ),
  /** the language the venue's copy of the message is written in (the asker's own) */
  lang: Schema.optional(LocaleCode),
})

export const MarketingFormReceived = Schema.Struct({
  /** quoted to the asker and in the venue's message: `F` and the stored row's number */
  reference: Schema.String,
})

const FieldProblem = Schema.Struct({
  rule: Schema.Literals([
    "required",
    "alpha",
    "email",
    "numeric",
    "mobile",
    "notValid",
    "min",
    "max",
    "atLeast",
    "atMost",
  ]),
  min: Schema.optional(Schema.Int),
  max: Schema.optional(Schema.Int),
})

/** Spec §5 form messages: the fields that break a rule, each with its rule (the words are the page's). */
export class MarketingFormRefused extends Schema.TaggedError<MarketingFormRefused>()(
  "MarketingFormRefused",
  { error: Schema.Literal("formInvalid"), fields: Schema.Record(Schema.String, FieldProblem) },
  { httpApiStatus: 400 },
) {}

/** Too many forms from this client: a person sends a few, a spammer many. Try after `retryAfterSeconds`. */
export class MarketingFormsLimited extends Schema.TaggedError<MarketingFormsLimited>()(
  "MarketingFormsLimited",
  { error: Schema.Literal("formsLimited"), retryAfterSeconds: Schema.Int },
  { httpApiStatus: 429 },
) {}

export class FormsApi extends HttpApiGroup.make("forms").add(
  HttpApiEndpoint.post("sendMarketingForm", "/forms/:kind", {
    params: { kind: MarketingFormKindParam },
    payload: MarketingFormSubmission,
    success: MarketingFormReceived,
    error: [MarketingFormRefused, MarketingFormsLimited],
  }),
) {}
