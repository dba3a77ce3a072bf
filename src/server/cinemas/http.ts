import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CinemaNotFound } from "../../api/CinemasApi.ts"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CinemasRepo } from "./CinemasRepo.ts"

export const CinemasHttp = HttpApiBuilder.group(
  MarqueeApi,
  "cinemas",
  Effect.fn(function* (handlers) {
    const repo = yield* CinemasRepo
    return handlers.handle("info", ({ params, query }) =>
      Effect.gen(function* () {
        const info = yield* repo.info(params.id, query.lang ?? "he")
        if (info === undefined) return yield* new CinemaNotFound({ error: "cinemaNotFound" })
        return info
      }),
    )
  }),
).pipe(Layer.provide(CinemasRepo.layer))
