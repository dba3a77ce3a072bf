import {
  type FirstTicketRequest,
  type FirstTicketResult,
  firstTicket,
  type OfferGroup,
  type OfferTicket,
} from "../pricing/firstTicket.ts"
import type { Cart } from "./state.ts"

/**
 * First-ticket auto-select against this cart (spec §4). The pricing rule picks the first ticket with
 * multiplyFactor 1 or less and no reference prompt; the cart adds what only it knows: a hold order takes no
 * system-voucher ticket, and a ticket whose balance this cart already used up is skipped. The browser runs this
 * when a lock succeeds and puts the pick into `SeatLocked`; the fold checks the same conditions again.
 */

export interface CartOfferTicket extends OfferTicket {
  /** the id the cart counts used balance by (`CartTicket.ticketId`) */
  readonly ticketId: number
  readonly systemVoucher: string | null
  readonly balance: number | null
}

export const isBlockedForCart = (cart: Cart, ticket: CartOfferTicket): boolean =>
  (cart.isHold && ticket.systemVoucher !== null) ||
  (ticket.balance !== null && (cart.usedBalance[String(ticket.ticketId)] ?? 0) >= ticket.balance)

export const autoSelectTicket = <T extends CartOfferTicket>(
  cart: Cart,
  groups: ReadonlyArray<OfferGroup<T>>,
  request: FirstTicketRequest = {},
): FirstTicketResult<T> => {
  const blocked = groups.flatMap((group) => group.tickets.filter((ticket) => isBlockedForCart(cart, ticket)))
  return firstTicket(groups, {
    ...request,
    ignoreTicketIds: [...(request.ignoreTicketIds ?? []), ...blocked.map((ticket) => ticket.id)],
  })
}
