/**
 * The ticket step's combination rules (spec §5 "Ticket combinations", "Seats", §8 combination errors): every
 * seat has a ticket, the tickets cover exactly the seats held (a sofa-for-two ticket covers two), each ticket
 * within its minimum and maximum per order, a companion ticket only with the ticket it requires, a ticket paid by
 * a voucher or membership within its balance, and accessible or limited-view seats confirmed. Pure: the screen
 * and the commit check run the same function.
 */

export interface RuleTicket {
  readonly ticketId: number
  readonly multiplyFactor: number
  readonly minPerOrder: number
  readonly maxPerOrder: number | null
  readonly requiresTicketId: number | null
  /** how many seats this ticket may take in all (a voucher's or a punch card's balance); null: no limit */
  readonly balance: number | null
}

export interface RuleSeat {
  readonly key: string
  /** null: no ticket yet */
  readonly ticket: RuleTicket | null
  /** the second seat of a sofa-for-two ticket: covered by another seat's ticket */
  readonly isMultiplyFactorSubTicket: boolean
  /** a wheelchair or limited-view seat the buyer has not yet confirmed */
  readonly needsConfirmation: boolean
}

export type TicketProblem =
  | { readonly code: "seatWithoutTicket"; readonly seatKey: string }
  | { readonly code: "multiplierError"; readonly seats: number; readonly covered: number }
  | { readonly code: "underMin"; readonly ticketId: number; readonly min: number }
  | { readonly code: "overMax"; readonly ticketId: number; readonly max: number }
  | { readonly code: "requiresTicket"; readonly ticketId: number; readonly requiredTicketId: number }
  | { readonly code: "soldOut"; readonly ticketId: number; readonly balance: number }
  | { readonly code: "confirmSeat"; readonly seatKey: string }

/** Seats each main line's ticket covers, summed: equal to the seats held when the choice is complete. */
export const seatsCovered = (seats: ReadonlyArray<RuleSeat>): number =>
  seats.reduce(
    (sum, seat) =>
      seat.ticket === null || seat.isMultiplyFactorSubTicket
        ? sum
        : sum + Math.max(1, seat.ticket.multiplyFactor),
    0,
  )

export const ticketProblems = (seats: ReadonlyArray<RuleSeat>): ReadonlyArray<TicketProblem> => {
  const problems: Array<TicketProblem> = []
  for (const seat of seats) {
    if (seat.ticket === null) problems.push({ code: "seatWithoutTicket", seatKey: seat.key })
    if (seat.needsConfirmation) problems.push({ code: "confirmSeat", seatKey: seat.key })
  }
  if (problems.some((p) => p.code === "seatWithoutTicket")) return problems

  const covered = seatsCovered(seats)
  if (covered !== seats.length) problems.push({ code: "multiplierError", seats: seats.length, covered })

  const counts = new Map<number, { count: number; ticket: RuleTicket }>()
  for (const seat of seats) {
    if (seat.ticket === null || seat.isMultiplyFactorSubTicket) continue
    const entry = counts.get(seat.ticket.ticketId)
    counts.set(seat.ticket.ticketId, { count: (entry?.count ?? 0) + 1, ticket: seat.ticket })
  }
  for (const [ticketId, { count, ticket }] of counts) {
    if (count < ticket.minPerOrder) problems.push({ code: "underMin", ticketId, min: ticket.minPerOrder })
    if (ticket.maxPerOrder !== null && count > ticket.maxPerOrder)
      problems.push({ code: "overMax", ticketId, max: ticket.maxPerOrder })
    if (ticket.balance !== null && count > ticket.balance)
      problems.push({ code: "soldOut", ticketId, balance: ticket.balance })
    if (ticket.requiresTicketId !== null && !counts.has(ticket.requiresTicketId))
      problems.push({ code: "requiresTicket", ticketId, requiredTicketId: ticket.requiresTicketId })
  }
  return problems
}
