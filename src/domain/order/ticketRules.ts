/**
 * The ticket step's combination rules (spec §5 "Ticket combinations", "Seats", §8 combination errors): every
 * seat has a ticket, the tickets cover exactly the seats held (a sofa-for-two ticket covers two), each ticket
 * within its minimum and maximum per order, a companion ticket only with the ticket it requires, a ticket paid by
 * a voucher or membership within its balance, and accessible or limited-view seats confirmed; and the loyalty rules
 * (spec §5 "cap on loyalty-discounted tickets; points balance limits redemption") and "one price level". Pure: the
 * screen and the commit check run the same functions.
 */

/**
 * Loyalty-priced (member-only, "club member") tickets one order may hold: the member and up to three guests. Our
 * choice: the catalogue and the spec give no number, and a card lent to a whole party would defeat member prices.
 */
export const LOYALTY_TICKETS_PER_ORDER = 4

/**
 * What a ticket costs in loyalty points (spec §3 Ticket `loyaltyPointsPrice`). The catalogue has no points price,
 * so the rule is one point per 10 agorot of the ticket's full catalogue price, rounded up: a ₪47.00 ticket costs
 * 470 points. Points pay the whole ticket price; its service charge is still paid in money.
 */
export const AGOROT_PER_POINT = 10
export const loyaltyPointsPrice = (fullPrice: number): number =>
  Math.ceil(Math.max(0, fullPrice) / AGOROT_PER_POINT)

/**
 * Whether a ticket may be paid with points: one benefit per seat, so not a member-priced ticket, not one a voucher
 * or a coupon already pays for, and not a free one.
 */
export const canPayWithPoints = (ticket: {
  readonly isMemberOnly: boolean
  readonly fullPrice: number
  readonly systemVoucher: string | null
  readonly discountId: number | null
}): boolean =>
  !ticket.isMemberOnly && ticket.fullPrice > 0 && ticket.systemVoucher === null && ticket.discountId === null

/**
 * Spec §5 "one price level", our reading: every seat of an order is priced from the same price list. A seat with
 * its own ticket group (a premium row, a VIP sofa or bed) is priced from that group; any other seat from the
 * groups its section offers (a balcony, a standing area). Adult and child tickets in one order, seats in several
 * sections that share one price list, or a partner's code on some of the seats stay allowed: a buyer expects those
 * to work. Codes unlock groups on top of the level and do not change it.
 */
export const priceLevelOf = (ownGroupId: number | null, offeredGroupIds: ReadonlyArray<number>): string =>
  ownGroupId !== null
    ? `seat:${ownGroupId}`
    : `groups:${[...new Set(offeredGroupIds)].sort((a, b) => a - b).join(",")}`

export interface RuleTicket {
  readonly ticketId: number
  readonly multiplyFactor: number
  readonly minPerOrder: number
  readonly maxPerOrder: number | null
  readonly requiresTicketId: number | null
  /** how many seats this ticket may take in all (a voucher's or a punch card's balance); null: no limit */
  readonly balance: number | null
  /** a loyalty-discounted (member-only) ticket, counted against `LOYALTY_TICKETS_PER_ORDER` */
  readonly isLoyaltyPriced: boolean
  /** the points this seat's ticket is paid with (`loyaltyPointsPrice`); null: paid in money */
  readonly pointsPrice: number | null
}

export interface RuleSeat {
  readonly key: string
  /** null: no ticket yet */
  readonly ticket: RuleTicket | null
  /** the second seat of a sofa-for-two ticket: covered by another seat's ticket */
  readonly isMultiplyFactorSubTicket: boolean
  /** a wheelchair or limited-view seat the buyer has not yet confirmed */
  readonly needsConfirmation: boolean
  /** `priceLevelOf` the seat; null while unknown (the seatplan not loaded yet), then not judged */
  readonly priceLevel: string | null
}

/** What the logged-in loyalty member allows the order. */
export interface LoyaltyLimits {
  /** points the member may spend; 0 without a member */
  readonly pointsBalance: number
  readonly loyaltyTicketLimit: number
}

export const NO_MEMBER: LoyaltyLimits = { pointsBalance: 0, loyaltyTicketLimit: LOYALTY_TICKETS_PER_ORDER }

export type TicketProblem =
  | { readonly code: "seatWithoutTicket"; readonly seatKey: string }
  | { readonly code: "multiplierError"; readonly seats: number; readonly covered: number }
  | { readonly code: "underMin"; readonly ticketId: number; readonly min: number }
  | { readonly code: "overMax"; readonly ticketId: number; readonly max: number }
  | { readonly code: "requiresTicket"; readonly ticketId: number; readonly requiredTicketId: number }
  | { readonly code: "soldOut"; readonly ticketId: number; readonly balance: number }
  | { readonly code: "confirmSeat"; readonly seatKey: string }
  | { readonly code: "loyaltyCap"; readonly count: number; readonly max: number }
  | { readonly code: "pointsBalance"; readonly points: number; readonly balance: number }
  | { readonly code: "priceLevel"; readonly levels: number }

/** The cap on loyalty-discounted tickets (spec §5), over the main lines' tickets. */
export const loyaltyCapProblem = (count: number, max: number): TicketProblem | null =>
  count > max ? { code: "loyaltyCap", count, max } : null

/** The points balance limits redemption (spec §5): the points the lines spend, at most the balance. */
export const pointsProblem = (points: number, balance: number): TicketProblem | null =>
  points > balance ? { code: "pointsBalance", points, balance } : null

/** One price level (spec §5): the seats' `priceLevelOf` values, all the same. */
export const priceLevelProblem = (levels: ReadonlyArray<string>): TicketProblem | null => {
  const distinct = new Set(levels).size
  return distinct > 1 ? { code: "priceLevel", levels: distinct } : null
}

/** Seats each main line's ticket covers, summed: equal to the seats held when the choice is complete. */
export const seatsCovered = (seats: ReadonlyArray<RuleSeat>): number =>
  seats.reduce(
    (sum, seat) =>
      seat.ticket === null || seat.isMultiplyFactorSubTicket
        ? sum
        : sum + Math.max(1, seat.ticket.multiplyFactor),
    0,
  )

export const ticketProblems = (
  seats: ReadonlyArray<RuleSeat>,
  loyalty: LoyaltyLimits = NO_MEMBER,
): ReadonlyArray<TicketProblem> => {
  const problems: Array<TicketProblem> = []
  for (const seat of seats) {
    if (seat.ticket === null) problems.push({ code: "seatWithoutTicket", seatKey: seat.key })
    if (seat.needsConfirmation) problems.push({ code: "confirmSeat", seatKey: seat.key })
  }
  const level = priceLevelProblem(
    seats.flatMap((seat) => (seat.priceLevel === null ? [] : [seat.priceLevel])),
  )
  if (level !== null) problems.push(level)
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

  // a sofa's second seat is part of its first seat's ticket: neither a second loyalty ticket nor points twice
  const main = seats.flatMap((seat) =>
    seat.ticket === null || seat.isMultiplyFactorSubTicket ? [] : [seat.ticket],
  )
  const cap = loyaltyCapProblem(main.filter((t) => t.isLoyaltyPriced).length, loyalty.loyaltyTicketLimit)
  if (cap !== null) problems.push(cap)
  const points = pointsProblem(
    main.reduce((sum, t) => sum + (t.pointsPrice ?? 0), 0),
    loyalty.pointsBalance,
  )
  if (points !== null) problems.push(points)
  return problems
}
