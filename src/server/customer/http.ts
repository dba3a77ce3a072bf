import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { LocationsRepo } from "./LocationsRepo.ts"

export const CustomerHttp = HttpApiBuilder.group(
  MarqueeApi,
  "customer",
  Effect.fn(function* (handlers) {
    const locations = yield* LocationsRepo
    return handlers.handle("locations", ({ query }) =>
      locations.listForCustomers(query.lang ?? "he").pipe(Effect.map((list) => ({ locations: list }))),
    )
  }),
).pipe(Layer.provide(LocationsRepo.layer))
