import type { Ticket, TicketGroup } from "../../../api/PresentationEntities.ts"
import type { SeatplanSeat } from "../../../api/SeatsApi.ts"
import { TicketChosen } from "../../../domain/cart/events.ts"
import type { CartTicket } from "../../../domain/cart/facts.ts"
import { isPaidWithPoints } from "../../../domain/cart/rules.ts"
import type { CartSeat } from "../../../domain/cart/state.ts"
import { agorot } from "../../../domain/cart/values.ts"
import { loyaltyPointsPrice, priceLevelOf, type RuleSeat } from "../../../domain/order/ticketRules.ts"
import { eventMeta } from "../../cart/cartLog.ts"

/** A ticket of the offer as it goes on a cart seat line, with what a code or a prompt added to it. */
export const toCartTicket = (
  ticket: Ticket,
  ticketGroupId: number,
  extra: Partial<CartTicket> = {},
): CartTicket => ({
  ticketId: ticket.id,
  ticketGroupId,
  pricePolicyId: ticket.pricePolicyId,
  price: agorot(ticket.price),
  oldPrice: null,
  serviceCharge: agorot(ticket.serviceCharge),
  multiplyFactor: ticket.multiplyFactor,
  requiresReference: ticket.requiresReference,
  isMemberOnly: ticket.isMemberOnly,
  balance: null,
  code: null,
  membershipLoyaltyId: null,
  membershipLoyaltyTicketId: null,
  memberNumber: null,
  systemVoucher: null,
  discountId: null,
  appliedDiscount: null,
  selectedAddons: [],
  loyaltyRedemptionCustomerId: null,
  ref1: null,
  ref2: null,
  ...extra,
})

export const chosen = (presentationId: number, seat: CartSeat, ticket: CartTicket, isSub = false) =>
  TicketChosen.make({
    ...eventMeta(),
    presentationId,
    seat: { VenueSectionId: seat.VenueSectionId, x: seat.x, y: seat.y },
    ticket,
    isFirstAddonSelected: false,
    isMultiplyFactorSubTicket: isSub,
    seatModifiers: [],
  })

/** The second seat of a sofa-for-two ticket: the same ticket, already paid on its first seat. */
export const subTicket = (ticket: CartTicket): CartTicket => ({
  ...ticket,
  price: agorot(0),
  oldPrice: null,
  serviceCharge: agorot(0),
  appliedDiscount: null,
})

/**
 * The ticket groups a seat may take: its own group when the seatplan gives it one (a VIP sofa, a premium seat),
 * else the groups for its section or for the whole hall, plus any a code unlocked.
 */
export const groupsForSeat = (
  groups: ReadonlyArray<TicketGroup>,
  seat: CartSeat,
  planSeat: SeatplanSeat | undefined,
  unlocked: ReadonlyArray<number>,
): ReadonlyArray<TicketGroup> => {
  const own = planSeat?.TicketGroupId ?? null
  return groups.filter(
    (group) =>
      unlocked.includes(group.id) ||
      (own !== null ? group.id === own : group.sectionId === null || group.sectionId === seat.VenueSectionId),
  )
}

export const findTicket = (groups: ReadonlyArray<TicketGroup>, ticketId: number) => {
  for (const group of groups) {
    const ticket = group.tickets.find((candidate) => candidate.id === ticketId)
    if (ticket !== undefined) return { group, ticket }
  }
  return undefined
}

/**
 * A seat's price level (spec §5 "one price level", `priceLevelOf`): its own group when the seatplan gives it one,
 * else the groups its section offers without any a code unlocked; null until the seatplan is known.
 */
export const seatPriceLevel = (
  groups: ReadonlyArray<TicketGroup>,
  seat: CartSeat,
  planSeat: SeatplanSeat | undefined,
  planLoaded: boolean,
): string | null =>
  planLoaded
    ? priceLevelOf(
        planSeat?.TicketGroupId ?? null,
        groupsForSeat(groups, seat, undefined, []).map((group) => group.id),
      )
    : null

/** The cart's seats as the combination rules read them. */
export const ruleSeats = (
  seats: ReadonlyArray<CartSeat>,
  groups: ReadonlyArray<TicketGroup>,
  needsConfirmation: (seat: CartSeat) => boolean,
  priceLevel: (seat: CartSeat) => string | null = () => null,
): ReadonlyArray<RuleSeat> =>
  seats.map((seat) => {
    const offer = seat.ticket === null ? undefined : findTicket(groups, seat.ticket.ticketId)?.ticket
    const byPoints = isPaidWithPoints(seat.ticket)
    return {
      key: seat.key,
      isMultiplyFactorSubTicket: seat.isMultiplyFactorSubTicket,
      needsConfirmation: needsConfirmation(seat),
      priceLevel: priceLevel(seat),
      ticket:
        seat.ticket === null
          ? null
          : {
              ticketId: seat.ticket.ticketId,
              multiplyFactor: seat.ticket.multiplyFactor,
              minPerOrder: offer?.minPerOrder ?? 0,
              maxPerOrder: offer?.maxPerOrder ?? null,
              requiresTicketId: offer?.requiresTicketId ?? null,
              balance: seat.ticket.balance,
              isLoyaltyPriced: offer?.isMemberOnly ?? seat.ticket.isMemberOnly,
              // the full price in points (the line itself carries price 0 and the full price as oldPrice)
              pointsPrice: byPoints ? loyaltyPointsPrice(offer?.price ?? seat.ticket.oldPrice ?? 0) : null,
            },
    }
  })
