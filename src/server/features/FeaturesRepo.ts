import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type Feature, SEARCH_LIMIT } from "../../api/FeaturesApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { searchItems } from "../../domain/shared/textSearch.ts"
import { localized } from "../localized.ts"

export interface FeatureFilter {
  readonly featureIds?: ReadonlyArray<number> | undefined
  /** only features with a presentation still to come at this location */
  readonly locationId?: number | undefined
  /** a partner's buyer (issue 19): only features with a showing still to come that the partner offers */
  readonly miniSiteUrl?: string | undefined
  readonly lang: LocaleCode
}

export class FeaturesRepo extends Context.Service<
  FeaturesRepo,
  {
    readonly list: (filter: FeatureFilter) => Effect.Effect<ReadonlyArray<Feature>>
    /** the feature's title in `lang`, or undefined for an unknown id */
    readonly title: (id: number, lang: LocaleCode) => Effect.Effect<string | undefined>
    /** the feature's own picture (SVG text), or undefined when it has none or there is no such feature */
    readonly image: (id: number) => Effect.Effect<string | undefined>
    /** features whose title in any of the three languages matches `query`, best first, names in `lang` */
    readonly search: (query: string, lang: LocaleCode) => Effect.Effect<ReadonlyArray<Feature>>
  }
>()("marquee/features/FeaturesRepo") {
  static readonly layer = Layer.effect(
    FeaturesRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const list = Effect.fn("FeaturesRepo.list")(function* (filter: FeatureFilter) {
        const conditions = [sql`true`]
        if (filter.featureIds !== undefined) conditions.push(sql`f.id IN ${sql.in(filter.featureIds)}`)
        if (filter.locationId !== undefined) {
          conditions.push(sql`EXISTS (
            SELECT 1 FROM presentations p JOIN venues v ON v.id = p.venue_id
            WHERE p.feature_id = f.id AND v.location_id = ${filter.locationId} AND p.starts_at >= marquee_now())`)
        }
        if (filter.miniSiteUrl !== undefined) {
          // the presentation list's partner filter (PresentationsRepo), by feature; an unknown partner offers none
          conditions.push(sql`EXISTS (
            SELECT 1 FROM mini_site_presentations msp
            JOIN mini_sites ms ON ms.id = msp.mini_site_id
            JOIN presentations p ON p.id = msp.presentation_id
            WHERE ms.url = ${filter.miniSiteUrl} AND ms.is_active AND p.feature_id = f.id
              AND p.starts_at >= marquee_now())`)
        }
        return yield* sql<Feature>`
          SELECT f.id, ${localized(sql, "f.name", filter.lang)} AS name,
            ${localized(sql, "f.synopsis", filter.lang)} AS synopsis,
            f.category_id AS "categoryId", ${localized(sql, "fc.name", filter.lang)} AS "categoryName",
            f.language, f.dubbing, f.subtitles, f.duration_minutes AS duration,
            f.release_date::text AS "releaseDate", f.age_rating AS "ageRating", f.is_3d AS "is3D",
            f.trailer_url AS "trailerUrl", f.image_key AS image
          FROM features f JOIN feature_categories fc ON fc.id = f.category_id
          WHERE ${sql.and(conditions)}
          ORDER BY f.release_date DESC, f.id`
      }, Effect.orDie)
      const title = Effect.fn("FeaturesRepo.title")(function* (id: number, lang: LocaleCode) {
        const rows = yield* sql<{ name: string }>`
          SELECT ${localized(sql, "f.name", lang)} AS name FROM features f WHERE f.id = ${id}`
        return rows[0]?.name
      }, Effect.orDie)
      const image = Effect.fn("FeaturesRepo.image")(function* (id: number) {
        const rows = yield* sql<{ body: string }>`
          SELECT i.body FROM features f JOIN images i ON i.key = f.image_key WHERE f.id = ${id}`
        return rows[0]?.body
      }, Effect.orDie)
      // The catalogue is a few dozen films: the typo-tolerant rule runs here on every title rather than in SQL,
      // so the browser and the server match by one rule (src/domain/shared/textSearch.ts).
      const search = Effect.fn("FeaturesRepo.search")(function* (query: string, lang: LocaleCode) {
        const titles = yield* sql<{ id: number; he: string | null; en: string | null; ru: string | null }>`
          SELECT id, name->>'he' AS he, name->>'en' AS en, name->>'ru' AS ru FROM features ORDER BY id`
        const found = searchItems(query, titles, (row) =>
          [row.he, row.en, row.ru].filter((name): name is string => name !== null),
        ).slice(0, SEARCH_LIMIT)
        if (found.length === 0) return []
        const rank = new Map(found.map((row, index) => [row.id, index]))
        const features = yield* list({ featureIds: found.map((row) => row.id), lang })
        return [...features].sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0))
      }, Effect.orDie)
      return FeaturesRepo.of({ list, title, image, search })
    }),
  )
}
