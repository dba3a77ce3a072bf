import { Effect, Layer, Option, Redacted } from "effect"
import {
  CurrentCustomer,
  CurrentCustomerIfAny,
  CustomerIfAny,
  CustomerSession,
  LoginRequired,
} from "../../api/sessions.ts"
import { CustomerAuth } from "./CustomerAuth.ts"

/**
 * The customer middlewares of the contract (src/api/sessions.ts): the spec's `uuid` header resolved once per
 * request through `CustomerAuth.resolve`. A missing, empty, unknown, expired or revoked uuid is "nobody" alike;
 * `CustomerSession` answers it 401 LOGIN_FAILED (the browser forgets its login), `CustomerIfAny` goes on with an
 * anonymous buyer. The browser sends the uuid on every call (spec §7), so only the calls that carry one of these
 * middlewares pay for the lookup.
 */
export const customerSessionsLayer = Layer.mergeAll(
  Layer.effect(
    CustomerSession,
    Effect.gen(function* () {
      const auth = yield* CustomerAuth
      return CustomerSession.of({
        customerUuid: (handler, { credential }) =>
          Effect.gen(function* () {
            const customer = yield* auth.resolve(Redacted.value(credential))
            if (Option.isNone(customer)) return yield* new LoginRequired({ error: "LOGIN_FAILED" })
            return yield* Effect.provideService(handler, CurrentCustomer, { customerId: customer.value })
          }),
      })
    }),
  ),
  Layer.effect(
    CustomerIfAny,
    Effect.gen(function* () {
      const auth = yield* CustomerAuth
      return CustomerIfAny.of({
        customerUuid: (handler, { credential }) =>
          auth.resolve(Redacted.value(credential)).pipe(
            Effect.flatMap((customer) =>
              Effect.provideService(
                handler,
                CurrentCustomerIfAny,
                Option.map(customer, (customerId) => ({ customerId })),
              ),
            ),
          ),
      })
    }),
  ),
).pipe(Layer.provide(CustomerAuth.layer))
