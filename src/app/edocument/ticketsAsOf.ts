import type { Confirmation } from "../../api/ReservationsApi.ts"
import { eTicketStateAt, showEndsAt } from "../../domain/edocument/ticketState.ts"

/**
 * An e-document as it stands at `nowMs` (issue 17): the server says each ticket's state when asked, but a copy
 * the wallet saved before the show and opened offline after it would still say active; what the clock alone
 * tells (the show is over: expired) is applied here, by the same rule (src/domain/edocument/ticketState.ts).
 * A ticket's own showing ends it; a copy saved before tickets named theirs uses the order's showing. An order
 * without a showing is returned as it is.
 */
export const ticketsAsOf = (confirmation: Confirmation, nowMs: number): Confirmation => {
  const showings = confirmation.showings ?? []
  let changed = false
  const tickets = confirmation.tickets.map((ticket) => {
    const showing = showings.find((s) => s.id === ticket.presentationId) ?? confirmation.presentation
    if (showing === null) return ticket
    const ends = showEndsAt(Date.parse(showing.dateTime), showing.durationMinutes)
    const state = eTicketStateAt(ticket.state, ends, nowMs)
    if (state === (ticket.state ?? "active")) return ticket
    changed = true
    return { ...ticket, state }
  })
  return changed ? { ...confirmation, tickets } : confirmation
}
