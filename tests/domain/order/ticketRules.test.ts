import { describe, expect, it } from "vitest"
import {
  canPayWithPoints,
  LOYALTY_TICKETS_PER_ORDER,
  loyaltyPointsPrice,
  priceLevelOf,
  type RuleSeat,
  type RuleTicket,
  ticketProblems,
} from "../../../src/domain/order/ticketRules.ts"

const ticket = (ticketId: number, extra: Partial<RuleTicket> = {}): RuleTicket => ({
  ticketId,
  multiplyFactor: 1,
  minPerOrder: 0,
  maxPerOrder: null,
  requiresTicketId: null,
  balance: null,
  isLoyaltyPriced: false,
  pointsPrice: null,
  ...extra,
})
const seat = (key: string, t: RuleTicket | null, extra: Partial<RuleSeat> = {}): RuleSeat => ({
  key,
  ticket: t,
  isMultiplyFactorSubTicket: false,
  needsConfirmation: false,
  priceLevel: null,
  ...extra,
})

describe("ticketProblems", () => {
  it("accepts a complete, plain choice", () => {
    expect(ticketProblems([seat("a", ticket(1)), seat("b", ticket(2))])).toEqual([])
  })
  it("asks for a ticket on every seat and a confirmation of special seats", () => {
    expect(ticketProblems([seat("a", null), seat("b", ticket(1), { needsConfirmation: true })])).toEqual([
      { code: "seatWithoutTicket", seatKey: "a" },
      { code: "confirmSeat", seatKey: "b" },
    ])
  })
  it("counts a sofa-for-two ticket as two seats", () => {
    const sofa = ticket(5, { multiplyFactor: 2 })
    expect(ticketProblems([seat("a", sofa), seat("b", sofa, { isMultiplyFactorSubTicket: true })])).toEqual(
      [],
    )
    expect(ticketProblems([seat("a", sofa), seat("b", sofa)])).toEqual([
      { code: "multiplierError", seats: 2, covered: 4 },
    ])
  })
  it("applies minimum, maximum, companion and balance", () => {
    expect(ticketProblems([seat("a", ticket(1, { minPerOrder: 2 }))])).toEqual([
      { code: "underMin", ticketId: 1, min: 2 },
    ])
    const soldier = ticket(4, { maxPerOrder: 2 })
    expect(ticketProblems([seat("a", soldier), seat("b", soldier), seat("c", soldier)])).toEqual([
      { code: "overMax", ticketId: 4, max: 2 },
    ])
    expect(ticketProblems([seat("a", ticket(9, { requiresTicketId: 8 }))])).toEqual([
      { code: "requiresTicket", ticketId: 9, requiredTicketId: 8 },
    ])
    expect(ticketProblems([seat("a", ticket(9, { requiresTicketId: 8 })), seat("b", ticket(8))])).toEqual([])
    const voucher = ticket(3, { balance: 2 })
    expect(ticketProblems([seat("a", voucher), seat("b", voucher), seat("c", voucher)])).toEqual([
      { code: "soldOut", ticketId: 3, balance: 2 },
    ])
  })
})

describe("loyalty rules", () => {
  const member = ticket(6, { isLoyaltyPriced: true, maxPerOrder: null })
  const seats = (n: number, t: RuleTicket) => Array.from({ length: n }, (_, i) => seat(`s${i}`, t))

  it("caps loyalty-discounted tickets per order", () => {
    expect(ticketProblems(seats(LOYALTY_TICKETS_PER_ORDER, member))).toEqual([])
    expect(ticketProblems(seats(LOYALTY_TICKETS_PER_ORDER + 1, member))).toEqual([
      { code: "loyaltyCap", count: LOYALTY_TICKETS_PER_ORDER + 1, max: LOYALTY_TICKETS_PER_ORDER },
    ])
    expect(ticketProblems(seats(2, member), { pointsBalance: 0, loyaltyTicketLimit: 1 })).toEqual([
      { code: "loyaltyCap", count: 2, max: 1 },
    ])
  })

  it("a sofa's second seat is not a second loyalty ticket, nor paid in points twice", () => {
    const sofa = ticket(5, { multiplyFactor: 2, isLoyaltyPriced: true, pointsPrice: null })
    const limits = { pointsBalance: 0, loyaltyTicketLimit: 1 }
    expect(
      ticketProblems([seat("a", sofa), seat("b", sofa, { isMultiplyFactorSubTicket: true })], limits),
    ).toEqual([])
    const pointsSofa = ticket(8, { multiplyFactor: 2, pointsPrice: 1890 })
    expect(
      ticketProblems([seat("a", pointsSofa), seat("b", pointsSofa, { isMultiplyFactorSubTicket: true })], {
        pointsBalance: 1890,
        loyaltyTicketLimit: 4,
      }),
    ).toEqual([])
  })

  it("the points the tickets spend stay within the balance", () => {
    const byPoints = ticket(1, { pointsPrice: loyaltyPointsPrice(4700) })
    const limits = (pointsBalance: number) => ({ pointsBalance, loyaltyTicketLimit: 4 })
    expect(ticketProblems(seats(2, byPoints), limits(940))).toEqual([])
    expect(ticketProblems([...seats(2, byPoints), seat("c", ticket(1))], limits(940))).toEqual([])
    expect(ticketProblems(seats(3, byPoints), limits(1000))).toEqual([
      { code: "pointsBalance", points: 1410, balance: 1000 },
    ])
    // no member logged in: no points at all
    expect(ticketProblems(seats(1, byPoints))).toEqual([{ code: "pointsBalance", points: 470, balance: 0 }])
  })

  it("prices points at one per 10 agorot, rounded up, and only for a ticket with no other benefit", () => {
    expect(loyaltyPointsPrice(4700)).toBe(470)
    expect(loyaltyPointsPrice(4705)).toBe(471)
    expect(loyaltyPointsPrice(0)).toBe(0)
    const plain = { isMemberOnly: false, fullPrice: 4700, systemVoucher: null, discountId: null }
    expect(canPayWithPoints(plain)).toBe(true)
    expect(canPayWithPoints({ ...plain, isMemberOnly: true })).toBe(false)
    expect(canPayWithPoints({ ...plain, systemVoucher: "TICKET-2" })).toBe(false)
    expect(canPayWithPoints({ ...plain, discountId: 3 })).toBe(false)
    expect(canPayWithPoints({ ...plain, fullPrice: 0 })).toBe(false)
  })
})

describe("one price level", () => {
  it("keys a seat by its own group, else by the groups its section offers", () => {
    expect(priceLevelOf(5, [1, 2])).toBe("seat:5")
    expect(priceLevelOf(null, [2, 1, 2])).toBe(priceLevelOf(null, [1, 2]))
    expect(priceLevelOf(null, [1])).not.toBe(priceLevelOf(null, [1, 2]))
  })

  it("refuses seats from two price levels, whatever tickets are on them", () => {
    const standard = priceLevelOf(null, [1])
    const premium = priceLevelOf(5, [1])
    expect(
      ticketProblems([
        seat("a", ticket(1), { priceLevel: standard }),
        seat("b", ticket(2), { priceLevel: standard }),
      ]),
    ).toEqual([])
    expect(
      ticketProblems([
        seat("a", ticket(1), { priceLevel: standard }),
        seat("b", null, { priceLevel: premium }),
      ]),
    ).toEqual([
      { code: "seatWithoutTicket", seatKey: "b" },
      { code: "priceLevel", levels: 2 },
    ])
    // a seat whose level is not known yet is not judged
    expect(ticketProblems([seat("a", ticket(1), { priceLevel: standard }), seat("b", ticket(1))])).toEqual([])
  })
})
