import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { Location } from "../../api/CustomerApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"

export class LocationsRepo extends Context.Service<
  LocationsRepo,
  { readonly listForCustomers: (lang: LocaleCode) => Effect.Effect<ReadonlyArray<Location>> }
>()("marquee/customer/LocationsRepo") {
  static readonly layer = Layer.effect(
    LocationsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      // Head office sells nothing to the public, so customers never choose it.
      const listForCustomers = Effect.fn("LocationsRepo.listForCustomers")(
        (lang: LocaleCode) => sql<Location>`
          SELECT l.id AS "LocationId", ${localized(sql, "l.name", lang)} AS "Name",
            ${localized(sql, "l.city", lang)} AS "City", ${localized(sql, "l.address", lang)} AS "Address",
            l.is_online AS "IsOnline"
          FROM locations l
          WHERE NOT l.is_head_office
          ORDER BY "Name"`,
        Effect.orDie,
      )
      return LocationsRepo.of({ listForCustomers })
    }),
  )
}
