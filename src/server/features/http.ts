import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { FeatureImageNotFound, FeatureNotFound } from "../../api/FeaturesApi.ts"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { parseIdList } from "../../api/shared.ts"
import { cacheForADay } from "../http/pictureCache.ts"
import { FeaturesRepo } from "./FeaturesRepo.ts"
import { posterSvg } from "./posterSvg.ts"

export const FeaturesHttp = HttpApiBuilder.group(
  MarqueeApi,
  "features",
  Effect.fn(function* (handlers) {
    const repo = yield* FeaturesRepo
    return handlers
      .handle("list", ({ query }) =>
        repo
          .list({
            featureIds: parseIdList(query.featureIds),
            locationId: query.locationId,
            miniSiteUrl: query.miniSiteUrl,
            lang: query.lang ?? "he",
          })
          .pipe(Effect.map((features) => ({ features }))),
      )
      .handle("search", ({ query }) =>
        repo.search(query.q, query.lang ?? "he").pipe(Effect.map((features) => ({ features }))),
      )
      .handle("placeholderImage", ({ params, query }) =>
        Effect.gen(function* () {
          const lang = query.lang ?? "he"
          const title = yield* repo.title(params.id, lang)
          if (title === undefined) return yield* new FeatureNotFound({ error: "featureNotFound" })
          yield* cacheForADay
          return posterSvg(params.id, title, lang === "he" || lang === "ar")
        }),
      )
      .handle("image", ({ params }) =>
        Effect.gen(function* () {
          const body = yield* repo.image(params.id)
          if (body === undefined) return yield* new FeatureImageNotFound({ error: "featureImageNotFound" })
          yield* cacheForADay
          return body
        }),
      )
  }),
).pipe(Layer.provide(FeaturesRepo.layer))
