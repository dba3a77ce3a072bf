import { Effect, Layer, Option, Redacted } from "effect"
import { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import { CartIfAny, CartSession, CurrentCart, CurrentCartIfAny } from "../../api/sessions.ts"
import { CartTokens } from "./CartTokens.ts"

/**
 * The cart middlewares of the contract (src/api/sessions.ts): `x-cart-token` resolved once per request. A missing,
 * empty, unknown or lapsed token is "no cart" alike; `CartSession` answers it 400 RECAPTCHA_REQUIRED (the spec's
 * seat-lock code: the browser solves a human check and gets a new cart), `CartIfAny` lets the call go on without.
 */
export const cartSessionsLayer = Layer.mergeAll(
  Layer.effect(
    CartSession,
    Effect.gen(function* () {
      const tokens = yield* CartTokens
      return CartSession.of({
        cartToken: (handler, { credential }) =>
          Effect.gen(function* () {
            const token = yield* tokens.live(Redacted.value(credential))
            if (Option.isNone(token)) return yield* new HumanCheckFailed({ error: "RECAPTCHA_REQUIRED" })
            return yield* Effect.provideService(handler, CurrentCart, { token: token.value })
          }),
      })
    }),
  ),
  Layer.effect(
    CartIfAny,
    Effect.gen(function* () {
      const tokens = yield* CartTokens
      return CartIfAny.of({
        cartToken: (handler, { credential }) =>
          tokens.live(Redacted.value(credential)).pipe(
            Effect.flatMap((token) =>
              Effect.provideService(
                handler,
                CurrentCartIfAny,
                Option.map(token, (live) => ({ token: live })),
              ),
            ),
          ),
      })
    }),
  ),
).pipe(Layer.provide(CartTokens.layer))
