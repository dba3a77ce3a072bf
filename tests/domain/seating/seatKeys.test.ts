import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  allocationKey,
  placeKey,
  placeKeyOf,
  placeKeyOfSeat,
  rowKey,
  seatKey,
} from "../../../src/domain/seating/seatKeys.ts"

// Coordinates include negatives and multi-digit numbers: a separator-free join ("1" + "23" = "12" + "3") would collide.
const coordinate = fc.integer({ min: -1_000, max: 100_000 })
const place = fc.record({ VenueSectionId: coordinate, x: coordinate, y: coordinate })
// A seat id names one seat of the whole venue, so its section follows from it: two slots with one seat id and
// different sections cannot exist (drawing them independently found such a pair and called it a collision).
const sectionOfSeat = (seatId: number) => Math.abs(seatId) % 7
const slot = fc.oneof(
  coordinate.map((seatId) => ({ seatId, sectionId: sectionOfSeat(seatId), gaSlot: null })),
  fc.record({ seatId: fc.constant(null), sectionId: coordinate, gaSlot: coordinate }),
)
const same = <A>(a: A, b: A) => JSON.stringify(a) === JSON.stringify(b)

describe("seat keys", () => {
  it("spells one place the same from the lock API's and the seatplan's names", () => {
    expect(placeKey(3, 12, 4)).toBe("3:12:4")
    expect(placeKeyOf({ VenueSectionId: 3, x: 12, y: 4 })).toBe("3:12:4")
    expect(placeKeyOfSeat({ VenueSectionId: 3, XCoordinate: 12, YCoordinate: 4 })).toBe("3:12:4")
    expect(rowKey(3, 4)).toBe("3:4")
  })

  it("keeps the cart's stored spelling of a seat key", () => {
    expect(seatKey(7, { VenueSectionId: 3, x: 12, y: 4 })).toBe("7/3/12/4")
  })

  it("names a numbered seat by its id and a general-admission place by its section and slot", () => {
    expect(allocationKey({ seatId: 41, sectionId: 2, gaSlot: null })).toBe("s:41")
    expect(allocationKey({ seatId: null, sectionId: 2, gaSlot: 41 })).toBe("ga:2:41")
  })

  it("never gives two distinct places, seats, rows or slots the same key", () => {
    fc.assert(fc.property(place, place, (a, b) => same(a, b) || placeKeyOf(a) !== placeKeyOf(b)))
    fc.assert(
      fc.property(
        coordinate,
        place,
        coordinate,
        place,
        (pa, a, pb, b) => same([pa, a], [pb, b]) || seatKey(pa, a) !== seatKey(pb, b),
      ),
    )
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        (sa, ya, sb, yb) => same([sa, ya], [sb, yb]) || rowKey(sa, ya) !== rowKey(sb, yb),
      ),
    )
    fc.assert(fc.property(slot, slot, (a, b) => same(a, b) || allocationKey(a) !== allocationKey(b)))
  })

  it("collides for pairs drawn from a small grid only when they are the same place", () => {
    // a dense grid makes near-misses (1:23 against 12:3) likely, which random wide integers rarely draw
    const small = fc.integer({ min: 0, max: 30 })
    const near = fc.record({ VenueSectionId: small, x: small, y: small })
    fc.assert(
      fc.property(near, near, (a, b) => same(a, b) || placeKeyOf(a) !== placeKeyOf(b)),
      {
        numRuns: 5_000,
      },
    )
  })
})
