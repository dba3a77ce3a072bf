import { describe, expect, it } from "vitest"
import { bookingCharges } from "../../../src/domain/pricing/serviceCharge.ts"

describe("bookingCharges", () => {
  it("charges a percentage of the tickets once, or a fixed amount per ticket or per order", () => {
    const rules = [
      { id: 1, name: "fee", amount: null, percentBasisPoints: 300, appliesPer: "order" as const },
      { id: 2, name: "per ticket", amount: 250, percentBasisPoints: null, appliesPer: "ticket" as const },
      { id: 3, name: "per order", amount: 400, percentBasisPoints: null, appliesPer: "order" as const },
    ]
    expect(bookingCharges(rules, 8650, 2)).toEqual([
      { id: 1, name: "fee", amount: 260 },
      { id: 2, name: "per ticket", amount: 500 },
      { id: 3, name: "per order", amount: 400 },
    ])
  })
  it("charges nothing without tickets", () => {
    expect(
      bookingCharges(
        [{ id: 1, name: "f", amount: 400, percentBasisPoints: null, appliesPer: "order" }],
        0,
        0,
      ),
    ).toEqual([])
  })
})
