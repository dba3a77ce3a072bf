import { describe, expect, it } from "vitest"
import { decodeSeatplanBody, encodeSeatplanBody } from "../../src/api/compactSeatplan.ts"
import type { Seatplan } from "../../src/api/SeatsApi.ts"
import { CompactPlanError } from "../../src/domain/seating/compactPlan.ts"

const plan: Seatplan = {
  seatplan: {
    id: 7,
    venueId: 70,
    width: 3,
    height: 1,
    focalPoint: { x: 1.5, y: 0 },
    sections: [],
    groups: [],
    rows: [],
    seats: [0, 1, 2].map((x) => ({
      VenueSectionId: 1,
      VenueSectionSeatGroupId: null,
      TicketGroupId: x === 2 ? 5 : null,
      XCoordinate: x + 1,
      YCoordinate: 1,
      RowName: "א",
      SeatName: String(x + 1),
      PositionX: x * 1.25,
      PositionY: 0.5,
      isPremium: x === 2,
      isHandicap: false,
      isCompanion: false,
      isLimitedView: x === 0,
    })),
  },
}

describe("the compact seatplan body", () => {
  it("gives back the seatplan it was made from", () => {
    expect(decodeSeatplanBody(encodeSeatplanBody(plan))).toEqual(plan)
  })

  it("refuses what is not one, or is cut short", () => {
    const body = encodeSeatplanBody(plan)
    expect(() => decodeSeatplanBody(new TextEncoder().encode('{"seatplan":{}}'))).toThrow(CompactPlanError)
    expect(() => decodeSeatplanBody(body.subarray(0, 12))).toThrow(CompactPlanError)
    expect(() => decodeSeatplanBody(body.subarray(0, body.length - 1))).toThrow(CompactPlanError)
  })
})
