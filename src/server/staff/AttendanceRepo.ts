import { Context, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { LocaleCode } from "../../api/shared.ts"
import { EXCLUDED_LOCATION_ID } from "../../domain/live/attendance.ts"
import { localized } from "../localized.ts"
import { chainDayBounds } from "../time.ts"

/**
 * Cinema attendance (spec §2, §9), SQL only. One definition of a presentation's numbers, shared by every drill:
 * - Capacity: the seats and general-admission places of its venue's seatplan (the sum of its sections' capacity);
 *   presentations without any (streaming) are not attendance and are left out.
 * - SoldQuantity: its sold seats (`seat_allocations` kind 'sale'; a cancelled order gave its seats back).
 * - HeldQuantity: seats held by carts right now (kind 'hold', deadline after `marquee_now()`).
 * - BusinessDate: the Asia/Jerusalem calendar date it starts on.
 * Location 1 is never read (spec §9). Every query takes the business ids that `scope.ts` allowed, and nothing
 * from the request reaches SQL except through those and validated dates and ids. The range is one index range on
 * `presentations (business_id, starts_at)` and the counts come from `seat_allocations (presentation_id, kind, …)`.
 */

export interface Counts {
  readonly sold: number
  readonly held: number
  readonly capacity: number
  readonly presentations: number
}

export interface Keyed extends Counts {
  readonly id: number
  readonly name: string
}

export interface PresentationRow extends Counts {
  readonly id: number
  readonly startsMs: number
  readonly businessDate: string
  readonly featureId: number
  readonly featureName: string
  readonly venueId: number
  readonly venueName: string
  readonly locationId: number
  readonly locationName: string
}

/** What a query is limited to: the allowed businesses, a run of days, optionally one location. */
export interface Window {
  readonly businessIds: ReadonlyArray<number>
  readonly firstDate: string
  readonly days: number
  /** undefined: every location the scope reaches */
  readonly locationId?: number | undefined
}

export class AttendanceRepo extends Context.Service<
  AttendanceRepo,
  {
    readonly byDate: (window: Window) => Effect.Effect<ReadonlyArray<Counts & { readonly date: string }>>
    readonly byLocation: (window: Window, lang: LocaleCode) => Effect.Effect<ReadonlyArray<Keyed>>
    readonly byVenue: (window: Window, lang: LocaleCode) => Effect.Effect<ReadonlyArray<Keyed>>
    readonly byFeature: (window: Window, lang: LocaleCode) => Effect.Effect<ReadonlyArray<Keyed>>
    readonly presentations: (
      window: Window,
      lang: LocaleCode,
      only: { readonly venueId?: number; readonly featureId?: number },
    ) => Effect.Effect<ReadonlyArray<PresentationRow>>
  }
>()("marquee/staff/AttendanceRepo") {
  static readonly layer = Layer.effect(
    AttendanceRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      /** one row per presentation in the window, with its three numbers */
      const base = (window: Window, extra: ReadonlyArray<Statement.Fragment> = []) => {
        const { from, to } = chainDayBounds(window.firstDate, window.days)
        const conditions = [
          sql`p.business_id IN ${sql.in(window.businessIds)}`,
          sql`p.starts_at >= ${from}::timestamptz`,
          sql`p.starts_at < ${to}::timestamptz`,
          sql`v.location_id <> ${EXCLUDED_LOCATION_ID}`,
          ...(window.locationId === undefined ? [] : [sql`v.location_id = ${window.locationId}`]),
          ...extra,
        ]
        return sql`
          SELECT p.id, p.starts_at, p.feature_id, p.venue_id, v.location_id, cap.capacity,
            to_char(p.starts_at AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD') AS business_date,
            coalesce(c.sold, 0) AS sold, coalesce(c.held, 0) AS held
          FROM presentations p
          JOIN venues v ON v.id = p.venue_id
          CROSS JOIN LATERAL (
            SELECT coalesce(sum(s.capacity), 0)::int AS capacity FROM venue_sections s WHERE s.seatplan_id = v.seatplan_id
          ) cap
          CROSS JOIN LATERAL (
            SELECT count(*) FILTER (WHERE a.kind = 'sale')::int AS sold,
              count(*) FILTER (WHERE a.kind = 'hold' AND a.expires_at > marquee_now())::int AS held
            FROM seat_allocations a WHERE a.presentation_id = p.id
          ) c
          WHERE ${sql.and(conditions)} AND cap.capacity > 0`
      }

      const sums = sql`sum(b.sold)::int AS sold, sum(b.held)::int AS held, sum(b.capacity)::int AS capacity,
        count(*)::int AS presentations`

      const byDate = Effect.fn("AttendanceRepo.byDate")(function* (window: Window) {
        if (window.businessIds.length === 0) return []
        return yield* sql<Counts & { readonly date: string }>`
            SELECT b.business_date AS date, ${sums} FROM (${base(window)}) b
            GROUP BY b.business_date ORDER BY b.business_date`
      }, Effect.orDie)

      const grouped = (table: "locations" | "venues" | "features", key: string) =>
        Effect.fn(`AttendanceRepo.by.${table}`)(function* (window: Window, lang: LocaleCode) {
          if (window.businessIds.length === 0) return []
          return yield* sql<Keyed>`
              SELECT t.id, ${localized(sql, "t.name", lang)} AS name, g.sold, g.held, g.capacity, g.presentations
              FROM (SELECT b.${sql.literal(key)} AS id, ${sums} FROM (${base(window)}) b GROUP BY 1) g
              JOIN ${sql.literal(table)} t ON t.id = g.id
              ORDER BY name, t.id`
        }, Effect.orDie)

      const presentations = Effect.fn("AttendanceRepo.presentations")(function* (
        window: Window,
        lang: LocaleCode,
        only: { readonly venueId?: number; readonly featureId?: number },
      ) {
        if (window.businessIds.length === 0) return []
        return yield* sql<PresentationRow>`
                SELECT b.id, (extract(epoch FROM b.starts_at) * 1000)::float8 AS "startsMs",
                  b.business_date AS "businessDate", b.feature_id AS "featureId",
                  ${localized(sql, "f.name", lang)} AS "featureName", b.venue_id AS "venueId",
                  ${localized(sql, "v.name", lang)} AS "venueName", b.location_id AS "locationId",
                  ${localized(sql, "l.name", lang)} AS "locationName",
                  b.sold, b.held, b.capacity, 1 AS presentations
                FROM (${base(window, [
                  ...(only.venueId === undefined ? [] : [sql`p.venue_id = ${only.venueId}`]),
                  ...(only.featureId === undefined ? [] : [sql`p.feature_id = ${only.featureId}`]),
                ])}) b
                JOIN features f ON f.id = b.feature_id
                JOIN venues v ON v.id = b.venue_id
                JOIN locations l ON l.id = b.location_id
                ORDER BY b.starts_at, b.id`
      }, Effect.orDie)

      return AttendanceRepo.of({
        byDate,
        byLocation: grouped("locations", "location_id"),
        byVenue: grouped("venues", "venue_id"),
        byFeature: grouped("features", "feature_id"),
        presentations,
      })
    }),
  )
}
