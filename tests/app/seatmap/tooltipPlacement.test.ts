import { describe, expect, it } from "vitest"
import { tooltipLeft } from "../../../src/app/seatmap/tooltipPlacement.ts"

describe("the seat tooltip's place", () => {
  it("is centred on the seat, and kept inside the frame near its edges", () => {
    expect(tooltipLeft(200, 100, 400)).toBe(150)
    expect(tooltipLeft(20, 100, 400)).toBe(0)
    expect(tooltipLeft(390, 100, 400)).toBe(300)
    // wider than the frame: from its left edge
    expect(tooltipLeft(50, 500, 400)).toBe(0)
  })
})
