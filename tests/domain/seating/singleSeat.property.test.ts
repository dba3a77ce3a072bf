import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type Block,
  isOrphan,
  orphansCreatedBy,
  orphansOf,
  singleSeatBlocks,
  withTaken,
} from "../../../src/domain/seating/singleSeat.ts"

const block = fc.array(fc.boolean(), { minLength: 1, maxLength: 24 })
const parse = (row: string): Block => [...row].map((c) => c === "x")

describe("the single-seat rule", () => {
  it("recognises stranded seats between taken seats and beside a block end", () => {
    expect(orphansOf(parse("x.x"))).toEqual([1])
    expect(orphansOf(parse(".x"))).toEqual([0])
    expect(orphansOf(parse("x..x"))).toEqual([])
    expect(orphansOf(parse("."))).toEqual([])
    expect(singleSeatBlocks(parse("x...."))).toEqual([false, false, true, true, false])
    expect(singleSeatBlocks(parse("..x"))).toEqual([true, true, false])
  })

  it("a seat not marked as a single-seat block never strands a neighbour", () => {
    fc.assert(
      fc.property(block, (b) => {
        singleSeatBlocks(b).forEach((blocked, index) => {
          if (!b[index] && !blocked) expect(orphansCreatedBy(b, [index])).toEqual([])
          if (blocked) expect(orphansCreatedBy(b, [index]).length).toBeGreaterThan(0)
        })
      }),
    )
  })

  it("taken seats are never marked, and taking a whole block strands nobody", () => {
    fc.assert(
      fc.property(block, (b) => {
        singleSeatBlocks(b).forEach((blocked, index) => {
          if (b[index]) expect(blocked).toBe(false)
        })
        expect(orphansOf(withTaken(b, b.keys()))).toEqual([])
      }),
    )
  })

  it("an orphan is always a free seat with no free neighbour", () => {
    fc.assert(
      fc.property(block, (b) => {
        for (const index of orphansOf(b)) {
          expect(b[index]).toBe(false)
          expect(b[index - 1] === false || b[index + 1] === false).toBe(false)
          expect(isOrphan(b, index)).toBe(true)
        }
      }),
    )
  })

  it("only orphans created by the choice count, so a stranded seat can still be sold", () => {
    fc.assert(
      fc.property(block, fc.nat(), (b, pick) => {
        const existing = orphansOf(b)
        if (existing.length === 0) return
        const stranded = existing[pick % existing.length]!
        expect(orphansCreatedBy(b, [stranded])).toEqual([])
      }),
    )
  })
})
