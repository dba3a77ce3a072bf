import { describe, expect, it } from "vitest"
import { applyDiscount, type DiscountRule, discountRefusal } from "../../../src/domain/pricing/discount.ts"

const percent = (
  bp: number,
  ticketIds: ReadonlyArray<number> | null = null,
  minTickets = 1,
): DiscountRule => ({
  discountId: 1,
  code: "P",
  percentBasisPoints: bp,
  amountOff: null,
  ticketIds,
  minTickets,
})
const amount = (agorot: number): DiscountRule => ({
  ...percent(1),
  percentBasisPoints: null,
  amountOff: agorot,
})

describe("applyDiscount", () => {
  it("takes a percentage rounded half up to whole agorot", () => {
    expect(applyDiscount(percent(1000), 4700)).toEqual({ price: 4230, appliedDiscount: 470 })
    expect(applyDiscount(percent(1500), 3990)).toEqual({ price: 3391, appliedDiscount: 599 })
    expect(applyDiscount(percent(1500), 3989)).toEqual({ price: 3391, appliedDiscount: 598 })
  })
  it("takes a fixed amount but never below zero", () => {
    expect(applyDiscount(amount(1000), 4700)).toEqual({ price: 3700, appliedDiscount: 1000 })
    expect(applyDiscount(amount(1000), 600)).toEqual({ price: 0, appliedDiscount: 600 })
    expect(applyDiscount(percent(10000), 4700)).toEqual({ price: 0, appliedDiscount: 4700 })
  })
})

describe("discountRefusal", () => {
  it("needs the minimum number of tickets and one applicable ticket", () => {
    expect(discountRefusal(percent(1000, null, 4), [1, 1, 1])).toBe("couponTooFewTickets")
    expect(discountRefusal(percent(1000, null, 4), [1, 1, 1, 2])).toBeNull()
    expect(discountRefusal(percent(1000, [7]), [1, 2])).toBe("couponNoneApplicable")
    expect(discountRefusal(percent(1000, [7]), [1, 7])).toBeNull()
  })
})
