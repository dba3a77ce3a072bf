import { describe, expect, it } from "vitest"
import type { SalesRow } from "../../../src/api/StaffReportsApi.ts"
import { pageOf, sortRows } from "../../../src/app/staff/reports/sortRows.ts"

const row = (
  key: string,
  date: string | null,
  location: string | null,
  amount: number,
  quantity = 1,
): SalesRow => ({
  Key: key,
  Date: date,
  LocationId: null,
  LocationName: location,
  Id: null,
  Name: key,
  Quantity: quantity,
  AmountAgorot: amount,
})

const rows = [
  row("a", "2026-11-20", "תל אביב", 500),
  row("b", "2026-11-18", "חיפה", 900),
  row("c", null, "באר שבע", 900, 3),
  row("d", "2026-11-18", "אילת", 100),
]

describe("report sorting and paging", () => {
  it("sorts by date (oldest first, undated last, ties in the server's order)", () => {
    expect(sortRows(rows, "date", "he").map((r) => r.Key)).toEqual(["b", "d", "a", "c"])
  })

  it("sorts by location name in the reader's language", () => {
    expect(sortRows(rows, "location", "he").map((r) => r.Key)).toEqual(["d", "c", "b", "a"])
  })

  it("sorts by sales, the largest amount first, then the larger quantity", () => {
    expect(sortRows(rows, "sales", "en").map((r) => r.Key)).toEqual(["c", "b", "a", "d"])
  })

  it("keeps the server's ranking for rank, and never changes its input", () => {
    const before = rows.map((r) => r.Key)
    expect(sortRows(rows, "rank", "en").map((r) => r.Key)).toEqual(before)
    sortRows(rows, "sales", "en")
    expect(rows.map((r) => r.Key)).toEqual(before)
  })

  it("pages rows, clamping a page past either end", () => {
    const many = Array.from({ length: 23 }, (_, i) => i)
    expect(pageOf(many, 1, 10)).toEqual({ rows: many.slice(0, 10), page: 1, pages: 3 })
    expect(pageOf(many, 3, 10)).toEqual({ rows: [20, 21, 22], page: 3, pages: 3 })
    expect(pageOf(many, 9, 10).page).toBe(3)
    expect(pageOf(many, 0, 25)).toEqual({ rows: many, page: 1, pages: 1 })
    expect(pageOf([], 1, 10)).toEqual({ rows: [], page: 1, pages: 1 })
  })
})
