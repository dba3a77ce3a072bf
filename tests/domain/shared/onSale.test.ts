import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { onSaleAt } from "../../../src/domain/shared/onSale.ts"

const startsAtMs = Date.parse("2026-11-22T17:30:00Z")

describe("onSaleAt", () => {
  it("is on sale up to the last millisecond before the start", () => {
    expect(onSaleAt({ isOnSale: true, startsAtMs }, startsAtMs - 60_000)).toBe(true)
    expect(onSaleAt({ isOnSale: true, startsAtMs }, startsAtMs - 1)).toBe(true)
  })

  it("is not on sale at the instant it starts, nor after", () => {
    expect(onSaleAt({ isOnSale: true, startsAtMs }, startsAtMs)).toBe(false)
    expect(onSaleAt({ isOnSale: true, startsAtMs }, startsAtMs + 1)).toBe(false)
  })

  it("is never on sale when the back office has taken it off sale", () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer(),
        (start, now) => !onSaleAt({ isOnSale: false, startsAtMs: start }, now),
      ),
    )
  })
})
