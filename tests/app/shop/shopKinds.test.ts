import { describe, expect, it } from "vitest"
import { parseShekels, shekelsText } from "../../../src/app/shop/amountInput.ts"
import { belongsTo, hasLines } from "../../../src/app/shop/shopKinds.ts"
import { initialCart } from "../../../src/domain/cart/state.ts"

describe("the shop's amount field", () => {
  it("reads shekels with up to two decimals as agorot, and nothing else", () => {
    expect(parseShekels("150")).toBe(15_000)
    expect(parseShekels(" 72,5 ")).toBe(7_250)
    expect(parseShekels("10.05")).toBe(1_005)
    for (const bad of ["", "0", "-5", "1.234", "abc", "1e3", "12345678"])
      expect(parseShekels(bad), bad).toBeNull()
    expect(shekelsText(15_000)).toBe("150")
    expect(shekelsText(7_250)).toBe("72.50")
  })
})

describe("which cart a shop screen may use", () => {
  it("an empty cart is free for every kind and has nothing to buy", () => {
    for (const kind of ["vouchers", "donations", "food"] as const) {
      expect(belongsTo(initialCart, kind)).toBe(true)
      expect(hasLines(initialCart, kind)).toBe(false)
    }
  })

  it("a cart of another kind, or a ticket order's showing, is not the food's or the vouchers'", () => {
    const donations = { ...initialCart, cartType: "donations" as const }
    expect(belongsTo(donations, "vouchers")).toBe(false)
    expect(belongsTo(donations, "donations")).toBe(true)
    const tickets = { ...initialCart, cartType: "tickets" as const, presentations: [{}] as never }
    expect(belongsTo(tickets, "food")).toBe(false)
    expect(belongsTo({ ...initialCart, cartType: "tickets" as const }, "food")).toBe(true)
  })
})
