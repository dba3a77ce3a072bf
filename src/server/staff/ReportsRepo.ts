import { Context, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { SalesReport, SalesRow } from "../../api/StaffReportsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { EXCLUDED_LOCATION_ID } from "../../domain/live/attendance.ts"
import type { ReportPaging } from "../../domain/live/reportPaging.ts"
import { localized } from "../localized.ts"
import { chainDayBounds } from "../time.ts"
import { emptyReport, pagedReport } from "./reportPaging.ts"

/**
 * Live monitoring's reports, SQL only, over the sales rollups of migration 0061, which hold the one definition of
 * "sold" (migration 0009: an order counts when it is paid and not cancelled, a ticket when it is not cancelled) summed
 * per business day and hour, business, location, point of sale and film or product, and per showing, and over
 * migration 0062's daily sums of those (a month is a few thousand rows instead of about 39,000): a report that needs
 * no hour, or no film, reads the daily ones; a film filter on the product or hour reports reads 0061's. The head
 * office (location 1) is in no report. The business filter is the one `scope.ts` allowed, nothing else; the dates
 * are validated business dates. Sales are dated by the purchase (Asia/Jerusalem), a presentation's sales by its show.
 * Each report numbers its rows in its own order (`"Rank"`); reportPaging.ts sorts, pages and totals them.
 */

export interface ReportWindow {
  readonly businessIds: ReadonlyArray<number>
  readonly firstDate: string
  readonly days: number
  readonly locationId?: number | undefined
  readonly featureId?: number | undefined
  readonly paging: ReportPaging
}

type Row = SalesRow & { readonly Rank: number }
type Report = Effect.Effect<SalesReport>

const DAY = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD')`

export class ReportsRepo extends Context.Service<
  ReportsRepo,
  {
    readonly locationTickets: (w: ReportWindow, lang: LocaleCode) => Report
    readonly featureTickets: (w: ReportWindow, lang: LocaleCode, byLocation: boolean) => Report
    readonly presentationSales: (w: ReportWindow, lang: LocaleCode) => Report
    readonly topFeatures: (w: ReportWindow, lang: LocaleCode) => Report
    readonly topProducts: (w: ReportWindow, lang: LocaleCode, order: "most" | "least") => Report
    readonly pointsOfSale: (w: ReportWindow, lang: LocaleCode) => Report
    readonly concessions: (w: ReportWindow, lang: LocaleCode) => Report
    readonly salesByHour: (w: ReportWindow) => Report
    /** tickets sold in each hour 00–23 over the window's days together (the screen's chart) */
    readonly ticketsPerHour: (w: ReportWindow) => Effect.Effect<ReadonlyArray<number>>
  }
>()("marquee/staff/ReportsRepo") {
  static readonly layer = Layer.effect(
    ReportsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      /**
       * A rollup's rows in the window (migration 0061: sums per business day and hour, business, location, point
       * of sale, and film or product): the allowed businesses, no head office, the screens' filters. `alias` names
       * the rollup in the query; `byFeature`: whether the film filter applies (not to points of sale's orders).
       */
      const rolledUp = (alias: string, w: ReportWindow, byFeature = true) => {
        const at = (column: string) => sql.literal(`${alias}.${column}`)
        return sql.and([
          sql`${at("business_id")} IN ${sql.in(w.businessIds)}`,
          sql`${at("location_id")} <> ${EXCLUDED_LOCATION_ID}`,
          sql`${at("business_date")} >= ${w.firstDate}::date`,
          sql`${at("business_date")} < ${w.firstDate}::date + ${w.days}::int`,
          ...(w.locationId === undefined ? [] : [sql`${at("location_id")} = ${w.locationId}`]),
          ...(byFeature && w.featureId !== undefined ? [sql`${at("feature_id")} = ${w.featureId}`] : []),
        ])
      }
      /**
       * The window's showings (by the show), one index range on `presentations (starts_at)`, each with its rollup
       * rows (0061: per the order's business and location) of the orders the scope and filters allow, by key.
       */
      const showingsOf = (w: ReportWindow) => {
        const { from, to } = chainDayBounds(w.firstDate, w.days)
        return {
          showings: sql.and([
            sql`p.starts_at >= ${from}::timestamptz`,
            sql`p.starts_at < ${to}::timestamptz`,
            ...(w.featureId === undefined ? [] : [sql`p.feature_id = ${w.featureId}`]),
          ]),
          orders: sql.and([
            sql`s.presentation_id = p.id`,
            sql`s.business_id IN ${sql.in(w.businessIds)}`,
            sql`s.location_id <> ${EXCLUDED_LOCATION_ID}`,
            ...(w.locationId === undefined ? [] : [sql`s.location_id = ${w.locationId}`]),
          ]),
        }
      }
      /** the film filter, where asked, needs 0061's rollups (0062's product and hour sums have no film) */
      const filmFiltered = (w: ReportWindow) => w.featureId !== undefined
      const rolledSums = sql`sum(s.quantity)::int AS "Quantity", sum(s.amount_agorot)::int AS "AmountAgorot"`
      const ROLLED_DATE = "to_char(s.business_date, 'YYYY-MM-DD')"

      const run = (name: string, query: (w: ReportWindow) => Statement.Statement<Row>) =>
        Effect.fn(`ReportsRepo.${name}`)(function* (w: ReportWindow) {
          if (w.businessIds.length === 0) return emptyReport(w.paging)
          return yield* pagedReport(sql, query(w), w.paging)
        }, Effect.orDie)

      const locationTickets = (w: ReportWindow, lang: LocaleCode) =>
        run(
          "locationTickets",
          () =>
            sql<Row>`
            SELECT g.date || ':' || l.id AS "Key", g.date AS "Date", l.id AS "LocationId",
              ${localized(sql, "l.name", lang)} AS "LocationName", NULL::int AS "Id",
              ${localized(sql, "l.name", lang)} AS "Name", g."Quantity", g."AmountAgorot",
              row_number() OVER (ORDER BY g.date, ${localized(sql, "l.name", lang)}, l.id) AS "Rank"
            FROM (SELECT ${sql.literal(ROLLED_DATE)} AS date, s.location_id, ${rolledSums}
              FROM ticket_sales_daily s WHERE ${rolledUp("s", w)}
              GROUP BY 1, 2 HAVING sum(s.quantity) > 0) g
            JOIN locations l ON l.id = g.location_id`,
        )(w)

      const featureTickets = (w: ReportWindow, lang: LocaleCode, byLocation: boolean) =>
        run(
          "featureTickets",
          () =>
            sql<Row>`
            SELECT g.date || ':' || f.id || ':' || coalesce(l.id, 0) AS "Key", g.date AS "Date",
              l.id AS "LocationId", ${byLocation ? localized(sql, "l.name", lang) : sql`NULL`} AS "LocationName",
              f.id AS "Id", ${localized(sql, "f.name", lang)} AS "Name", g."Quantity", g."AmountAgorot",
              row_number() OVER (ORDER BY g.date, ${localized(sql, "f.name", lang)}, f.id, l.id) AS "Rank"
            FROM (SELECT ${sql.literal(ROLLED_DATE)} AS date, s.feature_id,
                ${byLocation ? sql`s.location_id` : sql`NULL::int`} AS location_id, ${rolledSums}
              FROM ticket_sales_daily s WHERE ${rolledUp("s", w)}
              GROUP BY 1, 2, 3 HAVING sum(s.quantity) > 0) g
            JOIN features f ON f.id = g.feature_id
            LEFT JOIN locations l ON l.id = g.location_id`,
        )(w)

      const presentationSales = (w: ReportWindow, lang: LocaleCode) =>
        run(
          "presentationSales",
          () =>
            sql<Row>`
            SELECT 'p' || p.id AS "Key", ${sql.literal(DAY("p.starts_at"))} AS "Date", l.id AS "LocationId",
              ${localized(sql, "l.name", lang)} AS "LocationName", p.id AS "Id",
              ${localized(sql, "f.name", lang)} || ' · ' ||
                to_char(p.starts_at AT TIME ZONE 'Asia/Jerusalem', 'HH24:MI') AS "Name",
              g."Quantity", g."AmountAgorot", row_number() OVER (ORDER BY p.starts_at, p.id) AS "Rank"
            FROM presentations p
            CROSS JOIN LATERAL (SELECT ${rolledSums} FROM presentation_ticket_sales s
              WHERE ${showingsOf(w).orders}) g
            JOIN features f ON f.id = p.feature_id
            JOIN venues v ON v.id = p.venue_id
            JOIN locations l ON l.id = v.location_id
            WHERE ${showingsOf(w).showings} AND g."Quantity" > 0`,
        )(w)

      const topFeatures = (w: ReportWindow, lang: LocaleCode) =>
        run(
          "topFeatures",
          () =>
            sql<Row>`
            SELECT 'f' || f.id AS "Key", NULL AS "Date", NULL::int AS "LocationId", NULL AS "LocationName",
              f.id AS "Id", ${localized(sql, "f.name", lang)} AS "Name", g."Quantity", g."AmountAgorot",
              row_number() OVER (ORDER BY g."AmountAgorot" DESC, g."Quantity" DESC, f.id) AS "Rank"
            FROM (SELECT s.feature_id, ${rolledSums} FROM ticket_sales_daily s WHERE ${rolledUp("s", w)}
              GROUP BY 1 HAVING sum(s.quantity) > 0) g
            JOIN features f ON f.id = g.feature_id
            ORDER BY g."AmountAgorot" DESC, g."Quantity" DESC, f.id LIMIT 10`,
        )(w)

      // products of the window's paid orders (their rollup); a film filter keeps the food bought with its tickets
      const productSales = (w: ReportWindow) =>
        sql`FROM ${sql.literal(filmFiltered(w) ? "product_sales_rollup" : "product_sales_daily")} s
          JOIN products pp ON pp.id = s.product_id WHERE ${rolledUp("s", w)}`

      const topProducts = (w: ReportWindow, lang: LocaleCode, order: "most" | "least") => {
        const [quantity, amount] = [sql`coalesce(g.quantity, 0)`, sql`coalesce(g.amount, 0)`]
        const ranked = order === "most" ? sql`${quantity} DESC, ${amount} DESC` : sql`${quantity}, ${amount}`
        return run(
          "topProducts",
          () =>
            sql<Row>`
            SELECT 'pr' || pr.id AS "Key", NULL AS "Date", NULL::int AS "LocationId", NULL AS "LocationName",
              pr.id AS "Id", ${localized(sql, "pr.name", lang)} AS "Name",
              coalesce(g.quantity, 0)::int AS "Quantity", coalesce(g.amount, 0)::int AS "AmountAgorot",
              row_number() OVER (ORDER BY ${ranked}, pr.id) AS "Rank"
            FROM products pr
            LEFT JOIN (SELECT s.product_id, sum(s.quantity) AS quantity, sum(s.amount_agorot) AS amount
              ${productSales(w)} GROUP BY 1 HAVING sum(s.quantity) > 0) g ON g.product_id = pr.id
            WHERE pr.is_active OR g.product_id IS NOT NULL
            ORDER BY ${ranked}, pr.id
            LIMIT 10`,
        )(w)
      }

      const pointsOfSale = (w: ReportWindow, lang: LocaleCode) =>
        run(
          "pointsOfSale",
          () =>
            sql<Row>`
            SELECT 'pos' || s.id AS "Key", NULL AS "Date", l.id AS "LocationId",
              ${localized(sql, "l.name", lang)} AS "LocationName", s.id AS "Id",
              ${localized(sql, "s.name", lang)} AS "Name", g.orders::int AS "Quantity",
              (g.tickets + g.products)::int AS "AmountAgorot",
              row_number() OVER (ORDER BY g.tickets + g.products DESC, s.id) AS "Rank"
            FROM (SELECT s.point_of_sale_id, sum(s.orders) AS orders,
                sum(s.ticket_agorot) AS tickets, sum(s.product_agorot) AS products
              FROM point_of_sale_daily s WHERE ${rolledUp("s", w, false)}
              GROUP BY 1 HAVING sum(s.orders) > 0) g
            JOIN points_of_sale s ON s.id = g.point_of_sale_id
            JOIN locations l ON l.id = s.location_id`,
        )(w)

      const concessions = (w: ReportWindow, lang: LocaleCode) =>
        run(
          "concessions",
          () =>
            // grouped by the date itself, and ordered by each location's and category's place among the few
            // there are (their names compared once each, not on every one of a month's ~900 rows): the same order
            // as by date text, location name, id and category, at about half the cost
            sql<Row>`
            SELECT to_char(g.business_date, 'YYYY-MM-DD') || ':' || l.id || ':' || g.category AS "Key",
              to_char(g.business_date, 'YYYY-MM-DD') AS "Date", l.id AS "LocationId", l.name AS "LocationName",
              NULL::int AS "Id", g.category AS "Name", g.quantity::int AS "Quantity", g.amount::int AS "AmountAgorot",
              row_number() OVER (ORDER BY g.business_date, l.place, c.place) AS "Rank"
            FROM (SELECT s.business_date, s.location_id, pp.category,
                sum(s.quantity) AS quantity, sum(s.amount_agorot) AS amount
              ${productSales(w)} GROUP BY 1, 2, 3 HAVING sum(s.quantity) > 0) g
            JOIN (SELECT l.id, ${localized(sql, "l.name", lang)} AS name,
                row_number() OVER (ORDER BY ${localized(sql, "l.name", lang)}, l.id) AS place
              FROM locations l) l ON l.id = g.location_id
            JOIN (SELECT c.category, row_number() OVER (ORDER BY c.category) AS place
              FROM (SELECT DISTINCT pp.category FROM products pp) c) c ON c.category = g.category`,
        )(w)

      const salesByHour = (w: ReportWindow) =>
        run(
          "salesByHour",
          () =>
            sql<Row>`
            SELECT g.date || ':' || g.hour AS "Key", g.date AS "Date", NULL::int AS "LocationId",
              NULL AS "LocationName", NULL::int AS "Id", g.hour AS "Name", g."Quantity", g."AmountAgorot",
              row_number() OVER (ORDER BY g.date, g.hour) AS "Rank"
            FROM (SELECT ${sql.literal(ROLLED_DATE)} AS date, lpad(s.sale_hour::text, 2, '0') AS hour, ${rolledSums}
              FROM ${sql.literal(filmFiltered(w) ? "ticket_sales_rollup" : "ticket_sales_hourly")} s
              WHERE ${rolledUp("s", w)}
              GROUP BY 1, 2 HAVING sum(s.quantity) > 0) g`,
        )(w)

      /** the hours' table (0062's, or 0061's under a film filter), every hour over the window's days together */
      const ticketsPerHour = Effect.fn("ReportsRepo.ticketsPerHour")(function* (w: ReportWindow) {
        const perHour = Array.from({ length: 24 }, () => 0)
        if (w.businessIds.length === 0) return perHour
        const found = yield* sql<{ readonly hour: number; readonly quantity: number }>`
          SELECT s.sale_hour::int AS hour, sum(s.quantity)::int AS quantity
          FROM ${sql.literal(filmFiltered(w) ? "ticket_sales_rollup" : "ticket_sales_hourly")} s
          WHERE ${rolledUp("s", w)} GROUP BY 1`
        for (const row of found) perHour[row.hour] = row.quantity
        return perHour
      }, Effect.orDie)

      return ReportsRepo.of({
        locationTickets,
        featureTickets,
        presentationSales,
        topFeatures,
        topProducts,
        pointsOfSale,
        concessions,
        salesByHour,
        ticketsPerHour,
      })
    }),
  )
}
