import { describe, expect, it } from "vitest"
import { firstTicket } from "../../../src/domain/pricing/firstTicket.ts"

const ticket = (
  id: number,
  extra: Partial<{ multiplyFactor: number; requiresReference: boolean; isMemberOnly: boolean }> = {},
) => ({
  id,
  multiplyFactor: 1,
  requiresReference: false,
  isMemberOnly: false,
  ...extra,
})

const groups = [
  {
    id: 1,
    sectionId: null,
    tickets: [ticket(10, { isMemberOnly: true }), ticket(11, { multiplyFactor: 2 }), ticket(12)],
  },
  { id: 2, sectionId: 7, tickets: [ticket(20, { requiresReference: true }), ticket(21)] },
]

describe("first-ticket auto-select", () => {
  it("skips member-only, multi-seat and reference tickets", () => {
    expect(firstTicket(groups, {})).toEqual({ _tag: "Found", ticket: ticket(12), ticketGroupId: 1 })
    expect(firstTicket(groups, { ticketGroupId: 2 })).toMatchObject({ ticket: { id: 21 }, ticketGroupId: 2 })
  })

  it("honours ignored tickets, sections and an explicit ticket id", () => {
    expect(firstTicket(groups, { ignoreTicketIds: [12] })).toMatchObject({ ticket: { id: 21 } })
    expect(firstTicket(groups, { ignoreTicketIds: [12], sectionId: 3 })).toEqual({ _tag: "NotFound" })
    expect(firstTicket(groups, { ticketId: 11 })).toMatchObject({ ticket: { id: 11 } })
    expect(firstTicket(groups, { ticketId: 99 })).toEqual({ _tag: "NotFound" })
  })
})
