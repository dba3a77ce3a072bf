import { describe, expect, it } from "vitest"
import {
  addDays,
  isIsoDate,
  percentOf,
  seatTakenRatio,
  sharesOf,
  stripDates,
} from "../../../src/domain/live/attendance.ts"

describe("attendance rules (spec §9)", () => {
  it("rounds percentages to whole percents, half up, from the exact fraction", () => {
    expect(percentOf(1, 8)).toBe(13) // 12.5
    expect(percentOf(1, 3)).toBe(33)
    expect(percentOf(2, 3)).toBe(67)
    expect(percentOf(1, 200)).toBe(1) // 0.5
    expect(percentOf(1, 201)).toBe(0)
    expect(percentOf(150, 150)).toBe(100)
    expect(percentOf(5, 0)).toBe(0)
  })

  it("rounds the seat-taken ratio of sold and held to three decimals, half up", () => {
    expect(seatTakenRatio(1, 0, 16)).toBe(0.063) // 0.0625
    expect(seatTakenRatio(1, 1, 3)).toBe(0.667)
    expect(seatTakenRatio(1, 0, 3)).toBe(0.333)
    expect(seatTakenRatio(0, 1, 2000)).toBe(0.001) // 0.0005
    expect(seatTakenRatio(0, 0, 0)).toBe(0)
    expect(sharesOf({ SoldQuantity: 3, HeldQuantity: 1, Capacity: 8 })).toEqual({
      SoldPercent: 38,
      HeldPercent: 13,
      SeatTakenRatio: 0.5,
    })
  })

  it("builds the 29-day strip around today, across month and year ends", () => {
    const strip = stripDates("2026-12-25")
    expect(strip).toHaveLength(29)
    expect(strip[0]).toBe("2026-12-11")
    expect(strip[14]).toBe("2026-12-25")
    expect(strip[28]).toBe("2027-01-08")
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29")
  })

  it("accepts only real calendar dates", () => {
    expect(isIsoDate("2026-11-24")).toBe(true)
    expect(isIsoDate("2026-02-30")).toBe(false)
    expect(isIsoDate("2026-11-24T00:00")).toBe(false)
    expect(isIsoDate("all")).toBe(false)
  })
})
