import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { parseIdList } from "../../api/shared.ts"
import { FeaturesRepo } from "./FeaturesRepo.ts"

export const FeaturesHttp = HttpApiBuilder.group(
  MarqueeApi,
  "features",
  Effect.fn(function* (handlers) {
    const repo = yield* FeaturesRepo
    return handlers.handle("list", ({ query }) =>
      repo
        .list({
          featureIds: parseIdList(query.featureIds),
          locationId: query.locationId,
          lang: query.lang ?? "he",
        })
        .pipe(Effect.map((features) => ({ features }))),
    )
  }),
).pipe(Layer.provide(FeaturesRepo.layer))
