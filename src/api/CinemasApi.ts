import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { LangQuery, PositiveInt } from "./shared.ts"

/** One line of a cinema's week: weekdays 0 = Sunday … 6 = Saturday, times HH:MM (a close before the open is after midnight). */
export const OpeningHours = Schema.Struct({
  fromDay: Schema.Int,
  toDay: Schema.Int,
  opens: Schema.String,
  closes: Schema.String,
})
export type OpeningHours = typeof OpeningHours.Type

/** A cinema's complex info (spec §1 marketing pages: hours, parking, accessibility); texts in the `lang` asked. */
export const CinemaInfo = Schema.Struct({
  locationId: Schema.Int,
  name: Schema.String,
  city: Schema.String,
  address: Schema.String,
  isOnline: Schema.Boolean,
  phone: Schema.NullOr(Schema.String),
  latitude: Schema.NullOr(Schema.Number),
  longitude: Schema.NullOr(Schema.Number),
  openingHours: Schema.Array(OpeningHours),
  /** null: nothing to say (the streaming "cinema" has no car park) */
  parking: Schema.NullOr(Schema.String),
  accessibility: Schema.NullOr(Schema.String),
})
export type CinemaInfo = typeof CinemaInfo.Type

export class CinemaNotFound extends Schema.TaggedError<CinemaNotFound>()(
  "CinemaNotFound",
  { error: Schema.Literal("cinemaNotFound") },
  { httpApiStatus: 404 },
) {}

/** Ours (issue 19): the public complex-info page's data. The head office is no cinema: not found. */
export class CinemasApi extends HttpApiGroup.make("cinemas").add(
  HttpApiEndpoint.get("info", "/cinemas/:id", {
    params: { id: PositiveInt },
    query: { lang: LangQuery },
    success: CinemaInfo,
    error: CinemaNotFound,
  }),
) {}
