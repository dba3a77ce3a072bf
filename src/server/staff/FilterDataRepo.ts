import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { LocaleCode } from "../../api/shared.ts"
import { addDays, EXCLUDED_LOCATION_ID } from "../../domain/live/attendance.ts"
import { localized } from "../localized.ts"
import { chainDayBounds } from "../time.ts"

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
    readonly features: (
      businessIds: ReadonlyArray<number>,
      lang: LocaleCode,
      today: string,
    ) => Effect.Effect<ReadonlyArray<{ readonly FeatureId: number; readonly Name: string }>>
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
      // a report's range is at most two months: the films shown around today are the ones worth filtering by
      const features = Effect.fn("FilterDataRepo.features")(function* (
        businessIds: ReadonlyArray<number>,
        lang: LocaleCode,
        today: string,
      ) {
        if (businessIds.length === 0) return []
        const { from } = chainDayBounds(addDays(today, -62), 1)
        const { to } = chainDayBounds(addDays(today, 31), 1)
        return yield* sql<{ readonly FeatureId: number; readonly Name: string }>`
          SELECT f.id AS "FeatureId", ${localized(sql, "f.name", lang)} AS "Name"
          FROM features f
          WHERE EXISTS (
            SELECT 1 FROM presentations p JOIN venues v ON v.id = p.venue_id
            WHERE p.feature_id = f.id AND p.business_id IN ${sql.in(businessIds)}
              AND v.location_id <> ${EXCLUDED_LOCATION_ID}
              AND p.starts_at >= ${from}::timestamptz AND p.starts_at < ${to}::timestamptz)
          ORDER BY "Name", f.id`
      }, Effect.orDie)
      const productClasses = sql<{ readonly category: string }>`
        SELECT DISTINCT category FROM products WHERE is_active ORDER BY category`.pipe(
        Effect.map((rows) => rows.map((row) => row.category)),
        Effect.orDie,
      )
      return FilterDataRepo.of({ locations, features, productClasses })
    }),
  )
}
