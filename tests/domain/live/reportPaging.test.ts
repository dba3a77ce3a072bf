import { describe, expect, it } from "vitest"
import {
  DEFAULT_ROWS_PER_PAGE,
  MAX_ROWS_PER_PAGE,
  pageWithin,
  parsePaging,
} from "../../../src/domain/live/reportPaging.ts"

describe("report paging rules", () => {
  it("defaults to the first page of the smallest size, in the report's own order", () => {
    expect(parsePaging({})).toEqual({ page: 1, rowsPerPage: DEFAULT_ROWS_PER_PAGE })
    expect(DEFAULT_ROWS_PER_PAGE).toBe(10)
  })

  it("reads a sort with its direction, sales largest first when none is given", () => {
    expect(parsePaging({ sort: "sales" })).toMatchObject({ sort: { key: "sales", direction: "desc" } })
    expect(parsePaging({ sort: "date" })).toMatchObject({ sort: { key: "date", direction: "asc" } })
    expect(parsePaging({ sort: "location", direction: "desc", page: "3", rowsPerPage: "25" })).toEqual({
      sort: { key: "location", direction: "desc" },
      page: 3,
      rowsPerPage: 25,
    })
  })

  it("refuses unknown sorts, a direction alone, and pages or sizes that are not whole numbers in bounds", () => {
    for (const sort of ["price", "Sales", "", "date desc", "1"])
      expect(parsePaging({ sort })).toBe("invalidSort")
    expect(parsePaging({ sort: "date", direction: "up" })).toBe("invalidSort")
    expect(parsePaging({ direction: "asc" })).toBe("invalidSort")
    for (const bad of ["0", "-1", "1.5", "1e2", "", " 5", "05", "ten"]) {
      expect(parsePaging({ rowsPerPage: bad }), bad).toBe("invalidPaging")
      expect(parsePaging({ page: bad }), bad).toBe("invalidPaging")
    }
    expect(parsePaging({ rowsPerPage: String(MAX_ROWS_PER_PAGE + 1) })).toBe("invalidPaging")
    expect(parsePaging({ rowsPerPage: String(MAX_ROWS_PER_PAGE) })).toMatchObject({ rowsPerPage: 100 })
    expect(parsePaging({ page: "100001" })).toBe("invalidPaging")
  })

  it("counts pages (an empty report has one) and keeps the asked page within them", () => {
    expect(pageWithin(0, 10, 1)).toEqual({ pages: 1, page: 1 })
    expect(pageWithin(20, 10, 2)).toEqual({ pages: 2, page: 2 })
    expect(pageWithin(21, 10, 9)).toEqual({ pages: 3, page: 3 })
  })
})
