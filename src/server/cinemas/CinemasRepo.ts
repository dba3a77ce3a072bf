import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { CinemaInfo, OpeningHours } from "../../api/CinemasApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"

type Row = Omit<CinemaInfo, "openingHours"> & {
  readonly openingHours: ReadonlyArray<OpeningHours> | string | null
}

export class CinemasRepo extends Context.Service<
  CinemasRepo,
  {
    /** a cinema's complex info in `lang`; undefined for an unknown id or the head office (no cinema) */
    readonly info: (locationId: number, lang: LocaleCode) => Effect.Effect<CinemaInfo | undefined>
  }
>()("marquee/cinemas/CinemasRepo") {
  static readonly layer = Layer.effect(
    CinemasRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const info = Effect.fn("CinemasRepo.info")(function* (locationId: number, lang: LocaleCode) {
        const rows = yield* sql<Row>`
          SELECT l.id AS "locationId", ${localized(sql, "l.name", lang)} AS name,
            ${localized(sql, "l.city", lang)} AS city, ${localized(sql, "l.address", lang)} AS address,
            l.is_online AS "isOnline", i.phone, l.latitude, l.longitude,
            i.opening_hours AS "openingHours",
            CASE WHEN i.parking IS NULL OR i.parking = '{}'::jsonb THEN NULL
              ELSE ${localized(sql, "i.parking", lang)} END AS parking,
            CASE WHEN i.accessibility IS NULL OR i.accessibility = '{}'::jsonb THEN NULL
              ELSE ${localized(sql, "i.accessibility", lang)} END AS accessibility
          FROM locations l LEFT JOIN location_info i ON i.location_id = l.id
          WHERE l.id = ${locationId} AND NOT l.is_head_office`
        const row = rows[0]
        if (row === undefined) return undefined
        // jsonb arrives parsed from PostgreSQL and as text from some drivers: read both
        const hours = typeof row.openingHours === "string" ? JSON.parse(row.openingHours) : row.openingHours
        return { ...row, phone: row.phone ?? null, openingHours: hours ?? [] } satisfies CinemaInfo
      }, Effect.orDie)
      return CinemasRepo.of({ info })
    }),
  )
}
