import type { CommitFailureCode } from "../../api/CommitRefusals.ts"
import { priceLevelOf, priceLevelProblem } from "../../domain/order/ticketRules.ts"
import type { PricedLine, PricingFacts, ResolvedSeat, TicketFacts } from "./commitPricing.ts"

/**
 * Issue 16: one ticket order may hold several showings. What is decided per showing lives here: which ticket
 * groups a seat is offered (its own showing's, never another showing's in the same hall), and the spec §5 rules
 * a buyer reads as "for this film" (one price level, min / max per order, a ticket that requires another).
 * Order-wide rules (booking fees, the loyalty cap, what vouchers and points have left) stay in commitPricing.ts.
 */

const NO_GROUPS: ReadonlyMap<number | null, ReadonlySet<number>> = new Map()

const groupsOf = (facts: PricingFacts, presentationId: number) =>
  facts.groupsByPresentation.get(presentationId) ?? NO_GROUPS

/** The groups a seat's section offers in its own showing (its section's and the showing-wide ones). */
const sectionGroups = (facts: PricingFacts, presentationId: number, seat: ResolvedSeat): Array<number> => {
  const groups = groupsOf(facts, presentationId)
  return [...(groups.get(seat.sectionId) ?? []), ...(groups.get(null) ?? [])]
}

export const groupAllowed = (
  facts: PricingFacts,
  presentationId: number,
  seat: ResolvedSeat,
  groupId: number,
): boolean =>
  seat.defaultGroupId !== null
    ? seat.defaultGroupId === groupId
    : sectionGroups(facts, presentationId, seat).includes(groupId)

const showingsOf = (lines: ReadonlyArray<PricedLine>) =>
  [...new Set(lines.map((l) => l.presentationId))].map((id) => ({
    presentationId: id,
    own: lines.filter((l) => l.presentationId === id),
  }))

/** Spec §5, for each showing of the order on its own seats: one price level. */
export const priceLevelRefusal = (
  facts: PricingFacts,
  lines: ReadonlyArray<PricedLine>,
): CommitFailureCode | null => {
  for (const { presentationId, own } of showingsOf(lines)) {
    const levels = own.map(({ seat }) =>
      priceLevelOf(seat.defaultGroupId, sectionGroups(facts, presentationId, seat)),
    )
    if (priceLevelProblem(levels) !== null) return "priceLevel"
  }
  return null
}

/**
 * Spec §5, for each showing: each ticket's min / max per order and the ticket it requires (a child ticket needs
 * an adult in the same showing).
 */
export const combinationRefusal = (
  facts: PricingFacts,
  lines: ReadonlyArray<PricedLine>,
): CommitFailureCode | null => {
  for (const { own } of showingsOf(lines)) {
    const counts = new Map<number, number>()
    for (const l of own)
      if (!l.line.isMultiplyFactorSubTicket) counts.set(l.ticket.id, (counts.get(l.ticket.id) ?? 0) + 1)
    for (const [ticketId, count] of counts) {
      const ticket = facts.tickets.get(ticketId) as TicketFacts
      if (count < ticket.minPerOrder || (ticket.maxPerOrder !== null && count > ticket.maxPerOrder))
        return "ticketCombination"
      if (ticket.requiresTicketId !== null && !counts.has(ticket.requiresTicketId)) return "ticketCombination"
    }
  }
  return null
}
