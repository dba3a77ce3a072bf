import { describe, expect, it } from "vitest"
import { fold } from "../../../src/domain/cart/fold.ts"
import { SystemVoucherQuantitySet } from "../../../src/domain/cart/otherOrderEvents.ts"
import { agorot } from "../../../src/domain/cart/values.ts"
import { T0 } from "./fixtures.ts"

let n = 0
const line = (systemVoucherId: number, systemVoucherPriceId: number, price: number, quantity: number) =>
  SystemVoucherQuantitySet.make({
    eventId: `voucher-line-${++n}`,
    at: T0,
    systemVoucherId,
    systemVoucherPriceId,
    price: agorot(price),
    quantity,
  })

/**
 * Voucher lines are told apart by class and price row (issue 16): open-price classes have no price row (the
 * cart carries price id 0 and the buyer's amount), so two of them must not share one line.
 */
describe("voucher lines", () => {
  it("two open-price classes keep a line each; a new amount replaces its own class's line", () => {
    const cart = fold([line(10, 0, 15_000, 2), line(11, 0, 5_000, 1), line(10, 0, 20_000, 2)])
    expect(cart.vouchers).toEqual([
      { systemVoucherId: 10, systemVoucherPriceId: 0, price: 20_000, quantity: 2 },
      { systemVoucherId: 11, systemVoucherPriceId: 0, price: 5_000, quantity: 1 },
    ])
    expect(cart.totals.vouchers).toBe(45_000)
  })

  it("the cap of ten counts every class's lines together", () => {
    const cart = fold([line(10, 0, 5_000, 6), line(11, 0, 5_000, 5)])
    expect(cart.vouchers).toHaveLength(1)
    expect(cart.rejections.map((r) => r.reason)).toEqual(["maxVouchersPerOrder"])
  })
})
