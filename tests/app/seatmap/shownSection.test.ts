import { describe, expect, it } from "vitest"
import type { SeatplanSeat } from "../../../src/api/SeatsApi.ts"
import { SMALL_HALL_SEATS } from "../../../src/app/seatmap/seatMapContract.ts"
import type { SeatState, SectionItem } from "../../../src/app/seatmap/seatRows.ts"
import {
  firstShownSection,
  freeSeatsIn,
  listsOneSectionAtATime,
} from "../../../src/app/seatmap/shownSection.ts"

/** A section of one row of `states.length` seats in the given states. */
const section = (id: number, states: ReadonlyArray<SeatState>): SectionItem => ({
  id,
  name: `Block ${id}`,
  rows: [
    {
      key: `${id}:1`,
      name: "1",
      seats: states.map((state, x) => ({
        key: `${id}:${x}:1`,
        state,
        seat: {
          VenueSectionId: id,
          XCoordinate: x,
          YCoordinate: 1,
          RowName: "1",
          SeatName: String(x),
        } as SeatplanSeat,
      })),
    },
  ],
})

const free = (count: number): ReadonlyArray<SeatState> => Array.from({ length: count }, () => "free")

describe("the seat list of a hall too large to list at once", () => {
  it("lists a cinema hall whole, and a stadium-size hall of several sections one section at a time", () => {
    expect(listsOneSectionAtATime([section(1, free(200)), section(2, free(150))])).toBe(false)
    const half = SMALL_HALL_SEATS / 2
    expect(listsOneSectionAtATime([section(1, free(half)), section(2, free(half))])).toBe(false)
    expect(listsOneSectionAtATime([section(1, free(half)), section(2, free(half + 1))])).toBe(true)
    // one huge section has nothing to choose between
    expect(listsOneSectionAtATime([section(1, free(SMALL_HALL_SEATS + 1))])).toBe(false)
  })

  it("shows first the section holding the buyer's seats, else the first with a free seat", () => {
    const full = section(1, ["taken", "taken"])
    const open = section(2, ["taken", "free"])
    const mine = section(3, ["free", "mine"])
    const pending = section(4, ["pending", "free"])
    expect(firstShownSection([full, open, mine])).toBe(3)
    expect(firstShownSection([full, pending, open])).toBe(4)
    expect(firstShownSection([full, open])).toBe(2)
    expect(firstShownSection([full])).toBe(1)
    expect(firstShownSection([])).toBeUndefined()
  })

  it("counts a section's free seats for the chooser, not taken, held or single-seat-blocked ones", () => {
    expect(freeSeatsIn(section(1, ["free", "taken", "mine", "pending", "singleSeatBlock", "free"]))).toBe(2)
  })
})
