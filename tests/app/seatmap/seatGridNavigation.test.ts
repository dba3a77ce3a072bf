import { describe, expect, it } from "vitest"
import type { SeatplanSeat } from "../../../src/api/SeatsApi.ts"
import { firstSeatKey, seatKeyAfter } from "../../../src/app/seatmap/seatGridNavigation.ts"
import type { SeatItem, SeatState, SectionItem } from "../../../src/app/seatmap/seatRows.ts"

const item = (
  section: number,
  y: number,
  x: number,
  positionX: number,
  state: SeatState = "free",
): SeatItem => ({
  key: `${section}:${x}:${y}`,
  state,
  seat: {
    VenueSectionId: section,
    VenueSectionSeatGroupId: null,
    TicketGroupId: null,
    XCoordinate: x,
    YCoordinate: y,
    RowName: String(y),
    SeatName: String(x),
    PositionX: positionX,
    PositionY: y,
    isPremium: false,
    isHandicap: false,
    isCompanion: false,
    isLimitedView: false,
  } satisfies SeatplanSeat,
})

// stalls: row 1 of three seats, row 2 of four seats shifted half a seat; balcony: one row of two seats far left
const hall: ReadonlyArray<SectionItem> = [
  {
    id: 1,
    name: "Stalls",
    rows: [
      { key: "1:1", name: "1", seats: [item(1, 1, 1, 10, "taken"), item(1, 1, 2, 11), item(1, 1, 3, 12)] },
      { key: "1:2", name: "2", seats: [1, 2, 3, 4].map((x) => item(1, 2, x, 9.5 + x - 1)) },
    ],
  },
  { id: 2, name: "Balcony", rows: [{ key: "2:1", name: "1", seats: [item(2, 1, 1, 2), item(2, 1, 2, 3)] }] },
]

describe("moving through the seat list with the keyboard", () => {
  it("left and right step along the row in hall order and stop at its ends", () => {
    expect(seatKeyAfter(hall, "1:2:1", "ArrowRight")).toBe("1:3:1")
    expect(seatKeyAfter(hall, "1:2:1", "ArrowLeft")).toBe("1:1:1")
    expect(seatKeyAfter(hall, "1:1:1", "ArrowLeft")).toBeUndefined()
    expect(seatKeyAfter(hall, "1:3:1", "ArrowRight")).toBeUndefined()
  })

  it("Home and End go to the row's ends", () => {
    expect(seatKeyAfter(hall, "1:2:2", "Home")).toBe("1:1:2")
    expect(seatKeyAfter(hall, "1:2:2", "End")).toBe("1:4:2")
    expect(seatKeyAfter(hall, "1:4:2", "End")).toBeUndefined()
  })

  it("up and down land on the nearest seat of the next row, across sections, and stop at the hall's ends", () => {
    // seat 3 of row 1 is at 12; row 2's seats are at 9.5, 10.5, 11.5, 12.5: the first nearest wins
    expect(seatKeyAfter(hall, "1:3:1", "ArrowDown")).toBe("1:3:2")
    expect(seatKeyAfter(hall, "1:4:2", "ArrowUp")).toBe("1:3:1")
    expect(seatKeyAfter(hall, "1:1:2", "ArrowDown")).toBe("2:2:1")
    expect(seatKeyAfter(hall, "2:1:1", "ArrowDown")).toBeUndefined()
    expect(seatKeyAfter(hall, "1:2:1", "ArrowUp")).toBeUndefined()
  })

  it("other keys and unknown seats do not move", () => {
    expect(seatKeyAfter(hall, "1:2:1", "Enter")).toBeUndefined()
    expect(seatKeyAfter(hall, "9:9:9", "ArrowRight")).toBeUndefined()
  })

  it("the tab stop starts on the first seat that can be chosen", () => {
    expect(firstSeatKey(hall)).toBe("1:2:1")
    const allTaken = hall.map((section) => ({
      ...section,
      rows: section.rows.map((row) => ({
        ...row,
        seats: row.seats.map((seat) => ({ ...seat, state: "taken" as const })),
      })),
    }))
    expect(firstSeatKey(allTaken)).toBe("1:1:1")
    expect(firstSeatKey([])).toBeUndefined()
  })
})
