import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { InvalidLiveRequest, StaffSession } from "./StaffApi.ts"
import { LangQuery, PositiveInt } from "./shared.ts"

/**
 * Live monitoring's reporting calls (spec §2 reporting, §7 Live monitoring, §8 'Error Fetching Data!'), behind the
 * same staff session as attendance. Paths named by the spec keep its spelling (`locationTicketSales`,
 * `featureTicketSales`, `monitors/PresentationSales`); the rest (top tens, points of sale, concessions, sales over
 * a day) are not shown in the spec and are designed here, under `/PRES-live/reports/…`.
 *
 * Every report:
 * - reads only the staff member's businesses (the `businessIds` / `businessId` narrowing rule of StaffApi.ts);
 * - sums paid orders only (`payment_status = 'paid'`, not cancelled; a cancelled ticket is not sold), never the
 *   head office (location 1), by the Asia/Jerusalem business date of the purchase (presentation sales: of the show);
 * - answers one row shape, `SalesRow`, sorted and paged on the server (`sort`, `direction`, `page`,
 *   `rowsPerPage`: src/domain/live/reportPaging.ts), one page at a time with the totals over every row.
 * Amounts are in agorot (integers): tickets at their price, products at their line total.
 */

export const SalesRow = Schema.Struct({
  /** unique within one answer */
  Key: Schema.String,
  /** the business date the row is of; null for rows over the whole range (top tens, points of sale) */
  Date: Schema.NullOr(Schema.String),
  LocationId: Schema.NullOr(Schema.Int),
  LocationName: Schema.NullOr(Schema.String),
  /** the feature, product, point of sale or presentation the row is of; null for a location's own row */
  Id: Schema.NullOr(Schema.Int),
  Name: Schema.String,
  /** tickets or product units */
  Quantity: Schema.Int,
  AmountAgorot: Schema.Int,
})
export type SalesRow = typeof SalesRow.Type

/** sums over every row of the report in its range and filters, not only the page's */
export const ReportTotals = Schema.Struct({
  Rows: Schema.Int,
  Quantity: Schema.Int,
  AmountAgorot: Schema.Int,
})
export type ReportTotals = typeof ReportTotals.Type

export const SalesReport = Schema.Struct({
  /** the asked page's rows, in the asked order */
  rows: Schema.Array(SalesRow),
  totals: ReportTotals,
  /** the page answered (from 1; a page past the end answers the last), of how many, and their size */
  page: Schema.Int,
  pages: Schema.Int,
  rowsPerPage: Schema.Int,
  /** salesByHour with `perHour=true`: tickets sold in each hour 00–23 (Jerusalem) over the range's days */
  perHour: Schema.optionalKey(Schema.Array(Schema.Int)),
})
export type SalesReport = typeof SalesReport.Type

/**
 * Sorting and paging, every report (rules: src/domain/live/reportPaging.ts). Taken as text and checked by the
 * handler, so that a bad value answers 400 with its code (`invalidSort`, `invalidPaging`) like the dates do:
 * - sort: `date` | `location` | `sales`; absent: the report's own order (by date, or a top ten's ranking);
 * - direction: `asc` | `desc` (only with sort; default: sales largest first, the others ascending);
 * - page: from 1 (default 1; past the last page answers the last);
 * - rowsPerPage: 1–100 (default 10, spec §9's selectable sizes are 10, 25 and 50).
 */
const Paging = {
  sort: Schema.optional(Schema.String),
  direction: Schema.optional(Schema.String),
  page: Schema.optional(Schema.String),
  rowsPerPage: Schema.optional(Schema.String),
}

const Scope = {
  businessIds: Schema.optionalKey(Schema.Array(Schema.String)),
  businessId: Schema.optionalKey(Schema.Array(Schema.String)),
  lang: LangQuery,
  ...Paging,
}

/** A range of business dates (at most 62 days; end defaults to start) and the screens' filters. */
const RangeQuery = {
  ...Scope,
  startDate: Schema.String,
  endDate: Schema.optional(Schema.String),
  locationId: Schema.optional(PositiveInt),
  featureId: Schema.optional(PositiveInt),
}

/** The bare forms of the spec's two dated reports: the same range query, `startDate` defaulting to the chain's today. */
const TodayRangeQuery = { ...RangeQuery, startDate: Schema.optional(Schema.String) }

const report = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.get(name, path, { query: RangeQuery, success: SalesReport, error: InvalidLiveRequest })

export class LiveReportsApi extends HttpApiGroup.make("liveReports")
  .add(
    // spec §7: one row per location and date; the trailing 0 is the spec's detail level (only 0 is known)
    HttpApiEndpoint.get("locationTicketSales", "/PRES-live/locationTicketSales/data/:date/:detail", {
      params: { date: Schema.String, detail: Schema.Literal("0") },
      query: {
        ...Scope,
        endDate: Schema.optional(Schema.String),
        locationId: Schema.optional(PositiveInt),
        featureId: Schema.optional(PositiveInt),
      },
      success: SalesReport,
      error: InvalidLiveRequest,
    }),
  )
  .add(
    // spec §7 "GET /PRES-live/locationTicketSales/ and /data/{date}/0": the bare form answers the same rows for
    // ?startDate (default the chain's today) to ?endDate, so the screen's first load needs no date in the path
    HttpApiEndpoint.get("locationTicketSalesToday", "/PRES-live/locationTicketSales/", {
      query: TodayRangeQuery,
      success: SalesReport,
      error: InvalidLiveRequest,
    }),
  )
  .add(
    // spec §7: one row per feature and date, or per feature, location and date when isByLocation is true
    HttpApiEndpoint.get("featureTicketSales", "/PRES-live/featureTicketSales/data/:date", {
      params: { date: Schema.String },
      query: {
        ...Scope,
        endDate: Schema.optional(Schema.String),
        locationId: Schema.optional(PositiveInt),
        featureId: Schema.optional(PositiveInt),
        isByLocation: Schema.optional(Schema.Literals(["true", "false"])),
      },
      success: SalesReport,
      error: InvalidLiveRequest,
    }),
  )
  .add(
    // spec §7 "GET /PRES-live/featureTicketSales and /data/{date}": the bare form, as locationTicketSales/'s
    HttpApiEndpoint.get("featureTicketSalesToday", "/PRES-live/featureTicketSales", {
      query: { ...TodayRangeQuery, isByLocation: Schema.optional(Schema.Literals(["true", "false"])) },
      success: SalesReport,
      error: InvalidLiveRequest,
    }),
  )
  // spec §7: one row per presentation starting in the range, with its paid tickets
  .add(report("presentationSales", "/PRES-live/monitors/PresentationSales/data"))
  // the ten features that sold the most (by amount), over the range
  .add(report("topFeatures", "/PRES-live/reports/topFeatures"))
  // the ten products sold most, or least (products on sale that sold nothing count as 0), over the range
  .add(
    HttpApiEndpoint.get("topProducts", "/PRES-live/reports/topProducts/:order", {
      params: { order: Schema.Literals(["most", "least"]) },
      query: RangeQuery,
      success: SalesReport,
      error: InvalidLiveRequest,
    }),
  )
  // tickets and products together, per point of sale (web, box office, kiosk …), over the range
  .add(report("pointOfSaleSales", "/PRES-live/reports/pointsOfSale"))
  // concessions: product sales per date, location and product class
  .add(report("concessions", "/PRES-live/reports/concessions"))
  // sales over the day: one row per date and hour (Date is the date, Name the hour "HH"); with perHour=true the
  // answer also carries the 24 hours' tickets over the whole range (the screen's chart)
  .add(
    HttpApiEndpoint.get("salesByHour", "/PRES-live/reports/salesByHour", {
      query: { ...RangeQuery, perHour: Schema.optional(Schema.Literals(["true", "false"])) },
      success: SalesReport,
      error: InvalidLiveRequest,
    }),
  )
  .middleware(StaffSession) {}
