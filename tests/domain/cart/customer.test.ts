import { describe, expect, it } from "vitest"
import { fold } from "../../../src/domain/cart/fold.ts"
import { canToggleHold } from "../../../src/domain/cart/rules.ts"
import { type Cart, initialCart } from "../../../src/domain/cart/state.ts"
import { at, customer, member, newLog, place, presentation, seated } from "./fixtures.ts"

const withoutRejections = ({ rejections, lastError, eventCount, ...rest }: Cart) => rest

describe("members fix the membership ids (spec §4)", () => {
  it("takes them from the first available member, skipping expired, not started and unavailable ones", () => {
    const log = newLog()
    const cart = fold([
      log.loggedIn(customer(), [
        member({ membershipId: 1, membershipIdentifier: "M-1", isExpired: true }),
        member({ membershipId: 2, membershipIdentifier: "M-2", isNotStarted: true }),
        member({ membershipId: 3, membershipIdentifier: "M-3", isAvailable: false }),
        member({ membershipId: 4, membershipIdentifier: "M-4" }),
        member({ membershipId: 5, membershipIdentifier: "M-5" }),
      ]),
    ])
    expect(cart).toMatchObject({ membershipLoyaltyId: 4, membershipIdentifier: "M-4" })
  })

  it("does not move them when another member is added later", () => {
    const log = newLog()
    const cart = fold([
      log.memberAdded(member({ membershipId: 1, membershipIdentifier: "M-1", isAvailable: false })),
      log.memberAdded(member({ membershipId: 2, membershipIdentifier: "M-2" })),
      log.memberAdded(member({ membershipId: 3, membershipIdentifier: "M-3" })),
    ])
    expect(cart).toMatchObject({ membershipLoyaltyId: 2, membershipIdentifier: "M-2" })
    expect(cart.members.map((m) => m.membershipIdentifier)).toEqual(["M-1", "M-2", "M-3"])
    const again = fold(
      [log.memberAdded(member({ membershipId: 3, membershipIdentifier: "M-3", balance: 9 }))],
      cart,
    )
    expect(again.members).toHaveLength(3)
    expect(again.members[2]?.balance).toBe(9)
  })
})

describe("customer info", () => {
  it("is set by the form and cleared by logout, with the memberships and the hold", () => {
    const log = newLog()
    const typed = fold([log.customerInfo(customer({ CustomerId: null, FirstName: "Noa" }))])
    expect(typed.customerInfo?.FirstName).toBe("Noa")
    const held = fold([log.loggedIn(), log.hold(true)], typed)
    expect(held).toMatchObject({ isHold: true, membershipLoyaltyId: 61 })
    const out = fold([log.loggedOut()], held)
    expect(out).toMatchObject({
      customerInfo: null,
      members: [],
      membershipLoyaltyId: null,
      membershipIdentifier: null,
      isHold: false,
    })
  })
})

describe("cart reset (spec §4)", () => {
  const filled = () => {
    const log = newLog()
    return {
      log,
      cart: fold([
        log.loggedIn(),
        ...seated(log, presentation(), [place(0, 0)]),
        log.product(3, 1500, 1),
        log.voucherPayment(2000),
        log.timerStarted("chooseSeats", at(60)),
      ]),
    }
  }

  it("clears everything", () => {
    const { log, cart } = filled()
    expect(cart.totals.total).toBeGreaterThan(0)
    expect(cart.rejections).toEqual([])
    const reset = fold([log.reset(false)], cart)
    expect({ ...reset, eventCount: 0 }).toEqual(initialCart)
    expect(reset.eventCount).toBe(cart.eventCount + 1)
  })

  it("optionally keeps the customer info and the memberships that came with it", () => {
    const { log, cart } = filled()
    const reset = fold([log.reset(true)], cart)
    expect({
      ...reset,
      eventCount: 0,
      customerInfo: null,
      members: [],
      membershipLoyaltyId: null,
      membershipIdentifier: null,
    }).toEqual(initialCart)
    expect(reset).toMatchObject({
      customerInfo: cart.customerInfo,
      members: cart.members,
      membershipLoyaltyId: 61,
      membershipIdentifier: "M-61",
    })
  })
})

describe("hold orders (spec §4)", () => {
  it("need a logged-in customer with an active membership; going back to a paid order always works", () => {
    const log = newLog()
    const anonymous = fold([log.customerInfo(customer({ CustomerId: null })), log.hold(true)])
    expect(anonymous.lastError?.reason).toBe("holdRequiresMembership")
    const expired = fold([log.loggedIn(customer(), [member({ isExpired: true })]), log.hold(true)])
    expect(expired.lastError?.reason).toBe("holdRequiresMembership")
    expect(expired.isHold).toBe(false)
    const member_ = fold([log.loggedIn(), log.hold(true), log.hold(false), log.hold(true)])
    expect(member_.rejections).toEqual([])
    expect(member_.isHold).toBe(true)
    expect(canToggleHold(initialCart, false)._tag).toBe("Success")
  })

  it("may be chosen on the word of the pay step's signed-in member (issue 16); a logout turns it back", () => {
    const log = newLog()
    const held = fold([log.customerInfo(customer({ CustomerId: null })), log.hold(true, true)])
    expect(held.rejections).toEqual([])
    expect(held.isHold).toBe(true)
    const refused = fold([log.hold(true, false)])
    expect(refused.isHold).toBe(false)
    expect(refused.lastError?.reason).toBe("holdRequiresMembership")
    expect(fold([log.hold(true, true), log.loggedOut()]).isHold).toBe(false)
  })
})

describe("voucher payment (spec §4, §5)", () => {
  it("holds a single entry, the latest; what it pays is reckoned with the booking charges (pricing/voucherPayment)", () => {
    const log = newLog()
    const cart = fold([
      ...seated(log, presentation(), [place(0, 0)]),
      log.voucherPayment(2000, 1),
      log.voucherPayment(9000, 2),
    ])
    expect(cart.voucherPayment).toMatchObject({ id: 2, balance: 9000 })
    expect(cart.totals.total).toBe(5000)
    const smaller = fold([log.voucherPayment(1200, 3)], cart)
    expect(smaller.voucherPayment).toMatchObject({ id: 3, balance: 1200 })
    const cleared = fold([log.voucherPaymentCleared()], smaller)
    expect(cleared.voucherPayment).toBeNull()
    expect(cleared.totals.total).toBe(5000)
  })

  it("is refused when nothing would be paid by it", () => {
    const log = newLog()
    const empty = fold([log.voucherPayment(2000)])
    expect(empty.lastError?.reason).toBe("voucherBalance")
    const cart = fold(seated(log, presentation(), [place(0, 0)]))
    const spent = fold([log.voucherPayment(0)], cart)
    expect(spent.lastError?.reason).toBe("voucherBalance")
    expect(withoutRejections(spent)).toEqual(withoutRejections(cart))
  })
})
