import { Effect } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../../api/MarqueeApi.ts"
import { HumanCheck } from "./HumanCheck.ts"

/** Every challenge is single use and expires: no browser, proxy or service worker may keep one. */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

/** `GET /api/human-check/challenge`; needs a `HumanCheck` (e.g. `altchaHumanCheckLayer`). */
export const HumanCheckHttp = HttpApiBuilder.group(
  MarqueeApi,
  "humanCheck",
  Effect.fn(function* (handlers) {
    const humanCheck = yield* HumanCheck
    return handlers.handle("challenge", () => noStore.pipe(Effect.andThen(humanCheck.challenge)))
  }),
)
