import { describe, expect, it } from "vitest"
import type {
  MembershipCatalogue,
  MembershipForSale,
  MembershipPrice,
} from "../../../src/api/MembershipsApi.ts"
import {
  addReference,
  memberByNumber,
  needsSeat,
  offerOf,
  priceByCode,
} from "../../../src/app/shop/memberships/membershipChoice.ts"
import { belongsTo, hasLines } from "../../../src/app/shop/shopKinds.ts"
import type { CartMembership } from "../../../src/domain/cart/state.ts"
import { initialCart } from "../../../src/domain/cart/state.ts"
import { agorot } from "../../../src/domain/cart/values.ts"

const price = (id: number, code: string): MembershipPrice => ({
  MembershipPriceId: id,
  Name: `price ${id}`,
  Price: 10_000 * id,
  currency: "ILS",
  currencyId: 1,
  PriceCode: code,
  selectedQuantity: 0,
  usedQuantity: 0,
  references: [],
  SystemVoucherReference: null,
  DiscountId: null,
})
const membership = (
  id: number,
  hasSeat: boolean,
  prices: ReadonlyArray<MembershipPrice>,
): MembershipForSale => ({
  MembershipId: id,
  Code: `M${id}`,
  Name: `membership ${id}`,
  ClassName: "class",
  MembershipTypeId: hasSeat ? 2 : 1,
  ticketQuantity: hasSeat ? 4 : null,
  validityDays: 365,
  terms: "",
  maxQuantity: 1,
  hasSeat,
  venueId: hasSeat ? 3 : null,
  seatplanId: hasSeat ? 5 : null,
  prices,
})
const catalogue: MembershipCatalogue = {
  memberships: [membership(1, false, [price(11, "CLUB-Y")]), membership(4, true, [price(41, "SEASON4")])],
  topups: [
    {
      memberNumber: "123456789012",
      MembershipId: 1,
      Name: "membership 1",
      state: "active",
      startDate: "2026-01-01",
      endDate: "2026-12-10",
      balance: null,
      renewalOffered: true,
      prices: [price(11, "CLUB-Y")],
    },
  ],
  renewalWindowDays: 30,
}
const line = (overrides: Partial<CartMembership> = {}): CartMembership => ({
  membershipId: 4,
  membershipPriceId: 41,
  currencyId: 1,
  price: agorot(41_000),
  quantity: 1,
  isTopup: false,
  references: [],
  ...overrides,
})

describe("chooseMemberships' codes (spec §8 membership order errors)", () => {
  it("a price code chooses its price, in any case; an unknown one is 'price not found'", () => {
    expect(priceByCode(catalogue, " season4 ", undefined)).toMatchObject({
      choice: { membership: { MembershipId: 4 }, price: { MembershipPriceId: 41 }, topupMemberNumber: null },
    })
    expect(priceByCode(catalogue, "NOPE", undefined)).toEqual({ refused: "membershipPriceNotFound" })
    expect(priceByCode(catalogue, "", undefined)).toEqual({ refused: "membershipPriceNotFound" })
  })

  it("the code of the price already chosen is 'code already entered'; a top-up of it is not the same choice", () => {
    expect(priceByCode(catalogue, "SEASON4", line())).toEqual({ refused: "membershipCodeAlreadyEntered" })
    const topup = line({ membershipId: 1, membershipPriceId: 11, isTopup: true })
    expect(priceByCode(catalogue, "CLUB-Y", topup)).toHaveProperty("choice")
  })

  it("a reference is entered once and never more than the memberships chosen (spec §5)", () => {
    const first = addReference(line(), " ABC ", "")
    expect(first).toEqual({ references: [{ reference1: "ABC", reference2: null }] })
    const withOne = line({ references: [{ reference1: "ABC", reference2: null }] })
    expect(addReference(withOne, "abc", "x")).toEqual({ refused: "membershipCodeAlreadyEntered" })
    expect(addReference(withOne, "XYZ", "")).toEqual({ refused: "membershipQuantity" })
    expect(addReference(line({ quantity: 2 }), "A", "B")).toEqual({
      references: [{ reference1: "A", reference2: "B" }],
    })
  })

  it("a top-up's member number is one of the buyer's own, else 'member not found'", () => {
    expect(memberByNumber(catalogue.topups, " 123456789012 ")?.MembershipId).toBe(1)
    expect(memberByNumber(catalogue.topups, "999")).toBeUndefined()
    expect(memberByNumber([], "123456789012")).toBeUndefined()
  })
})

describe("the membership order's steps", () => {
  it("only a new membership with a season seat goes through chooseSeats", () => {
    expect(needsSeat(catalogue, line())).toBe(true)
    expect(needsSeat(catalogue, line({ isTopup: true }))).toBe(false)
    expect(needsSeat(catalogue, line({ membershipId: 1, membershipPriceId: 11 }))).toBe(false)
    expect(needsSeat(undefined, line())).toBe(false)
    expect(needsSeat(catalogue, undefined)).toBe(false)
  })

  it("a top-up's price is found among the member's own prices", () => {
    const found = offerOf(catalogue, line({ membershipId: 1, membershipPriceId: 11, isTopup: true }))
    expect(found.price?.PriceCode).toBe("CLUB-Y")
  })

  it("a memberships cart is the membership screens' own, and has something to buy once a line is in it", () => {
    const cart = { ...initialCart, cartType: "memberships" as const }
    expect(belongsTo(cart, "memberships")).toBe(true)
    expect(belongsTo(cart, "vouchers")).toBe(false)
    expect(hasLines(cart, "memberships")).toBe(false)
    expect(hasLines({ ...cart, memberships: [line()] }, "memberships")).toBe(true)
  })
})
