import type { Ticket, TicketGroup } from "../../../api/PresentationEntities.ts"
import type { LoyaltyMember } from "../../../api/TicketCodesApi.ts"
import type { CartTicket, Member } from "../../../domain/cart/facts.ts"
import { isActiveMember, isPaidWithPoints } from "../../../domain/cart/rules.ts"
import type { Cart, CartSeat } from "../../../domain/cart/state.ts"
import { agorot } from "../../../domain/cart/values.ts"
import { canPayWithPoints, loyaltyPointsPrice } from "../../../domain/order/ticketRules.ts"
import { toCartTicket } from "./ticketChoice.ts"

/**
 * The ticket step's loyalty login (param 64) and points redemption. The member lives in the cart log
 * (`MemberAdded`, `MemberRemoved`); a seat paid with points carries the member's number and the mark
 * (`memberNumber`, `isLoyaltyPointsRedemption`), price 0 and its full price as `oldPrice`, and the server spends
 * the points at commit, of a member this cart proved at the login (issue 14, item 1).
 */

/** The member the ticket step works with: the one that fixed the cart's membership ids (spec §4), else the first. */
export const loyaltyMemberOf = (cart: Cart): Member | undefined =>
  cart.members.find((m) => m.membershipIdentifier === cart.membershipIdentifier) ??
  cart.members.find(isActiveMember)

/** The lookup's answer as the cart keeps it (spec §3 Member). */
export const toCartMember = (answer: LoyaltyMember): Member => ({
  name: answer.membershipName,
  memberCustomerName: answer.memberCustomerName,
  pointsBalance: answer.pointsBalance,
  membershipId: answer.membershipId,
  membershipTypeId: answer.membershipTypeId,
  membershipIdentifier: answer.membershipIdentifier,
  memberNumber: answer.memberNumber,
  balance: answer.entriesLeft ?? 0,
  usedBalance: answer.usedBalance,
  isAvailable: true,
  isExpired: false,
  isNotStarted: false,
  allowMemberSaleTickets: answer.allowMemberSaleTickets,
})

/** The points a seat's ticket spends: its offer's full price in points, on the main line only. */
export const pointsOfSeat = (seat: CartSeat, offerPrice: number | undefined): number =>
  seat.isMultiplyFactorSubTicket || !isPaidWithPoints(seat.ticket)
    ? 0
    : loyaltyPointsPrice(offerPrice ?? seat.ticket?.oldPrice ?? 0)

/** Whether this seat's current ticket could be paid with points (one benefit per seat). */
export const seatCanUsePoints = (seat: CartSeat, offer: Ticket | undefined): boolean =>
  offer !== undefined &&
  seat.ticket !== null &&
  !seat.isMultiplyFactorSubTicket &&
  canPayWithPoints({
    isMemberOnly: offer.isMemberOnly,
    fullPrice: offer.price,
    systemVoucher: seat.ticket.systemVoucher,
    discountId: seat.ticket.discountId,
  })

/** The seat's ticket paid with the member's points. */
export const pointsTicket = (offer: Ticket, group: TicketGroup, member: Member): CartTicket =>
  toCartTicket(offer, group.id, {
    price: agorot(0),
    oldPrice: agorot(offer.price),
    memberNumber: member.memberNumber,
    isLoyaltyPointsRedemption: true,
  })
