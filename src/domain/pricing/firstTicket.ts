/**
 * First-ticket auto-select (spec §4): when a seat is chosen it gets a ticket at once, so the basket always has a
 * price. The pick is the first ticket, in the offer's order, that needs nothing more from the buyer:
 * multiplyFactor of 1 or less (a sofa-for-two ticket covers two seats and must be chosen on purpose), no
 * reference prompt, not member-only. `ignoreTicketIds` lets the browser ask for the next one after a ticket
 * ran out; an explicit `ticketId` is honoured only if it belongs to the group.
 */

export interface OfferTicket {
  readonly id: number
  readonly multiplyFactor: number
  readonly requiresReference: boolean
  readonly isMemberOnly: boolean
}

export interface OfferGroup<T extends OfferTicket> {
  readonly id: number
  /** null: the group applies to every section */
  readonly sectionId: number | null
  readonly tickets: ReadonlyArray<T>
}

export interface FirstTicketRequest {
  readonly sectionId?: number | undefined
  readonly ticketGroupId?: number | undefined
  readonly ticketId?: number | undefined
  readonly ignoreTicketIds?: ReadonlyArray<number> | undefined
}

export type FirstTicketResult<T> =
  | { readonly _tag: "Found"; readonly ticket: T; readonly ticketGroupId: number }
  | { readonly _tag: "NotFound" }

export const isAutoSelectable = (ticket: OfferTicket): boolean =>
  ticket.multiplyFactor <= 1 && !ticket.requiresReference && !ticket.isMemberOnly

export const firstTicket = <T extends OfferTicket>(
  groups: ReadonlyArray<OfferGroup<T>>,
  request: FirstTicketRequest,
): FirstTicketResult<T> => {
  const ignored = new Set(request.ignoreTicketIds ?? [])
  const eligibleGroups = groups.filter(
    (group) =>
      (request.ticketGroupId === undefined || group.id === request.ticketGroupId) &&
      (request.sectionId === undefined || group.sectionId === null || group.sectionId === request.sectionId),
  )
  for (const group of eligibleGroups) {
    for (const ticket of group.tickets) {
      if (ignored.has(ticket.id)) continue
      const wanted =
        request.ticketId === undefined ? isAutoSelectable(ticket) : ticket.id === request.ticketId
      if (wanted) return { _tag: "Found", ticket, ticketGroupId: group.id }
    }
  }
  return { _tag: "NotFound" }
}
