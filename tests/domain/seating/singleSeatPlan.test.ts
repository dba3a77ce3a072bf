import { describe, expect, it } from "vitest"
import { type PlanSeat, rowBlocks } from "../../../src/domain/seating/seatplan.ts"
import {
  indexBlocks,
  seatsStrandedBy,
  singleSeatBlockIds,
} from "../../../src/domain/seating/singleSeatPlan.ts"

const seat = (id: number, seatIndex: number, x: number, sectionId = 1): PlanSeat => ({
  id,
  sectionId,
  groupId: null,
  rowIndex: 0,
  seatIndex,
  x,
  y: 0,
  isPremium: false,
  isWheelchair: false,
  isCompanion: false,
  isLimitedView: false,
})

// one row: seats 1–4, an aisle (x jumps by 2), seats 5–6
const row = [seat(1, 0, 0), seat(2, 1, 1), seat(3, 2, 2), seat(4, 3, 3), seat(5, 4, 5), seat(6, 5, 6)]

describe("the single-seat rule on a seatplan", () => {
  it("an aisle ends a block", () => {
    expect(rowBlocks(row).map((block) => block.map((s) => s.id))).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ])
  })

  it("refuses a choice that strands a seat, and names it", () => {
    const positions = indexBlocks(rowBlocks(row))
    // taking 3 strands 2 (between taken 1 and 3) and 4 (between 3 and the aisle)
    expect(seatsStrandedBy(positions, new Set([1]), [3]).map((s) => s.id)).toEqual([2, 4])
    expect(seatsStrandedBy(positions, new Set([1]), [2, 3]).map((s) => s.id)).toEqual([4])
    expect(seatsStrandedBy(positions, new Set([1]), [2])).toEqual([])
    expect(seatsStrandedBy(positions, new Set(), [5]).map((s) => s.id)).toEqual([6])
  })

  it("marks the free seats that would strand a neighbour", () => {
    expect([...singleSeatBlockIds(rowBlocks(row), new Set([1]))].sort()).toEqual([3, 5, 6])
    expect([...singleSeatBlockIds(rowBlocks(row), new Set())].sort()).toEqual([2, 3, 5, 6])
  })

  it("judges a sofa seat with the rest of its sofa, as a hold takes it", () => {
    // two sofas for two side by side (x 0–1 and 2–3), then a single seat after them
    const sofa = (id: number, seatIndex: number, groupId: number): PlanSeat => ({
      ...seat(id, seatIndex, seatIndex),
      groupId,
    })
    const lounge = [sofa(1, 0, 10), sofa(2, 1, 10), sofa(3, 2, 11), sofa(4, 3, 11), seat(5, 4, 4)]
    // taking sofa 10 whole strands nothing; taking sofa 11 strands seat 5 at the block's end
    expect([...singleSeatBlockIds(rowBlocks(lounge), new Set())].sort()).toEqual([3, 4])
    // a sofa on its own (an aisle on both sides) is never a single-seat block
    const alone = [sofa(1, 0, 10), sofa(2, 1, 10)]
    expect([...singleSeatBlockIds(rowBlocks(alone), new Set())]).toEqual([])
  })
})
