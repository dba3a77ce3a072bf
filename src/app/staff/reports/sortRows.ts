import type { SalesRow } from "../../../api/StaffReportsApi.ts"

/** Spec §2: reports sort by date, location or sales; "rank" keeps the server's order (a top ten's ranking). */
export const SORTS = ["rank", "date", "location", "sales"] as const
export type ReportSort = (typeof SORTS)[number]

/** Spec §9: reports have selectable rows per page. */
export const PAGE_SIZES = [10, 25, 50] as const

const collator = new Map<string, Intl.Collator>()
const compareText = (locale: string) => {
  let c = collator.get(locale)
  if (c === undefined) {
    c = new Intl.Collator(locale, { sensitivity: "base", numeric: true })
    collator.set(locale, c)
  }
  return c.compare
}

/**
 * Rows in the chosen order; ties keep the server's order (a stable sort), so a refresh never shuffles equal rows.
 * Date: oldest first (rows without a date last). Location: by name in the reader's language. Sales: the largest
 * amount first.
 */
export const sortRows = (
  rows: ReadonlyArray<SalesRow>,
  sort: ReportSort,
  locale: string,
): ReadonlyArray<SalesRow> => {
  if (sort === "rank") return rows
  const text = compareText(locale)
  const by: (a: SalesRow, b: SalesRow) => number =
    sort === "date"
      ? (a, b) => (a.Date ?? "9999").localeCompare(b.Date ?? "9999")
      : sort === "location"
        ? (a, b) => text(a.LocationName ?? "", b.LocationName ?? "")
        : (a, b) => b.AmountAgorot - a.AmountAgorot || b.Quantity - a.Quantity
  return [...rows].sort(by)
}

/** One page of rows (pages count from 1; a page past the end shows the last one) and how many pages there are. */
export const pageOf = <A>(
  rows: ReadonlyArray<A>,
  page: number,
  size: number,
): { readonly rows: ReadonlyArray<A>; readonly page: number; readonly pages: number } => {
  const pages = Math.max(1, Math.ceil(rows.length / size))
  const shown = Math.min(Math.max(1, Math.floor(page)), pages)
  return { rows: rows.slice((shown - 1) * size, shown * size), page: shown, pages }
}
