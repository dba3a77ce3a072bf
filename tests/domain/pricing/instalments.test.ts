import { describe, expect, it } from "vitest"
import {
  allowedInstalments,
  isAllowedInstalments,
  maxInstalments,
} from "../../../src/domain/pricing/instalments.ts"

describe("allowedInstalments", () => {
  it("offers one payment under ₪100, up to 3 from ₪100 and up to 12 from ₪300", () => {
    expect(allowedInstalments(0)).toEqual([1])
    expect(allowedInstalments(9_999)).toEqual([1])
    expect(allowedInstalments(10_000)).toEqual([1, 2, 3])
    expect(allowedInstalments(29_999)).toEqual([1, 2, 3])
    expect(allowedInstalments(30_000)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    expect(maxInstalments(1_000_000)).toBe(12)
  })

  it("accepts exactly the counts it offers", () => {
    for (const amount of [0, 5_000, 10_000, 15_000, 30_000, 90_000]) {
      const offered = allowedInstalments(amount)
      for (let count = -1; count <= 14; count++)
        expect(isAllowedInstalments(count, amount), `${count} of ${amount}`).toBe(offered.includes(count))
      expect(isAllowedInstalments(1.5, amount)).toBe(false)
    }
  })
})
