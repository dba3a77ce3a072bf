import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { PaymentServices } from "./http.ts"
import { Reconciliation } from "./Reconciliation.ts"
import { SandboxRoutes } from "./sandbox/routes.ts"
import { SIGNATURE_HEADER } from "./sandbox/SandboxLedger.ts"

/**
 * `POST /api/payment/webhook/{provider}`: a plain route outside the HttpApi contract, because the signature is
 * over the raw bytes and a decoded-then-re-encoded body would not match. Bad signature → 401 and nothing stored;
 * a duplicate event id → 200 with no second effect.
 */
const WebhookRoute = HttpRouter.add("POST", "/api/payment/webhook/:provider", (request) =>
  Effect.gen(function* () {
    const params = yield* HttpRouter.params
    const reconciliation = yield* Reconciliation
    const raw = yield* request.text.pipe(Effect.orElseSucceed(() => ""))
    if (raw.length > 64 * 1024) return HttpServerResponse.jsonUnsafe({ error: "tooLarge" }, { status: 413 })
    const outcome = yield* reconciliation.receiveWebhook(
      params.provider ?? "",
      raw,
      request.headers[SIGNATURE_HEADER],
    )
    switch (outcome) {
      case "unknownProvider":
        return HttpServerResponse.jsonUnsafe({ error: "unknownProvider" }, { status: 404 })
      case "badSignature":
        return HttpServerResponse.jsonUnsafe({ error: "badSignature" }, { status: 401 })
      case "duplicate":
        return HttpServerResponse.jsonUnsafe({ received: true, duplicate: true })
      case "accepted":
        return HttpServerResponse.jsonUnsafe({ received: true, duplicate: false })
    }
  }),
)

/** The webhook, the sandbox providers' pages and the reconciliation job (at start, then every minute). */
export const PaymentRoutes = Layer.merge(
  Layer.merge(WebhookRoute, SandboxRoutes).pipe(HttpRouter.provideRequest(PaymentServices)),
  Reconciliation.job.pipe(Layer.provide(PaymentServices)),
)
