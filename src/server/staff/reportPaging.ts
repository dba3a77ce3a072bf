import { Effect } from "effect"
import type { SqlClient, Statement } from "effect/sql"
import type { SalesReport, SalesRow } from "../../api/StaffReportsApi.ts"
import { pageWithin, type ReportPaging, type ReportSortKey } from "../../domain/live/reportPaging.ts"

/**
 * A report's rows sorted and paged in SQL, with its totals over every row (not the page's), so a screen never
 * fetches two months of rows to show ten. A report's query answers `SalesRow` columns and `"Rank"`, its own order
 * (row_number() over what the report ranks by); the chosen sort comes first and the rank breaks its ties, so equal
 * rows keep one order across pages and refreshes. Sort keys and directions are looked up here, never spelled from
 * the request; the page and its size are bound parameters.
 */

/**
 * Each sort key's ORDER BY over the report's output columns; rows without the key go last either way. Names sort
 * by code point (`COLLATE "C"`): the same order on PostgreSQL and PGlite whatever their locale, and alphabetical
 * for Hebrew and Russian letters and capitalised Latin names.
 */
const SORT_SQL: Record<ReportSortKey, (direction: "ASC" | "DESC") => string> = {
  date: (d) => `r."Date" ${d} NULLS LAST`,
  location: (d) => `r."LocationName" COLLATE "C" ${d} NULLS LAST`,
  sales: (d) => `r."AmountAgorot" ${d}, r."Quantity" ${d}`,
}

/** the answer of a report that can read nothing (no business in scope) */
export const emptyReport = (paging: ReportPaging): SalesReport => ({
  rows: [],
  totals: { Rows: 0, Quantity: 0, AmountAgorot: 0 },
  page: 1,
  pages: 1,
  rowsPerPage: paging.rowsPerPage,
})

interface PagedRow extends SalesRow {
  readonly Rank: number
  readonly RowNumber: number
  readonly TotalRows: number
  readonly TotalQuantity: number
  readonly TotalAmountAgorot: number
}

/**
 * The page of `report` that `paging` asks for (a page past the end answers the last one), with the totals and the
 * number of pages. One statement: the report's rows are numbered in the chosen order and counted and summed over
 * a window, and only the page's rows leave the database.
 */
export const pagedReport = (
  sql: SqlClient.SqlClient,
  report: Statement.Statement<SalesRow & { readonly Rank: number }>,
  paging: ReportPaging,
): Effect.Effect<SalesReport, unknown> => {
  const order =
    paging.sort === undefined
      ? 'r."Rank"'
      : `${SORT_SQL[paging.sort.key](paging.sort.direction === "desc" ? "DESC" : "ASC")}, r."Rank"`
  const size = paging.rowsPerPage
  return sql<PagedRow>`
    SELECT x.* FROM (
      SELECT r.*, row_number() OVER (ORDER BY ${sql.literal(order)})::int AS "RowNumber",
        count(*) OVER ()::int AS "TotalRows", sum(r."Quantity") OVER ()::float8 AS "TotalQuantity",
        sum(r."AmountAgorot") OVER ()::float8 AS "TotalAmountAgorot"
      FROM (${report}) r
    ) x
    WHERE x."RowNumber" > (least(${paging.page}::int, greatest(1, (x."TotalRows" + ${size}::int - 1) / ${size}::int)) - 1) * ${size}::int
      AND x."RowNumber" <= least(${paging.page}::int, greatest(1, (x."TotalRows" + ${size}::int - 1) / ${size}::int)) * ${size}::int
    ORDER BY x."RowNumber"`.pipe(
    Effect.map((found) => {
      const first = found[0]
      const where = pageWithin(first?.TotalRows ?? 0, size, paging.page)
      return {
        rows: found.map(
          ({ Rank: _r, RowNumber: _n, TotalRows: _t, TotalQuantity: _q, TotalAmountAgorot: _a, ...row }) =>
            row,
        ),
        totals: {
          Rows: first?.TotalRows ?? 0,
          Quantity: Number(first?.TotalQuantity ?? 0),
          AmountAgorot: Number(first?.TotalAmountAgorot ?? 0),
        },
        page: where.page,
        pages: where.pages,
        rowsPerPage: size,
      }
    }),
  )
}
