import { addDays, isIsoDate } from "../../../domain/live/attendance.ts"
import {
  defaultDirection,
  PAGE_SIZES,
  REPORT_SORT_KEYS,
  SORT_DIRECTIONS,
  type SortDirection,
} from "../../../domain/live/reportPaging.ts"
import { isReportKind, isTopTen, type ReportKind } from "./reportKinds.ts"

/** Spec §2: reports sort by date, location or sales (the server sorts); "rank" keeps the report's own order. */
export const SORTS = ["rank", ...REPORT_SORT_KEYS] as const
export type ReportSort = (typeof SORTS)[number]

/** The reports screen's state, all in the address (a report can be linked, reloaded, and opened offline). */
export interface ReportSearch {
  readonly report?: ReportKind
  readonly from?: string
  readonly to?: string
  readonly loc?: number
  readonly film?: number
  readonly sort?: ReportSort
  readonly dir?: SortDirection
  readonly size?: number
  readonly page?: number
}

/** The longest range the server answers (src/server/staff/reportsHttp.ts). */
export const MAX_REPORT_DAYS = 62

const positive = (value: unknown): number | undefined => {
  const n = typeof value === "string" ? Number(value) : value
  return typeof n === "number" && Number.isInteger(n) && n > 0 && n < 1e9 ? n : undefined
}

/** What the address may say, kept only where it makes sense; anything else falls back to the defaults. */
export const validateReportSearch = (search: Record<string, unknown>): ReportSearch => {
  const size = positive(search.size)
  const out: Record<string, unknown> = {
    report: isReportKind(search.report) ? search.report : undefined,
    from: typeof search.from === "string" && isIsoDate(search.from) ? search.from : undefined,
    to: typeof search.to === "string" && isIsoDate(search.to) ? search.to : undefined,
    loc: positive(search.loc),
    film: positive(search.film),
    sort: (SORTS as ReadonlyArray<unknown>).includes(search.sort) ? search.sort : undefined,
    dir: (SORT_DIRECTIONS as ReadonlyArray<unknown>).includes(search.dir) ? search.dir : undefined,
    size: size !== undefined && (PAGE_SIZES as ReadonlyArray<number>).includes(size) ? size : undefined,
    page: positive(search.page),
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as ReportSearch
}

const daysFrom = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1

/**
 * The screen's state with defaults: the last seven days to today, by date (a top ten: its ranking) in the sort's
 * own direction, 10 rows a page.
 */
export const resolvedSearch = (search: ReportSearch, today: string) => {
  const report = search.report ?? "locationTicketSales"
  const to = search.to ?? today
  const sort = search.sort ?? (isTopTen(report) ? "rank" : "date")
  let from = search.from ?? addDays(to, -6)
  if (from > to || daysFrom(from, to) > MAX_REPORT_DAYS) from = addDays(to, -(MAX_REPORT_DAYS - 1))
  return {
    report,
    from,
    to,
    locationId: search.loc,
    featureId: search.film,
    sort,
    dir: search.dir ?? (sort === "rank" ? "asc" : defaultDirection(sort)),
    size: search.size ?? PAGE_SIZES[0],
    page: search.page ?? 1,
  } as const
}
