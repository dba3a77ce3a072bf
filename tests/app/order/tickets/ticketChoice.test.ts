import { describe, expect, it } from "vitest"
import type { TicketGroup } from "../../../../src/api/PresentationEntities.ts"
import type { SeatplanSeat } from "../../../../src/api/SeatsApi.ts"
import {
  groupsForSeat,
  ruleSeats,
  subTicket,
  toCartTicket,
} from "../../../../src/app/order/tickets/ticketChoice.ts"
import type { CartSeat } from "../../../../src/domain/cart/state.ts"
import { ticketProblems } from "../../../../src/domain/order/ticketRules.ts"
import { ticketOffer } from "../../../_support/ticketOffer.ts"

const ticket = (id: number, multiplyFactor = 1) => ticketOffer(id, { multiplyFactor })
const group = (id: number, sectionId: number | null, tickets = [ticket(id * 100 + 1)]): TicketGroup => ({
  id,
  name: `G${id}`,
  sectionId,
  tickets,
  seatModifiers: [],
})
const cartSeat = (VenueSectionId: number, x: number, extra: Partial<CartSeat> = {}) =>
  ({
    key: `${VenueSectionId}:${x}`,
    VenueSectionId,
    x,
    y: 0,
    ticket: null,
    isMultiplyFactorSubTicket: false,
    ...extra,
  }) as CartSeat

describe("groupsForSeat", () => {
  const groups = [group(1, null), group(2, 5), group(3, 6), group(4, null)]
  it("offers the hall's groups and the seat's section's", () => {
    expect(groupsForSeat(groups, cartSeat(5, 1), undefined, []).map((g) => g.id)).toEqual([1, 2, 4])
  })
  it("offers only a seat's own group, plus any a code unlocked", () => {
    const planSeat = { TicketGroupId: 3 } as SeatplanSeat
    expect(groupsForSeat(groups, cartSeat(5, 1), planSeat, []).map((g) => g.id)).toEqual([3])
    expect(groupsForSeat(groups, cartSeat(5, 1), planSeat, [4]).map((g) => g.id)).toEqual([3, 4])
  })
})

describe("ruleSeats", () => {
  it("reads a sofa-for-two as one ticket covering two seats", () => {
    const sofa = toCartTicket(ticket(301, 2), 3)
    const seats = [
      cartSeat(1, 1, { ticket: sofa }),
      cartSeat(1, 2, { ticket: subTicket(sofa), isMultiplyFactorSubTicket: true }),
    ]
    expect(subTicket(sofa)).toMatchObject({ price: 0, serviceCharge: 0, ticketId: 301 })
    expect(ticketProblems(ruleSeats(seats, [group(3, null, [ticket(301, 2)])], () => false))).toEqual([])
  })
  it("asks to confirm the seats the caller says need it", () => {
    const seats = [cartSeat(1, 1, { ticket: toCartTicket(ticket(101), 1) })]
    expect(ticketProblems(ruleSeats(seats, [group(1, null)], () => true))).toEqual([
      { code: "confirmSeat", seatKey: "1:1" },
    ])
  })
})
