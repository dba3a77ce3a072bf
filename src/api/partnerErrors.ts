import { Schema } from "effect"

/**
 * Event errors of spec §8 that the presentation calls share with the partner calls (src/api/MiniSiteApi.ts),
 * in a file of their own so that neither contract imports the other.
 */

/**
 * Spec §8 "integration data error": a link whose signature does not check, whose timestamp is too old (or in
 * the future) by the server's clock, whose destination is not ours, or an integration id that is unknown or
 * lapsed.
 */
export class IntegrationDataError extends Schema.TaggedError<IntegrationDataError>()(
  "IntegrationDataError",
  { error: Schema.Literal("integrationDataError") },
  { httpApiStatus: 400 },
) {}

/**
 * Spec §8 "location offline": the showing's cinema is offline for sales (`locations.is_online`). The browser shows
 * the offline-venue view; nothing of the showing can be bought online.
 */
export class LocationOffline extends Schema.TaggedError<LocationOffline>()(
  "LocationOffline",
  { error: Schema.Literal("locationOffline"), locationName: Schema.String },
  { httpApiStatus: 409 },
) {}
