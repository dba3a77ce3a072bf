/**
 * How a report is sorted and paged (spec §2 reporting: sort by date, location or sales; §9: selectable rows per
 * page), one rule for the server, which sorts and pages in SQL, and the app, which offers the choices. A report
 * asked for without these answers its first page of `DEFAULT_ROWS_PER_PAGE` rows in the report's own order (by
 * date, or a top ten's ranking).
 */

/** what a report may be sorted by; none: the report's own order */
export const REPORT_SORT_KEYS = ["date", "location", "sales"] as const
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number]

export const SORT_DIRECTIONS = ["asc", "desc"] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]

/** the rows per page the app offers (spec §9); the server takes any whole number up to the largest it allows */
export const PAGE_SIZES = [10, 25, 50] as const
export const DEFAULT_ROWS_PER_PAGE: number = PAGE_SIZES[0]
/** the most rows one answer carries: a report is read a page at a time, not exported */
export const MAX_ROWS_PER_PAGE = 100
/** far past any report's last page (a two-month report has a few thousand rows); larger is a mistake, refused */
const MAX_PAGE = 100_000

export interface ReportPaging {
  readonly sort?: { readonly key: ReportSortKey; readonly direction: SortDirection } | undefined
  readonly page: number
  readonly rowsPerPage: number
}

/** Sales read best largest first; dates and names from the start. */
export const defaultDirection = (key: ReportSortKey): SortDirection => (key === "sales" ? "desc" : "asc")

export interface PagingQuery {
  readonly sort?: string | undefined
  readonly direction?: string | undefined
  readonly page?: string | undefined
  readonly rowsPerPage?: string | undefined
}

const wholeNumber = (text: string | undefined, max: number): number | null | undefined => {
  if (text === undefined) return undefined
  if (!/^[1-9][0-9]{0,8}$/.test(text)) return null
  const n = Number(text)
  return n <= max ? n : null
}

const isSortKey = (value: string): value is ReportSortKey =>
  (REPORT_SORT_KEYS as ReadonlyArray<string>).includes(value)
const isDirection = (value: string): value is SortDirection =>
  (SORT_DIRECTIONS as ReadonlyArray<string>).includes(value)

/**
 * The paging a query asks for, or why it cannot be: `invalidSort` (an unknown key or direction, or a direction
 * without a key), `invalidPaging` (a page or rows per page that is not a whole number from 1 to its limit).
 */
export const parsePaging = (query: PagingQuery): ReportPaging | "invalidSort" | "invalidPaging" => {
  const page = wholeNumber(query.page, MAX_PAGE)
  const rowsPerPage = wholeNumber(query.rowsPerPage, MAX_ROWS_PER_PAGE)
  if (page === null || rowsPerPage === null) return "invalidPaging"
  const paging = { page: page ?? 1, rowsPerPage: rowsPerPage ?? DEFAULT_ROWS_PER_PAGE }
  if (query.sort === undefined) return query.direction === undefined ? paging : "invalidSort"
  if (!isSortKey(query.sort)) return "invalidSort"
  const direction = query.direction ?? defaultDirection(query.sort)
  if (!isDirection(direction)) return "invalidSort"
  return { ...paging, sort: { key: query.sort, direction } }
}

/** How many pages `rows` rows make (at least one, an empty report's), and the asked page within them. */
export const pageWithin = (rows: number, rowsPerPage: number, asked: number) => {
  const pages = Math.max(1, Math.ceil(rows / rowsPerPage))
  return { pages, page: Math.min(Math.max(1, asked), pages) }
}
