import { Effect, Layer } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { FeatureImageNotFound, FeatureNotFound } from "../../api/FeaturesApi.ts"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { parseIdList } from "../../api/shared.ts"
import { FeaturesRepo } from "./FeaturesRepo.ts"
import { posterSvg } from "./posterSvg.ts"

/**
 * A poster only changes when the feature is renamed or given a new picture: a day in any cache, a week when stale.
 * Product pictures (src/server/presentations/http.ts) are cached the same way.
 */
export const cacheForADay = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(
    HttpServerResponse.setHeader(
      response,
      "cache-control",
      "public, max-age=86400, stale-while-revalidate=604800",
    ),
  ),
)

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
