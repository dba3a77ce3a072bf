import type { TicketGroup } from "../../api/PresentationEntities.ts"
import type { MapSeat } from "./seatMapContract.ts"

/**
 * The lowest ticket price (agorot) a seat can be had for, from the presentation's ticket groups: the seat's own
 * group where it has one (VIP sofas, premium seats), otherwise every group of its section or of the whole hall
 * (the rule ticketChoice.ts's `groupsForSeat` applies, without promotion codes). Member-only tickets do not
 * count: the tooltip's "from" must be a price anyone can pay. Undefined when no ticket fits.
 */
export const lowestPrice = (
  groups: ReadonlyArray<TicketGroup>,
  seat: Pick<MapSeat, "VenueSectionId"> & { readonly TicketGroupId: number | null },
): number | undefined => {
  let lowest: number | undefined
  for (const group of groups) {
    const applies =
      seat.TicketGroupId !== null
        ? group.id === seat.TicketGroupId
        : group.sectionId === null || group.sectionId === seat.VenueSectionId
    if (!applies) continue
    for (const ticket of group.tickets)
      if (!ticket.isMemberOnly && (lowest === undefined || ticket.price < lowest)) lowest = ticket.price
  }
  return lowest
}
