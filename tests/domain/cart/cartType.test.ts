import { describe, expect, it } from "vitest"
import { fold } from "../../../src/domain/cart/fold.ts"
import { canSetItemQuantity } from "../../../src/domain/cart/rules.ts"
import type { Cart } from "../../../src/domain/cart/state.ts"
import { newLog, place, presentation, seated } from "./fixtures.ts"

const withoutRejections = ({ rejections, lastError, eventCount, ...rest }: Cart) => rest

describe("one order kind per cart (spec §4)", () => {
  it("choosing another kind clears the items of the old one", () => {
    const log = newLog()
    const tickets = fold([...seated(log, presentation(), [place(0, 0)]), log.product(3, 1500, 2)])
    expect(tickets.cartType).toBe("tickets")
    const vouchers = fold([log.cartType("vouchers")], tickets)
    expect(vouchers).toMatchObject({ cartType: "vouchers", presentations: [], products: [] })
    expect(vouchers.totals.total).toBe(0)
  })

  it("choosing the same kind again keeps everything", () => {
    const log = newLog()
    const cart = fold([log.cartType("tickets"), log.product(3, 1500, 2), log.cartType("tickets")])
    expect(cart.products).toEqual([{ productId: 3, price: 1500, quantity: 2 }])
  })

  it("refuses an item of another kind and leaves the cart as it was", () => {
    const log = newLog()
    const donations = fold([log.cartType("donations"), log.donation(1, 5000, 1)])
    const after = fold(
      [log.product(3, 1500, 1), log.voucher(1, 10000, 1), log.membership(1, 9000, 1)],
      donations,
    )
    expect(after.rejections.map((r) => [r.event, r.reason])).toEqual([
      ["ProductQuantitySet", "wrongCartType"],
      ["SystemVoucherQuantitySet", "wrongCartType"],
      ["MembershipQuantitySet", "wrongCartType"],
    ])
    expect(withoutRejections(after)).toEqual(withoutRejections(donations))
    expect(canSetItemQuantity(donations, "products", 1)._tag).toBe("Failure")
    expect(canSetItemQuantity(donations, "donations", 1)._tag).toBe("Success")
  })

  it("an item sets the kind of an empty cart; quantity 0 removes its line", () => {
    const log = newLog()
    const cart = fold([log.voucher(1, 10000, 2), log.voucher(2, 5000, 1), log.voucher(1, 10000, 0)])
    expect(cart.cartType).toBe("vouchers")
    expect(cart.vouchers).toEqual([
      { systemVoucherId: 70, systemVoucherPriceId: 2, price: 5000, quantity: 1 },
    ])
    expect(cart.totals).toMatchObject({ vouchers: 5000, total: 5000 })
  })

  it("caps vouchers at 10 per order and a membership at quantity 1 (spec §9)", () => {
    const log = newLog()
    const vouchers = fold([log.voucher(1, 10000, 6), log.voucher(2, 5000, 4), log.voucher(3, 5000, 1)])
    expect(vouchers.lastError?.reason).toBe("maxVouchersPerOrder")
    expect(vouchers.vouchers.reduce((n, line) => n + line.quantity, 0)).toBe(10)
    const memberships = fold([newLog().membership(1, 9000, 2)])
    expect(memberships.lastError?.reason).toBe("maxMembershipQuantity")
    expect(memberships.memberships).toEqual([])
  })

  it("sums every kind of line into the total", () => {
    const log = newLog()
    const donation = fold([log.donation(1, 5000, 2), log.donation(2, 5000, 1, 1234)])
    expect(donation.totals).toMatchObject({ donations: 5000 * 2 + 1234, total: 11234 })
    const membership = fold([newLog().membership(1, 9000, 1)])
    expect(membership.totals).toMatchObject({ memberships: 9000, total: 9000 })
  })
})
