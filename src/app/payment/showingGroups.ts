import type { Confirmation, ConfirmationShowing } from "../../api/ReservationsApi.ts"

type Ticket = Confirmation["tickets"][number]

export interface ShowingGroup {
  /** the showing these tickets are for; null when the order has one showing (or none), which the head names */
  readonly showing: ConfirmationShowing | null
  readonly tickets: ReadonlyArray<Ticket>
}

/**
 * The tickets of a confirmation or e-document, by showing (issue 16: one order may hold several, earliest first,
 * each ticket naming its own). An order of one showing is one group without a heading, as before; so is an
 * e-document saved before tickets named their showing.
 */
export const ticketsByShowing = (confirmation: Confirmation): ReadonlyArray<ShowingGroup> => {
  const showings = confirmation.showings ?? []
  if (showings.length < 2) return [{ showing: null, tickets: confirmation.tickets }]
  return showings.map((showing) => ({
    showing,
    tickets: confirmation.tickets.filter((ticket) => ticket.presentationId === showing.id),
  }))
}
