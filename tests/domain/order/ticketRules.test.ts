import { describe, expect, it } from "vitest"
import { type RuleSeat, type RuleTicket, ticketProblems } from "../../../src/domain/order/ticketRules.ts"

const ticket = (ticketId: number, extra: Partial<RuleTicket> = {}): RuleTicket => ({
  ticketId,
  multiplyFactor: 1,
  minPerOrder: 0,
  maxPerOrder: null,
  requiresTicketId: null,
  balance: null,
  ...extra,
})
const seat = (key: string, t: RuleTicket | null, extra: Partial<RuleSeat> = {}): RuleSeat => ({
  key,
  ticket: t,
  isMultiplyFactorSubTicket: false,
  needsConfirmation: false,
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
