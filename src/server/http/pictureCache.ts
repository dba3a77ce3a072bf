import { Effect } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"

/**
 * For pictures (films' posters and placeholders, products' pictures): they only change when a feature is renamed
 * or given a new picture (whose key is then in its address), so a day in any cache, a week when stale.
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
