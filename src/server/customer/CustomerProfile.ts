import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { CustomerInfo } from "../../api/CustomerApi.ts"
import { SavedCardsRepo } from "./SavedCardsRepo.ts"

/** A logged-in customer as the login answer shows them (spec §3 Customer, the fields checkout needs). */
export class CustomerProfile extends Context.Service<
  CustomerProfile,
  { readonly info: (customerId: number) => Effect.Effect<CustomerInfo> }
>()("marquee/customer/CustomerProfile") {
  static readonly layer = Layer.effect(
    CustomerProfile,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const cards = yield* SavedCardsRepo
      const info = Effect.fn("CustomerProfile.info")(function* (customerId: number) {
        const rows = yield* sql<Omit<CustomerInfo, "MagCards">>`
          SELECT id AS "CustomerId", first_name AS "FirstName", last_name AS "LastName",
            email AS "EmailAddress1", coalesce(mobile, '') AS "MobileNumber1"
          FROM customers WHERE id = ${customerId}`.pipe(Effect.orDie)
        const row = rows[0]
        if (row === undefined) return yield* Effect.die(new Error(`no customer ${customerId}`))
        return { ...row, MagCards: yield* cards.list(customerId) }
      })
      return CustomerProfile.of({ info })
    }),
  ).pipe(Layer.provide(SavedCardsRepo.layer))
}
