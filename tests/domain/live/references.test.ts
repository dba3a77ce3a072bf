import { describe, expect, it } from "vitest"
import { lastMonth, MAX_REFERENCE_QUANTITY, referenceQuantity } from "../../../src/domain/live/references.ts"

describe("referenceQuantity", () => {
  it("takes whole numbers from 0 to the maximum, typed or sent", () => {
    expect(referenceQuantity(0)).toBe(0)
    expect(referenceQuantity(12)).toBe(12)
    expect(referenceQuantity(" 40 ")).toBe(40)
    expect(referenceQuantity(MAX_REFERENCE_QUANTITY)).toBe(MAX_REFERENCE_QUANTITY)
  })
  it("refuses anything else", () => {
    for (const bad of [
      -1,
      1.5,
      "1.5",
      "-3",
      "",
      "abc",
      null,
      undefined,
      {},
      MAX_REFERENCE_QUANTITY + 1,
      Number.NaN,
    ])
      expect(referenceQuantity(bad)).toBeNull()
  })
})

describe("lastMonth", () => {
  it("is the previous calendar month, across a year and a leap February", () => {
    expect(lastMonth("2026-11-27")).toEqual({ startDate: "2026-10-01", endDate: "2026-10-31" })
    expect(lastMonth("2027-01-01")).toEqual({ startDate: "2026-12-01", endDate: "2026-12-31" })
    expect(lastMonth("2028-03-31")).toEqual({ startDate: "2028-02-01", endDate: "2028-02-29" })
  })
})
