import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { onSaleAt, saleRefusalAt } from "../../../src/domain/shared/onSale.ts"

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

describe("saleRefusalAt", () => {
  const facts = { isOnSale: true, startsAtMs, locationIsOnline: true }

  it("sells a showing on sale at a cinema that sells online", () => {
    expect(saleRefusalAt(facts, startsAtMs - 1)).toBeNull()
  })

  it("answers notOnSale when the showing is off sale or started", () => {
    expect(saleRefusalAt({ ...facts, isOnSale: false }, startsAtMs - 1)).toBe("notOnSale")
    expect(saleRefusalAt(facts, startsAtMs)).toBe("notOnSale")
  })

  it("never sells at a cinema offline for sales, and says so before anything else", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer(), fc.integer(), (isOnSale, start, now) => {
        const refusal = saleRefusalAt({ isOnSale, startsAtMs: start, locationIsOnline: false }, now)
        return refusal === "locationOffline"
      }),
    )
  })

  it("agrees with onSaleAt wherever the cinema sells online", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer(), fc.integer(), (isOnSale, start, now) => {
        const online = { isOnSale, startsAtMs: start, locationIsOnline: true }
        return (saleRefusalAt(online, now) === null) === onSaleAt(online, now)
      }),
    )
  })
})
