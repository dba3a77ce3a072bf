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
 * - SoldQuantity: its sold seats: its tickets of paid, active orders, not cancelled (each holds its seat or place;
 *   a cancelled order gave its seats back), kept per showing in `presentation_sold_seats` (migration 0062) as sales
 *   happen, so a month of showings is not counted seat by seat.
 * - HeldQuantity: seats held by carts right now (kind 'hold', deadline after `marquee_now()`).
 * - BusinessDate: the Asia/Jerusalem calendar date it starts on.
 * Location 1 is never read (spec §9). Every query takes the business ids that `scope.ts` allowed, and nothing
 * from the request reaches SQL except through those and validated dates and ids. The range is one index range on
 * `presentations (starts_at)`, the sold seats one key each, the live holds (few) `seat_allocations
 * (presentation_id, kind, expires_at)`, read only, and the capacity a sum per seatplan.
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
      only: { readonly venueId?: number; readonly featureId?: number; readonly presentationId?: number },
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
            coalesce(ss.sold, 0)::int AS sold,
            (SELECT count(*) FROM seat_allocations a
              WHERE a.presentation_id = p.id AND a.kind = 'hold' AND a.expires_at > marquee_now())::int AS held
          FROM presentations p
          JOIN venues v ON v.id = p.venue_id
          JOIN (SELECT s.seatplan_id, sum(s.capacity)::int AS capacity FROM venue_sections s GROUP BY 1) cap
            ON cap.seatplan_id = v.seatplan_id
          LEFT JOIN presentation_sold_seats ss ON ss.presentation_id = p.id
          WHERE ${sql.and(conditions)} AND cap.capacity > 0`
      }

      const sums = sql`sum(b.sold)::int AS sold, sum(b.held)::int AS held, sum(b.capacity)::int AS capacity,
        count(*)::int AS presentations`

      /** each venue's capacity (its seatplan's sections); a venue without any is no attendance */
      const venueCapacity = sql`(SELECT v.id, v.location_id, coalesce(sum(s.capacity), 0)::int AS capacity
        FROM venues v LEFT JOIN venue_sections s ON s.seatplan_id = v.seatplan_id GROUP BY v.id, v.location_id)`

      /**
       * One row per live hold (its `presentation_id`) of the showings of the allowed businesses in [from, to), read
       * from `seat_allocations (presentation_id, kind, expires_at)` without a probe per showing (a month is about
       * 1,700 showings, each probe a descent of the index): the showings' ids are cut into runs of consecutive ids
       * (a schedule is written day by day, so a month is a few runs), and each run is one range of the index, whose
       * sold seats are a few posting-list entries per showing that the `kind = 'hold'` key skips. A run holds only
       * the window's ids, so nothing outside the window or the scope is read; at worst (no two ids consecutive) it is
       * one range per showing, the probes it replaces. The correlated subquery keeps the plan one range scan per run
       * (joined, the planner reads the whole index for `kind = 'hold'` instead).
       */
      const liveHolds = (businessIds: ReadonlyArray<number>, from: string, to: string) => sql`
        SELECT unnest(r.held) AS presentation_id FROM (
          SELECT (SELECT array_agg(a.presentation_id) FROM seat_allocations a
              WHERE a.presentation_id BETWEEN runs.lo AND runs.hi AND a.kind = 'hold'
                AND a.expires_at > marquee_now()) AS held
          FROM (SELECT min(w.id) AS lo, max(w.id) AS hi
            FROM (SELECT p.id, p.id - row_number() OVER (ORDER BY p.id) AS run FROM presentations p
              WHERE p.business_id IN ${sql.in(businessIds)} AND p.starts_at >= ${from}::timestamptz
                AND p.starts_at < ${to}::timestamptz) w
            GROUP BY w.run) runs
        ) r`

      /**
       * Per business day, from migration 0063's `attendance_daily` (showings and sold seats per day, business and
       * venue; a month is a few hundred rows), and the live holds of the window's showings (`liveHolds`).
       */
      const byDate = Effect.fn("AttendanceRepo.byDate")(function* (window: Window) {
        if (window.businessIds.length === 0) return []
        const { from, to } = chainDayBounds(window.firstDate, window.days)
        const venues = sql.and([
          sql`v.location_id <> ${EXCLUDED_LOCATION_ID}`,
          sql`v.capacity > 0`,
          ...(window.locationId === undefined ? [] : [sql`v.location_id = ${window.locationId}`]),
        ])
        return yield* sql<Counts & { readonly date: string }>`
            SELECT to_char(d.business_date, 'YYYY-MM-DD') AS date, sum(d.sold)::int AS sold,
              coalesce(sum(h.held), 0)::int AS held, sum(d.presentations * v.capacity)::int AS capacity,
              sum(d.presentations)::int AS presentations
            FROM attendance_daily d
            JOIN ${venueCapacity} v ON v.id = d.venue_id
            LEFT JOIN (
              SELECT (p.starts_at AT TIME ZONE 'Asia/Jerusalem')::date AS business_date, p.business_id, p.venue_id,
                count(*) AS held
              FROM (${liveHolds(window.businessIds, from, to)}) a
              -- each hold's showing by its key (OFFSET 0: left to itself, the planner hashes every showing ever)
              CROSS JOIN LATERAL (SELECT p.starts_at, p.business_id, p.venue_id FROM presentations p
                WHERE p.id = a.presentation_id OFFSET 0) p
              GROUP BY 1, 2, 3
            ) h ON h.business_date = d.business_date AND h.business_id = d.business_id AND h.venue_id = d.venue_id
            WHERE d.business_id IN ${sql.in(window.businessIds)} AND d.business_date >= ${window.firstDate}::date
              AND d.business_date < ${window.firstDate}::date + ${window.days}::int AND ${venues}
            GROUP BY d.business_date HAVING sum(d.presentations) > 0
            ORDER BY d.business_date`
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
        only: { readonly venueId?: number; readonly featureId?: number; readonly presentationId?: number },
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
                  ...(only.presentationId === undefined ? [] : [sql`p.id = ${only.presentationId}`]),
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
