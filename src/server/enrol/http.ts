import { Effect, Option } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentCart, CurrentCartIfAny, CurrentCustomer } from "../../api/sessions.ts"
import { HoldSeconds, MaxSeatsPerCart } from "../seats/SeatHolds.ts"
import { enrolSeatplan, lockEnrolSeat, unlockEnrolSeat } from "./enrolSeats.ts"
import { enrolOffer } from "./offer.ts"

/**
 * Season enrolment (contract: src/api/EnrolApi.ts). The member is the session customer's (`CurrentCustomer`) and
 * the holds the middleware's cart's (`CurrentCart`); answers depend on who asks, so they are `no-store`.
 */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

export const EnrolHttp = HttpApiBuilder.group(
  MarqueeApi,
  "enrol",
  Effect.fn(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    const limits = { holdSeconds: yield* HoldSeconds, cap: yield* MaxSeatsPerCart }
    const withSql = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
      Effect.provideService(effect, SqlClient.SqlClient, sql)
    return handlers
      .handle("enrolMembership", ({ params, query }) =>
        Effect.gen(function* () {
          yield* noStore
          const customer = yield* CurrentCustomer
          return yield* withSql(
            enrolOffer(
              customer.customerId,
              params.membershipId,
              query.memberNumber ?? null,
              query.lang ?? "he",
            ),
          )
        }),
      )
      .handle("enrolSeatplan", ({ params, query }) =>
        Effect.gen(function* () {
          yield* noStore
          const customer = yield* CurrentCustomer
          const cart = yield* CurrentCartIfAny
          return yield* withSql(
            enrolSeatplan(
              { customerId: customer.customerId, membershipId: params.membershipId },
              query,
              Option.isSome(cart) ? cart.value.token : null,
            ),
          )
        }),
      )
      .handle("enrolLockSeat", ({ params, payload }) =>
        Effect.gen(function* () {
          const customer = yield* CurrentCustomer
          const cart = yield* CurrentCart
          return yield* withSql(
            lockEnrolSeat(
              { customerId: customer.customerId, membershipId: params.membershipId },
              payload,
              cart.token,
              limits,
            ),
          )
        }),
      )
      .handle("enrolUnlockSeat", ({ params, payload }) =>
        Effect.gen(function* () {
          const customer = yield* CurrentCustomer
          const cart = yield* CurrentCart
          return yield* withSql(
            unlockEnrolSeat(
              { customerId: customer.customerId, membershipId: params.membershipId },
              payload,
              cart.token,
            ),
          )
        }),
      )
  }),
)
