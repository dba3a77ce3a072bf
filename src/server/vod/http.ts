import { Effect } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentCustomer } from "../../api/sessions.ts"
import { startPlayback } from "./Playback.ts"

/**
 * The video-on-demand handlers (contract: src/api/VodApi.ts). The customer is `CurrentCustomer` (the
 * `CustomerSession` middleware), never an id from the request; the answer is personal: `no-store`.
 */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

export const VodHttp = HttpApiBuilder.group(
  MarqueeApi,
  "vod",
  Effect.fn(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    return handlers.handle("startPlayback", ({ params, query }) =>
      Effect.gen(function* () {
        yield* noStore
        const customer = yield* CurrentCustomer
        return yield* startPlayback({
          customerId: customer.customerId,
          purchaseId: params.purchaseId,
          lang: query.lang ?? "he",
        })
      }).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
    )
  }),
)
