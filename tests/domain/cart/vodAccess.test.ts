import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { toCommitCart } from "../../../src/domain/cart/commitCart.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { VodAccessChosen } from "../../../src/domain/cart/otherOrderEvents.ts"
import { agorot } from "../../../src/domain/cart/values.ts"
import { customer, newLog, presentation, T0 } from "./fixtures.ts"

let n = 0
const vod = (presentationId = 900, price = 2_990) =>
  VodAccessChosen.make({ eventId: `vod-${++n}`, at: T0, presentationId, ticketId: 77, price: agorot(price) })

/**
 * Issue 16: a video-on-demand title is bought through the cart and the ticket order's own commit and payment.
 * The cart holds it as its only line: it replaces what was there, counts in the total, and becomes the commit
 * cart's `vod` line; a showing chosen afterwards replaces it in turn.
 */
describe("a video-on-demand title in the cart", () => {
  it("stands alone: the lines of another order go, the total is its price, the commit carries it", () => {
    const log = newLog()
    const cart = fold([log.cartType("donations"), log.donation(1, 11, 5_000, 1), log.customerInfo(), vod()])
    expect(cart.cartType).toBe("tickets")
    expect(cart.donations).toEqual([])
    expect(cart.vod).toEqual({ presentationId: 900, ticketId: 77, price: 2_990 })
    expect(cart.totals.total).toBe(2_990)
    // the buyer's details stay: they are the buyer's, not the order's
    expect(cart.customerInfo).toEqual(customer())
    const built = toCommitCart(cart)
    expect(Result.isSuccess(built)).toBe(true)
    if (Result.isSuccess(built)) {
      expect(built.success.vod).toEqual({ prsntId: 900, ticketId: 77, amount: 2_990 })
      expect(built.success.seats).toEqual([])
      expect(built.success.donations).toEqual([])
    }
  })

  it("a second title replaces the first; a showing or another order type replaces the title", () => {
    const log = newLog()
    expect(fold([vod(900), vod(901, 1_500)]).vod).toEqual({ presentationId: 901, ticketId: 77, price: 1_500 })
    expect(fold([vod(), log.select(presentation())]).vod).toBeNull()
    const vouchers = fold([vod(), log.cartType("vouchers")])
    expect(vouchers.vod).toBeNull()
    expect(vouchers.totals.total).toBe(0)
    expect(fold([vod(), log.reset(true)]).vod).toBeNull()
  })

  it("is refused once the cart's order is placed: one reservation per cart", () => {
    const log = newLog()
    const cart = fold([vod(), log.commitRequested(), log.committed(), vod(901)])
    expect(cart.vod?.presentationId).toBe(900)
    expect(cart.rejections.map((r) => r.reason)).toEqual(["reservationExists"])
  })
})
