import { describe, expect, it } from "vitest"
import type { TicketGroup } from "../../../../src/api/PresentationEntities.ts"
import type { SeatplanSeat } from "../../../../src/api/SeatsApi.ts"
import type { LoyaltyMember } from "../../../../src/api/TicketCodesApi.ts"
import {
  pointsOfSeat,
  pointsTicket,
  seatCanUsePoints,
  toCartMember,
} from "../../../../src/app/order/tickets/loyalty.ts"
import {
  ruleSeats,
  seatPriceLevel,
  subTicket,
  toCartTicket,
} from "../../../../src/app/order/tickets/ticketChoice.ts"
import { isPaidWithPoints } from "../../../../src/domain/cart/rules.ts"
import type { CartSeat } from "../../../../src/domain/cart/state.ts"
import { ticketProblems } from "../../../../src/domain/order/ticketRules.ts"
import { ticketOffer } from "../../../_support/ticketOffer.ts"

const group: TicketGroup = {
  id: 1,
  name: "G1",
  sectionId: null,
  tickets: [
    ticketOffer(101),
    ticketOffer(106, { isMemberOnly: true, price: 3700 }),
    ticketOffer(108, { multiplyFactor: 2, price: 18900 }),
  ],
  seatModifiers: [],
}
const premium: TicketGroup = { ...group, id: 5, name: "G5", tickets: [ticketOffer(501, { price: 6900 })] }
const seat = (x: number, extra: Partial<CartSeat> = {}) =>
  ({
    key: `1:${x}`,
    VenueSectionId: 1,
    x,
    y: 0,
    ticket: null,
    isMultiplyFactorSubTicket: false,
    ...extra,
  }) as CartSeat

const answer: LoyaltyMember = {
  memberNumber: "90000001",
  membershipIdentifier: "90000001",
  membershipId: 1,
  membershipTypeId: 1,
  membershipName: "Yearly membership",
  memberCustomerName: "Dana M.",
  pointsBalance: 1000,
  entriesLeft: null,
  usedBalance: 0,
  allowMemberSaleTickets: true,
}
const member = toCartMember(answer)

describe("points on the ticket step", () => {
  it("keeps the lookup as an available cart member with its points", () => {
    expect(member).toMatchObject({
      memberNumber: "90000001",
      membershipIdentifier: "90000001",
      pointsBalance: 1000,
      memberCustomerName: "Dana M.",
      isAvailable: true,
    })
  })

  it("a seat paid with points: price 0, its full price as oldPrice, the member named; its points counted once", () => {
    const paid = pointsTicket(ticketOffer(101), group, member)
    expect(paid).toMatchObject({
      price: 0,
      oldPrice: 4700,
      memberNumber: "90000001",
      isLoyaltyPointsRedemption: true,
      // no customer id: the server spends the points of the member this cart proved (issue 14, item 1)
      loyaltyRedemptionCustomerId: null,
    })
    expect(isPaidWithPoints(paid)).toBe(true)
    expect(pointsOfSeat(seat(1, { ticket: paid }), 4700)).toBe(470)
    expect(pointsOfSeat(seat(2, { ticket: subTicket(paid), isMultiplyFactorSubTicket: true }), 4700)).toBe(0)
    expect(pointsOfSeat(seat(3, { ticket: toCartTicket(ticketOffer(101), 1) }), 4700)).toBe(0)
  })

  it("offers points only for a ticket with no other benefit", () => {
    expect(seatCanUsePoints(seat(1, { ticket: toCartTicket(ticketOffer(101), 1) }), ticketOffer(101))).toBe(
      true,
    )
    const memberTicket = ticketOffer(106, { isMemberOnly: true })
    expect(seatCanUsePoints(seat(1, { ticket: toCartTicket(memberTicket, 1) }), memberTicket)).toBe(false)
    const vouchered = toCartTicket(ticketOffer(101), 1, { systemVoucher: "TICKET-2" })
    expect(seatCanUsePoints(seat(1, { ticket: vouchered }), ticketOffer(101))).toBe(false)
    expect(seatCanUsePoints(seat(1), ticketOffer(101))).toBe(false)
  })

  it("the rules see the points, the loyalty-priced tickets and the price levels", () => {
    const planSeats = new Map<number, SeatplanSeat>([[3, { TicketGroupId: 5 } as SeatplanSeat]])
    const seats = [
      seat(1, { ticket: pointsTicket(ticketOffer(101), group, member) }),
      seat(2, { ticket: pointsTicket(ticketOffer(101), group, member) }),
      seat(3, { ticket: toCartTicket(ticketOffer(501, { price: 6900 }), 5) }),
    ]
    const read = ruleSeats(
      seats,
      [group, premium],
      () => false,
      (s) => seatPriceLevel([group, premium], s, planSeats.get(s.x), true),
    )
    expect(read.map((s) => s.ticket?.pointsPrice)).toEqual([470, 470, null])
    expect(ticketProblems(read, { pointsBalance: 1000, loyaltyTicketLimit: 4 })).toEqual([
      { code: "priceLevel", levels: 2 },
    ])
    expect(ticketProblems(read.slice(0, 2), { pointsBalance: 900, loyaltyTicketLimit: 4 })).toEqual([
      { code: "pointsBalance", points: 940, balance: 900 },
    ])
    // no seatplan yet: the level is unknown and not judged
    expect(seatPriceLevel([group], seats[0] as CartSeat, undefined, false)).toBeNull()
  })
})
