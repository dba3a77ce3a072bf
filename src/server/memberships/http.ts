import { Effect, Option } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentCart, CurrentCartIfAny, CurrentCustomerIfAny } from "../../api/sessions.ts"
import { AreaConfig } from "../customerArea/areaConfig.ts"
import { HoldSeconds, MaxSeatsPerCart } from "../seats/SeatHolds.ts"
import { membershipCatalogue } from "./catalogue.ts"
import { lockMembershipSeat, membershipSeatplan, unlockMembershipSeat } from "./membershipSeats.ts"

/**
 * Memberships for sale and their season seats (contract: src/api/MembershipsApi.ts). The customer is the
 * session's (`CurrentCustomerIfAny`) and the cart the middleware's (`CurrentCart`): no id in a request names whose
 * members are listed or whose holds change. Answers that depend on who asks are `no-store`.
 */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

export const MembershipsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "memberships",
  Effect.fn(function* (handlers) {
    const sql = yield* SqlClient.SqlClient
    const area = yield* AreaConfig
    const limits = { holdSeconds: yield* HoldSeconds, cap: yield* MaxSeatsPerCart }
    const withSql = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
      Effect.provideService(effect, SqlClient.SqlClient, sql)
    return handlers
      .handle("memberships", ({ query }) =>
        Effect.gen(function* () {
          yield* noStore
          const customer = yield* CurrentCustomerIfAny
          const customerId = Option.isSome(customer) ? customer.value.customerId : null
          return yield* withSql(membershipCatalogue(query.lang ?? "he", customerId, area.renewalWindowDays))
        }),
      )
      .handle("membershipSeatplan", ({ query }) =>
        Effect.gen(function* () {
          yield* noStore
          const cart = yield* CurrentCartIfAny
          return yield* withSql(
            membershipSeatplan(
              query.membershipId,
              Option.isSome(cart) ? cart.value.token : null,
              query.lang ?? "he",
            ),
          )
        }),
      )
      .handle("membershipLockSeat", ({ payload }) =>
        CurrentCart.use((cart) => withSql(lockMembershipSeat(payload, cart.token, limits))),
      )
      .handle("membershipUnlockSeat", ({ payload }) =>
        CurrentCart.use((cart) => withSql(unlockMembershipSeat(payload.seat, cart.token))),
      )
  }),
)
