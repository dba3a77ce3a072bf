import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { IdList, LangQuery, PositiveInt } from "./shared.ts"

export const Feature = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  synopsis: Schema.String,
  categoryId: Schema.Int,
  categoryName: Schema.String,
  language: Schema.String,
  dubbing: Schema.NullOr(Schema.String),
  subtitles: Schema.NullOr(Schema.String),
  /** minutes */
  duration: Schema.Int,
  releaseDate: Schema.String,
  ageRating: Schema.String,
  is3D: Schema.Boolean,
  /** ours (issue 19): the trailer's external address, opened through the `/http…` leaving-site rule; null: none */
  trailerUrl: Schema.NullOr(Schema.String),
  /**
   * Ours (issue 19): the key of the feature's own picture, served by `GET /api/features/{id}/image`; null: none,
   * the page shows `placeholderImage`. Optional for answers kept before it existed.
   */
  image: Schema.optional(Schema.NullOr(Schema.String)),
})
export type Feature = typeof Feature.Type

export const FeatureList = Schema.Struct({ features: Schema.Array(Feature) })
export type FeatureList = typeof FeatureList.Type

/** At most this many films come back from a search: a query of two letters should not send the catalogue. */
export const SEARCH_LIMIT = 20

/** What someone types into a search box: a line, not a document. */
export const SearchQuery = WireText.pipe(Schema.check(Schema.isMaxLength(100)))

export class FeatureNotFound extends Schema.TaggedError<FeatureNotFound>()(
  "FeatureNotFound",
  { error: Schema.Literal("featureNotFound") },
  { httpApiStatus: 404 },
) {}

export class FeatureImageNotFound extends Schema.TaggedError<FeatureImageNotFound>()(
  "FeatureImageNotFound",
  { error: Schema.Literal("featureImageNotFound") },
  { httpApiStatus: 404 },
) {}

export class FeaturesApi extends HttpApiGroup.make("features").add(
  HttpApiEndpoint.get("list", "/features/", {
    query: {
      featureIds: Schema.optional(IdList),
      locationId: Schema.optional(PositiveInt),
      miniSiteUrl: Schema.optional(WireText),
      lang: LangQuery,
    },
    success: FeatureList,
  }),
  /**
   * Ours (issue 19): the public search's films, matched on their titles in Hebrew, English and Russian at once and
   * forgiving typos (src/domain/shared/textSearch.ts), best first, at most {@link SEARCH_LIMIT}; names in `lang`.
   */
  HttpApiEndpoint.get("search", "/features/search", {
    query: { q: SearchQuery, lang: LangQuery },
    success: FeatureList,
  }),
  /**
   * A poster for a feature that has no image of its own (spec §7 `features/{id}/placeholderImage`): an SVG drawn
   * from the feature's id and title, the same every time, so browsers and the service worker may keep it.
   */
  HttpApiEndpoint.get("placeholderImage", "/features/:id/placeholderImage", {
    params: { id: PositiveInt },
    query: { lang: LangQuery },
    success: Schema.String.pipe(HttpApiSchema.asText({ contentType: "image/svg+xml" })),
    error: FeatureNotFound,
  }),
  /**
   * Ours (issue 19): the feature's own picture (its poster), stored with the catalogue; 404 `featureImageNotFound`
   * for a feature without one (or no such feature): the page asks `placeholderImage` for those.
   */
  HttpApiEndpoint.get("image", "/features/:id/image", {
    params: { id: PositiveInt },
    /** the picture's key, which the page adds so that a new picture is a new address; not read */
    query: { v: Schema.optional(WireText) },
    success: Schema.String.pipe(HttpApiSchema.asText({ contentType: "image/svg+xml" })),
    error: FeatureImageNotFound,
  }),
) {}
