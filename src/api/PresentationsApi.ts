import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
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
  featureId: Schema.Int,
  featureName: Schema.String,
  featureCategoryName: Schema.String,
  dateTime: Schema.String,
  locationName: Schema.String,
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

export const PresentationDetail = Schema.Struct({
  presentation: Presentation,
  serverTime: Schema.String,
})
export type PresentationDetail = typeof PresentationDetail.Type

/** Spec §8 "A presentation response with an error field": the code is translated in the browser. */
export class EventNotFound extends Schema.TaggedError<EventNotFound>()(
  "EventNotFound",
  { error: Schema.Literal("noEventFound") },
  { httpApiStatus: 404 },
) {}

export class PresentationsApi extends HttpApiGroup.make("presentations").add(
  HttpApiEndpoint.get("list", "/presentations/", {
    query: {
      featureIds: Schema.optional(IdList),
      locationId: Schema.optional(PositiveInt),
      miniSiteUrl: Schema.optional(Schema.String),
      ticketCodes: Schema.optional(Schema.String),
      lang: LangQuery,
    },
    success: PresentationList,
  }),
  HttpApiEndpoint.get("get", "/presentations/:id", {
    params: { id: PositiveInt },
    query: {
      ticketCodes: Schema.optional(Schema.String),
      miniSiteUrl: Schema.optional(Schema.String),
      lang: LangQuery,
    },
    success: PresentationDetail,
    error: EventNotFound,
  }),
) {}
