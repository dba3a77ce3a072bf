import { useQuery } from "@tanstack/react-query"
import type { PresentationDetail } from "../../../api/PresentationEntities.ts"
import type { LoyaltyMember } from "../../../api/TicketCodesApi.ts"
import { type CartEvent, MemberAdded, MemberRemoved } from "../../../domain/cart/events.ts"
import type { Member } from "../../../domain/cart/facts.ts"
import { isPaidWithPoints } from "../../../domain/cart/rules.ts"
import type { Cart, CartSeat } from "../../../domain/cart/state.ts"
import { loyaltyPointsPrice } from "../../../domain/order/ticketRules.ts"
import { type CartLog, eventMeta } from "../../cart/cartLog.ts"
import { configQueryOptions } from "../../lib/configQuery.ts"
import { loyaltyMemberOf, pointsOfSeat, pointsTicket, seatCanUsePoints, toCartMember } from "./loyalty.ts"
import { chosen, findTicket, toCartTicket } from "./ticketChoice.ts"

/**
 * The ticket step's loyalty side (param 64): the logged-in member, the points the seats spend, logging in and
 * out, and each seat's "pay with points" choice. Every change is a cart event; `onChange` lets the screen clear
 * the problems it showed for the previous choice.
 */
export const useLoyaltyTickets = (input: {
  readonly log: CartLog
  readonly cart: Cart
  readonly seats: ReadonlyArray<CartSeat>
  readonly detail: PresentationDetail
  readonly onChange: () => void
}) => {
  const { log, cart, seats, detail, onChange } = input
  const config = useQuery(configQueryOptions())
  const loyaltyOn = config.data?.params["64"] === true
  const member = loyaltyOn ? loyaltyMemberOf(cart) : undefined
  const presentationId = detail.presentation.id
  const offerOf = (seat: CartSeat) =>
    seat.ticket === null ? undefined : findTicket(detail.ticketGroups, seat.ticket.ticketId)
  const pointsUsed = seats.reduce((sum, seat) => sum + pointsOfSeat(seat, offerOf(seat)?.ticket.price), 0)
  const pointsBalance = member?.pointsBalance ?? 0

  const logIn = async (answer: LoyaltyMember) => {
    await log.store.append([MemberAdded.make({ ...eventMeta(), member: toCartMember(answer) })])
    onChange()
  }

  /** Removing the login takes its points off the seats (back to the full price), then the member itself. */
  const removeMember = async (gone: Member) => {
    const events: Array<CartEvent> = []
    for (const seat of seats) {
      const found = offerOf(seat)
      if (!isPaidWithPoints(seat.ticket) || seat.isMultiplyFactorSubTicket || found === undefined) continue
      if (seat.ticket?.memberNumber !== gone.memberNumber) continue
      events.push(chosen(presentationId, seat, toCartTicket(found.ticket, found.group.id)))
    }
    events.push(MemberRemoved.make({ ...eventMeta(), membershipIdentifier: gone.membershipIdentifier }))
    await log.store.append(events)
    onChange()
  }

  const pointsFor = (seat: CartSeat) => {
    const found = offerOf(seat)
    if (member === undefined || found === undefined || seat.isMultiplyFactorSubTicket) return null
    const paying = isPaidWithPoints(seat.ticket)
    if (!paying && (pointsBalance <= 0 || !seatCanUsePoints(seat, found.ticket))) return null
    const price = loyaltyPointsPrice(found.ticket.price)
    return {
      price,
      paying,
      // the browser never lets the chosen points exceed the balance; the server checks again at commit
      affordable: paying || pointsUsed + price <= pointsBalance,
      onToggle: async (pay: boolean) => {
        const ticket = pay
          ? pointsTicket(found.ticket, found.group, member)
          : toCartTicket(found.ticket, found.group.id)
        await log.store.append([chosen(presentationId, seat, ticket)])
        onChange()
      },
    }
  }

  return { loyaltyOn, member, pointsUsed, pointsBalance, logIn, removeMember, pointsFor }
}
