import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { LocaleCode } from "../../api/shared.ts"
import { EXCLUDED_LOCATION_ID } from "../../domain/live/attendance.ts"
import { localized } from "../localized.ts"

/**
 * What live screens filter by (spec §7 `getCinemaFilterData`): the cinemas where the allowed businesses show
 * anything (never location 1), and the product classes. SQL only; the business ids come from `scope.ts`.
 */
export class FilterDataRepo extends Context.Service<
  FilterDataRepo,
  {
    readonly locations: (
      businessIds: ReadonlyArray<number>,
      lang: LocaleCode,
    ) => Effect.Effect<ReadonlyArray<{ readonly LocationId: number; readonly Name: string }>>
    readonly productClasses: Effect.Effect<ReadonlyArray<string>>
  }
>()("marquee/staff/FilterDataRepo") {
  static readonly layer = Layer.effect(
    FilterDataRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const locations = Effect.fn("FilterDataRepo.locations")(function* (
        businessIds: ReadonlyArray<number>,
        lang: LocaleCode,
      ) {
        if (businessIds.length === 0) return []
        return yield* sql<{ readonly LocationId: number; readonly Name: string }>`
          SELECT l.id AS "LocationId", ${localized(sql, "l.name", lang)} AS "Name"
          FROM locations l
          WHERE l.id <> ${EXCLUDED_LOCATION_ID} AND EXISTS (
            SELECT 1 FROM venues v JOIN presentations p ON p.venue_id = v.id
            WHERE v.location_id = l.id AND p.business_id IN ${sql.in(businessIds)})
          ORDER BY "Name", l.id`
      }, Effect.orDie)
      const productClasses = sql<{ readonly category: string }>`
        SELECT DISTINCT category FROM products WHERE is_active ORDER BY category`.pipe(
        Effect.map((rows) => rows.map((row) => row.category)),
        Effect.orDie,
      )
      return FilterDataRepo.of({ locations, productClasses })
    }),
  )
}
