import { DateTime, Effect, Layer, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { EventNotFound } from "../../api/PresentationsApi.ts"
import { parseIdList } from "../../api/shared.ts"
import { PresentationsRepo } from "./PresentationsRepo.ts"

export const PresentationsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "presentations",
  Effect.fn(function* (handlers) {
    const repo = yield* PresentationsRepo
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
        repo.findById(params.id, query.lang ?? "he").pipe(
          Effect.flatMap(
            Option.match({
              onNone: () => Effect.fail(new EventNotFound({ error: "noEventFound" })),
              onSome: (presentation) =>
                DateTime.now.pipe(
                  Effect.map((now) => ({ presentation, serverTime: DateTime.formatIso(now) })),
                ),
            }),
          ),
        ),
      )
  }),
).pipe(Layer.provide(PresentationsRepo.layer))
