import { Context, Effect, Layer, Option } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { Presentation, SeatingMode } from "../../api/PresentationEntities.ts"
import type { LocaleCode } from "../../api/shared.ts"
import type { BrandCode } from "../../domain/shared/brands.ts"
import { isVodVenueType } from "../../domain/shared/venueType.ts"
import { localized } from "../localized.ts"
import { toChainIso } from "../time.ts"

export interface PresentationFilter {
  readonly featureIds?: ReadonlyArray<number> | undefined
  readonly locationId?: number | undefined
  /** a partner's showings only (issue 19); an unknown partner has none */
  readonly miniSiteUrl?: string | undefined
  readonly lang: LocaleCode
}

interface PresentationRow {
  readonly id: number
  readonly venueId: number
  readonly venueTypeId: number
  readonly seatplanId: number | null
  readonly seatingPolicyId: number
  readonly featureCategoryId: number
  readonly authProfileId: number
  readonly businessId: number
  readonly locationId: number
  readonly newBookingUrl: string | null
  readonly viewAreaFilename: string | null
  readonly imageMapHtml: string | null
  readonly featureId: number
  readonly featureName: string
  readonly featureImage: string | null
  readonly featureCategoryName: string
  readonly locationName: string
  readonly locationBrand: BrandCode | null
  readonly venueName: string
  readonly startsAtMs: number
  readonly language: string
  readonly dubbing: string | null
  readonly subtitles: string | null
  readonly releaseDate: string
  readonly duration: number
  readonly is3D: boolean
  readonly isOnSale: boolean
  readonly reservedSections: number
  readonly gaSections: number
  readonly capacity: number
  readonly taken: number
}

const seatingModeOf = (reservedSections: number, gaSections: number): SeatingMode =>
  reservedSections > 0 && gaSections > 0
    ? "mixed"
    : gaSections > 1
      ? "multiGA"
      : gaSections === 1
        ? "singleGA"
        : "reserved"

const toPresentation = (row: PresentationRow): Presentation => {
  const isVod = isVodVenueType(row.venueTypeId)
  return {
    id: row.id,
    venueId: row.venueId,
    venueTypeId: row.venueTypeId,
    seatplanId: row.seatplanId,
    seatingPolicyId: row.seatingPolicyId,
    featureCategoryId: row.featureCategoryId,
    authProfileId: row.authProfileId,
    businessId: row.businessId,
    locationId: row.locationId,
    isReserved: row.reservedSections > 0,
    isGA: row.gaSections,
    seatingMode: seatingModeOf(row.reservedSections, row.gaSections),
    hasReservedSection: row.reservedSections > 0,
    hasGASection: row.gaSections > 0,
    hasMultiGASections: row.gaSections > 1,
    newBookingUrl: row.newBookingUrl,
    viewAreaFilename: row.viewAreaFilename,
    imageMapHtml: row.imageMapHtml,
    featureId: row.featureId,
    featureName: row.featureName,
    featureImage: row.featureImage,
    featureCategoryName: row.featureCategoryName,
    dateTime: toChainIso(row.startsAtMs),
    locationName: row.locationName,
    locationBrand: row.locationBrand,
    venueName: row.venueName,
    language: row.language,
    dubbing: row.dubbing,
    subtitles: row.subtitles,
    releaseDate: row.releaseDate,
    duration: row.duration,
    is3D: row.is3D,
    isVod,
    isOnSale: row.isOnSale,
    capacity: isVod ? null : row.capacity,
    availableSeats: isVod ? null : Math.max(0, row.capacity - row.taken),
  }
}

/** How far ahead the what's-on list reaches: the spec's date strip is 14 days each side of today. */
const LIST_DAYS_AHEAD = 14

export class PresentationsRepo extends Context.Service<
  PresentationsRepo,
  {
    readonly listUpcoming: (filter: PresentationFilter) => Effect.Effect<ReadonlyArray<Presentation>>
    readonly findById: (id: number, lang: LocaleCode) => Effect.Effect<Option.Option<Presentation>>
    /** presentations starting in [from, to), ISO instants, oldest first */
    readonly listBetween: (
      from: string,
      to: string,
      filter: PresentationFilter,
    ) => Effect.Effect<ReadonlyArray<Presentation>>
  }
>()("marquee/presentations/PresentationsRepo") {
  static readonly layer = Layer.effect(
    PresentationsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const select = (lang: LocaleCode) => sql`
        SELECT p.id, p.venue_id AS "venueId", v.venue_type_id AS "venueTypeId", v.seatplan_id AS "seatplanId",
          v.seating_policy_id AS "seatingPolicyId", f.category_id AS "featureCategoryId",
          p.auth_profile_id AS "authProfileId", p.business_id AS "businessId", v.location_id AS "locationId",
          p.new_booking_url AS "newBookingUrl", v.view_area_filename AS "viewAreaFilename",
          coalesce(p.image_map_html, v.image_map_html) AS "imageMapHtml",
          p.feature_id AS "featureId", ${localized(sql, "f.name", lang)} AS "featureName", f.image_key AS "featureImage",
          ${localized(sql, "fc.name", lang)} AS "featureCategoryName",
          ${localized(sql, "l.name", lang)} AS "locationName", l.brand AS "locationBrand", ${localized(sql, "v.name", lang)} AS "venueName",
          (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs",
          f.language, f.dubbing, f.subtitles, f.release_date::text AS "releaseDate",
          f.duration_minutes AS duration, (p.is_3d OR f.is_3d) AS "is3D", p.is_on_sale AS "isOnSale",
          coalesce(s.reserved_sections, 0)::int AS "reservedSections", coalesce(s.ga_sections, 0)::int AS "gaSections",
          coalesce(s.capacity, 0)::int AS capacity, coalesce(a.taken, 0)::int AS taken
        FROM presentations p
        JOIN venues v ON v.id = p.venue_id
        JOIN locations l ON l.id = v.location_id
        JOIN features f ON f.id = p.feature_id
        JOIN feature_categories fc ON fc.id = f.category_id
        LEFT JOIN LATERAL (
          SELECT count(*) FILTER (WHERE vs.is_reserved) AS reserved_sections,
            count(*) FILTER (WHERE NOT vs.is_reserved) AS ga_sections, sum(vs.capacity) AS capacity
          FROM venue_sections vs WHERE vs.seatplan_id = v.seatplan_id
        ) s ON true
        LEFT JOIN LATERAL (
          -- a lapsed hold no longer takes its seat (holds expire by deadline, not by a cleanup job)
          SELECT count(*) AS taken FROM seat_allocations sa
          WHERE sa.presentation_id = p.id AND (sa.kind = 'sale' OR sa.expires_at > marquee_now())
        ) a ON true`

      const listWhere = (conditions: Array<Statement.Fragment>, filter: PresentationFilter) => {
        if (filter.featureIds !== undefined)
          conditions.push(sql`p.feature_id IN ${sql.in(filter.featureIds)}`)
        if (filter.locationId !== undefined) conditions.push(sql`v.location_id = ${filter.locationId}`)
        if (filter.miniSiteUrl !== undefined)
          conditions.push(sql`p.id IN (SELECT msp.presentation_id FROM mini_site_presentations msp
            JOIN mini_sites ms ON ms.id = msp.mini_site_id WHERE ms.url = ${filter.miniSiteUrl} AND ms.is_active)`)
        return sql<PresentationRow>`
          ${select(filter.lang)}
          WHERE ${sql.and(conditions)}
          ORDER BY p.starts_at, v.location_id, p.id`.pipe(Effect.map((rows) => rows.map(toPresentation)))
      }

      const listUpcoming = Effect.fn("PresentationsRepo.listUpcoming")(function* (
        filter: PresentationFilter,
      ) {
        return yield* listWhere(
          [
            sql`p.starts_at >= marquee_now()`,
            sql`p.starts_at < marquee_now() + make_interval(days => ${LIST_DAYS_AHEAD + 1})`,
          ],
          filter,
        )
      }, Effect.orDie)

      const findById = Effect.fn("PresentationsRepo.findById")(function* (id: number, lang: LocaleCode) {
        const rows = yield* sql<PresentationRow>`${select(lang)} WHERE p.id = ${id}`
        return Option.fromNullishOr(rows[0]).pipe(Option.map(toPresentation))
      }, Effect.orDie)

      const listBetween = Effect.fn("PresentationsRepo.listBetween")(function* (
        from: string,
        to: string,
        filter: PresentationFilter,
      ) {
        return yield* listWhere(
          [sql`p.starts_at >= ${from}::timestamptz`, sql`p.starts_at < ${to}::timestamptz`],
          filter,
        )
      }, Effect.orDie)

      return PresentationsRepo.of({ listUpcoming, findById, listBetween })
    }),
  )
}
