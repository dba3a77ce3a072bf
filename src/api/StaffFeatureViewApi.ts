import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { GroupAttendance, InvalidLiveRequest, PresentationAttendance, StaffSession } from "./StaffApi.ts"
import { LangQuery, PositiveInt } from "./shared.ts"

/**
 * Live monitoring v2 (spec §4 "Live v2", §7 `/PRES-live/v2/…`): choose a feature, see its numbers; choose one of
 * its presentations, see that one's. The same attendance numbers as the drill (one definition, AttendanceRepo),
 * the same scope rule (StaffApi.ts). Dates are business dates, `startDate` defaulting to the chain's today and
 * `endDate` to `startDate`, at most 62 days; `locationId` narrows to one cinema.
 */

/** A presentation of this feature that is not in scope, not in the range or not there: answered alike. */
export class PresentationNotInView extends Schema.TaggedError<PresentationNotInView>()(
  "PresentationNotInView",
  { error: Schema.Literal("presentationNotFound") },
  { httpApiStatus: 404 },
) {}

const ViewQuery = {
  businessIds: Schema.optionalKey(Schema.Array(Schema.String)),
  businessId: Schema.optionalKey(Schema.Array(Schema.String)),
  lang: LangQuery,
  startDate: Schema.optional(Schema.String),
  endDate: Schema.optional(Schema.String),
  locationId: Schema.optional(PositiveInt),
}

export const FeatureData = Schema.Struct({
  /** the feature's sums over the presentations asked for (all of its presentations when none is named) */
  totals: GroupAttendance,
  presentations: Schema.Array(PresentationAttendance),
})
export type FeatureData = typeof FeatureData.Type

export class LiveFeatureViewApi extends HttpApiGroup.make("liveFeatureView")
  .add(
    HttpApiEndpoint.get("availableFeatures", "/PRES-live/v2/availableFeatures", {
      query: ViewQuery,
      success: Schema.Struct({ features: Schema.Array(GroupAttendance) }),
      error: InvalidLiveRequest,
    }),
  )
  .add(
    HttpApiEndpoint.get("featureData", "/PRES-live/v2/featureData", {
      // presentationIds: comma-separated, narrows the totals to those presentations of the feature
      query: { ...ViewQuery, featureId: PositiveInt, presentationIds: Schema.optional(Schema.String) },
      success: FeatureData,
      error: InvalidLiveRequest,
    }),
  )
  .add(
    HttpApiEndpoint.get("availablePresentations", "/PRES-live/v2/availablePresentations", {
      query: { ...ViewQuery, featureId: PositiveInt },
      success: Schema.Struct({ presentations: Schema.Array(PresentationAttendance) }),
      error: InvalidLiveRequest,
    }),
  )
  .add(
    HttpApiEndpoint.get("presentationData", "/PRES-live/v2/presentationData", {
      query: { ...ViewQuery, presentationId: PositiveInt },
      success: Schema.Struct({ presentation: PresentationAttendance }),
      error: [InvalidLiveRequest, PresentationNotInView],
    }),
  )
  .middleware(StaffSession) {}
