import { DateTime, Effect, Layer, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { EventNotFound } from "../../api/PresentationsApi.ts"
import { parseIdList } from "../../api/shared.ts"
import { PresentationOfferRepo } from "./PresentationOfferRepo.ts"
import { PresentationsRepo } from "./PresentationsRepo.ts"

export const PresentationsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "presentations",
  Effect.fn(function* (handlers) {
    const repo = yield* PresentationsRepo
    const offers = yield* PresentationOfferRepo
    return handlers
      .handle("list", ({ query }) =>
        repo
          .listUpcoming({
            featureIds: parseIdList(query.featureIds),
            locationId: query.locationId,
            lang: query.lang ?? "he",
          })
          .pipe(
            Effect.map((presentations) => ({
              presentations,
              hasReserved: presentations.some((p) => p.hasReservedSection),
              hasGA: presentations.some((p) => p.hasGASection),
            })),
          ),
      )
      .handle("get", ({ params, query }) =>
        Effect.gen(function* () {
          const lang = query.lang ?? "he"
          const found = yield* repo.findById(params.id, lang)
          if (Option.isNone(found)) return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* offers.forPresentation(params.id, lang)
          const now = yield* DateTime.now
          return { presentation: found.value, ...offer, serverTime: DateTime.formatIso(now) }
        }),
      )
  }),
).pipe(Layer.provide([PresentationsRepo.layer, PresentationOfferRepo.layer]))
