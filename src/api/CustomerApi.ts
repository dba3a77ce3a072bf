import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { LangQuery } from "./shared.ts"

/** Customer-facing wire names are PascalCase, as the spec writes the Customer entity. */
export const Location = Schema.Struct({
  LocationId: Schema.Int,
  Name: Schema.String,
  City: Schema.String,
  Address: Schema.String,
  IsOnline: Schema.Boolean,
})
export type Location = typeof Location.Type

export const LocationList = Schema.Struct({ locations: Schema.Array(Location) })
export type LocationList = typeof LocationList.Type

export class CustomerApi extends HttpApiGroup.make("customer").add(
  HttpApiEndpoint.get("locations", "/customer/locations", {
    query: { lang: LangQuery },
    success: LocationList,
  }),
) {}
