import { describe, expect, it } from "vitest"
import { autoSelectTicket, type CartOfferTicket } from "../../../src/domain/cart/autoTicket.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { allSeats, type Cart } from "../../../src/domain/cart/state.ts"
import { customer, locked, member, newLog, place, presentation, seated, ticket } from "./fixtures.ts"

const seatTickets = (cart: Cart) =>
  allSeats(cart).map((seat) => [seat.ticket?.ticketId ?? null, seat.ticketSource, seat.autoTicketRefusal])

describe("first-ticket auto-select in the fold (spec §4)", () => {
  it("applies the auto-selected ticket and increments its used balance", () => {
    const log = newLog()
    const one = fold(seated(log, presentation(), [place(0, 0)]))
    expect(seatTickets(one)).toEqual([[501, "auto", null]])
    expect(one.usedBalance).toEqual({ "501": 1 })
    const two = fold([log.locked("c2", 1, [locked(1, 0, ticket())])], one)
    expect(two.usedBalance).toEqual({ "501": 2 })
    expect(two.totals).toMatchObject({ tickets: 9400, serviceCharges: 600, total: 10000 })
  })

  it("holds the seat without a ticket when the pick breaks the rule: multiplyFactor above 1 or a reference prompt", () => {
    const log = newLog()
    const cart = fold([
      log.select(),
      log.locked("c1", 1, [
        locked(0, 0, ticket({ ticketId: 601, multiplyFactor: 2 })),
        locked(1, 0, ticket({ ticketId: 602, requiresReference: true })),
        locked(2, 0, ticket({ ticketId: 603, multiplyFactor: 0 })),
      ]),
    ])
    expect(seatTickets(cart)).toEqual([
      [null, null, "ticketNotAutoSelectable"],
      [null, null, "ticketNotAutoSelectable"],
      [603, "auto", null],
    ])
    expect(cart.usedBalance).toEqual({ "603": 1 })
    expect(cart.rejections).toEqual([])
  })

  it("takes no system-voucher ticket on a hold order, but does on a regular one", () => {
    const voucherTicket = ticket({ ticketId: 701, systemVoucher: "SV-1" })
    const regular = newLog()
    expect(seatTickets(fold(seated(regular, presentation(), [place(0, 0)], voucherTicket)))).toEqual([
      [701, "auto", null],
    ])
    const hold = newLog()
    const cart = fold([
      hold.loggedIn(customer(), [member()]),
      hold.hold(true),
      ...seated(hold, presentation(), [place(0, 0)], voucherTicket),
    ])
    expect(cart.isHold).toBe(true)
    expect(seatTickets(cart)).toEqual([[null, null, "ticketNotAutoSelectable"]])
  })

  it("stops at the ticket's balance, counting seats of the same verdict", () => {
    const limited = ticket({ ticketId: 801, balance: 2 })
    const log = newLog()
    const cart = fold(seated(log, presentation(), [place(0, 0), place(1, 0), place(2, 0)], limited))
    expect(seatTickets(cart)).toEqual([
      [801, "auto", null],
      [801, "auto", null],
      [null, null, "insufficientTicketBalance"],
    ])
    expect(cart.usedBalance).toEqual({ "801": 2 })
    const chosen = fold([log.ticketChosen(1, place(2, 0), limited)], cart)
    expect(chosen.lastError?.reason).toBe("insufficientTicketBalance")
    // releasing a seat gives its balance back
    const released = fold(
      [log.unlocked(null, 1, [place(0, 0)]), log.ticketChosen(1, place(2, 0), limited)],
      cart,
    )
    expect(released.usedBalance).toEqual({ "801": 2 })
    expect(released.rejections).toEqual([])
  })

  it("lets a chosen ticket replace an auto-selected one without counting the seat twice", () => {
    const limited = ticket({ ticketId: 801, balance: 1 })
    const log = newLog()
    const cart = fold([
      ...seated(log, presentation(), [place(0, 0)], limited),
      log.ticketChosen(1, place(0, 0), limited),
    ])
    expect(cart.rejections).toEqual([])
    expect(seatTickets(cart)).toEqual([[801, "chosen", null]])
  })
})

describe("autoSelectTicket: the browser's pick for a new seat", () => {
  const offer = (id: number, extra: Partial<CartOfferTicket> = {}): CartOfferTicket => ({
    id,
    ticketId: id,
    multiplyFactor: 1,
    requiresReference: false,
    isMemberOnly: false,
    systemVoucher: null,
    balance: null,
    ...extra,
  })
  const groups = [
    {
      id: 40,
      sectionId: null,
      tickets: [
        offer(1, { multiplyFactor: 2 }),
        offer(2, { systemVoucher: "SV" }),
        offer(3, { balance: 1 }),
        offer(4),
      ],
    },
  ]

  it("reuses the pricing rule and skips system vouchers on a hold and used-up balances", () => {
    const log = newLog()
    const empty = fold([])
    expect(autoSelectTicket(empty, groups)).toMatchObject({ _tag: "Found", ticket: { id: 2 } })
    const hold = fold([log.loggedIn(), log.hold(true)])
    expect(autoSelectTicket(hold, groups)).toMatchObject({ _tag: "Found", ticket: { id: 3 } })
    const used = fold(
      [log.select(), log.locked("c1", 1, [locked(0, 0, ticket({ ticketId: 3, balance: 1 }))])],
      hold,
    )
    expect(used.usedBalance).toEqual({ "3": 1 })
    expect(autoSelectTicket(used, groups)).toMatchObject({ _tag: "Found", ticket: { id: 4 } })
    expect(autoSelectTicket(used, groups, { ignoreTicketIds: [4] })).toEqual({ _tag: "NotFound" })
  })
})
