import { Effect, Option } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { ReservationNotFound } from "../../api/PaymentApi.ts"
import { CurrentCustomer } from "../../api/sessions.ts"
import { ownWaiver } from "./WaiverRepo.ts"

/** `GET /customer-area/reservations/{identifier}/waiver`: the asking customer's own waiver only, never cached. */
export const WaiverHttp = HttpApiBuilder.group(MarqueeApi, "waiver", (handlers) =>
  handlers.handle("reservationWaiver", ({ params }) =>
    Effect.gen(function* () {
      yield* HttpEffect.appendPreResponseHandler((_request, response) =>
        Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
      )
      const { customerId } = yield* CurrentCustomer
      const waiver = yield* ownWaiver(customerId, params.identifier)
      if (Option.isNone(waiver)) return yield* new ReservationNotFound({ error: "reservationNotFound" })
      return waiver.value
    }),
  ),
)
