import { describe, expect, it } from "vitest"
import { parseShekels, shekelsText } from "../../../src/app/shop/amountInput.ts"
import { startingDetails } from "../../../src/app/shop/buyerDetails.ts"
import {
  belongsTo,
  foodCinemaOffSale,
  hasLines,
  SHOP_STEPS,
  stepAfter,
} from "../../../src/app/shop/shopKinds.ts"
import { initialCart } from "../../../src/domain/cart/state.ts"
import { emptyCustomerForm, formValuesOf } from "../../../src/domain/order/customerInfo.ts"

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

describe("the shop's step sequences (spec §2)", () => {
  it("a voucher order asks who buys between chooseVouchers and customerInfo; the others go straight on", () => {
    expect(SHOP_STEPS.vouchers).toEqual(["choose", "auth", "customer", "pay", "confirmation"])
    expect(stepAfter("vouchers", "choose")).toBe("auth")
    expect(stepAfter("vouchers", "auth")).toBe("customer")
    expect(stepAfter("donations", "choose")).toBe("customer")
    expect(stepAfter("food", "choose")).toBe("customer")
    expect(stepAfter("memberships", "choose")).toBe("seats")
    // no auth step outside vouchers, and nothing after the confirmation
    for (const kind of ["donations", "food", "memberships"] as const)
      expect(SHOP_STEPS[kind] as ReadonlyArray<string>).not.toContain("auth")
    expect(stepAfter("donations", "auth")).toBe("auth")
    expect(stepAfter("vouchers", "confirmation")).toBe("confirmation")
  })

  it("a buyer who signed in at the auth step starts the details from their name and mobile; a guest from none", () => {
    const customer = { uuid: "u", mobileNumber: "0501234567", firstName: "Dana", lastName: "Levi" }
    expect(startingDetails(null, customer)).toEqual({
      ...emptyCustomerForm,
      firstName: "Dana",
      lastName: "Levi",
      mobileNumber: "0501234567",
      mobileConfirm: "0501234567",
    })
    expect(startingDetails(null, { ...customer, lastName: undefined }).lastName).toBe("")
    expect(startingDetails(null, null)).toEqual(emptyCustomerForm)
    // details the cart already holds are the buyer's own latest answer: a sign-in does not overwrite them
    const info = {
      CustomerId: null,
      FirstName: "Noa",
      LastName: "Cohen",
      EmailAddress1: "noa@example.com",
      MobileNumber1: "0529876543",
    }
    expect(startingDetails(info as never, customer)).toEqual(formValuesOf(info as never))
  })
})

describe("the food's cinema, offline for sales (issue 19)", () => {
  const online = [{ id: 1170 }, { id: 1175 }]
  it("a kept choice the online list no longer names is offline: its menu gives way to the offline-venue view", () => {
    expect(foodCinemaOffSale(1181, online)).toBe(true)
    expect(foodCinemaOffSale(1181, [])).toBe(true)
  })
  it("an online cinema, no choice yet, or a list not in yet is not", () => {
    expect(foodCinemaOffSale(1175, online)).toBe(false)
    expect(foodCinemaOffSale(null, online)).toBe(false)
    expect(foodCinemaOffSale(1181, undefined)).toBe(false)
  })
})
