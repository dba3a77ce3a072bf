import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { clientOf } from "../limits/RateLimits.ts"
import { MarketingForms } from "./MarketingForms.ts"

/** The marketing forms (issue 19): `POST /api/forms/{kind}`. */
export const FormsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "forms",
  Effect.fn(function* (handlers) {
    const forms = yield* MarketingForms
    return handlers.handle("sendMarketingForm", ({ params, payload, request }) =>
      forms.send({
        kind: params.kind,
        values: payload.values,
        locale: payload.lang ?? "he",
        client: clientOf(request.remoteAddress),
      }),
    )
  }),
).pipe(Layer.provide(MarketingForms.layer))
