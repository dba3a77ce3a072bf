import { describe, expect, it } from "vitest"
import { type BestAvailableRequest, bestAvailable } from "../../../src/domain/seating/bestAvailable.ts"
import { focalPoint, type PlanSeat, rowBlocks } from "../../../src/domain/seating/seatplan.ts"
import { orphansCreatedBy } from "../../../src/domain/seating/singleSeat.ts"

type Flags = Partial<Omit<PlanSeat, "id" | "rowIndex" | "seatIndex">>

/** A straight hall, screen at the top: seat (row, seat) has id `firstId + row × perRow + seat`. */
const hall = (
  rows: number,
  perRow: number,
  options: {
    firstId?: number
    sectionId?: number
    left?: number
    flags?: (row: number, seat: number) => Flags
  } = {},
): Array<PlanSeat> =>
  Array.from({ length: rows * perRow }, (_, i) => {
    const rowIndex = Math.floor(i / perRow)
    const seatIndex = i % perRow
    return {
      id: (options.firstId ?? 1) + i,
      sectionId: options.sectionId ?? 1,
      groupId: null,
      rowIndex,
      seatIndex,
      x: (options.left ?? 0) + seatIndex,
      y: 2 + rowIndex,
      isPremium: false,
      isWheelchair: false,
      isCompanion: false,
      isLimitedView: false,
      ...options.flags?.(rowIndex, seatIndex),
    }
  })

/** Seats marked "x" in row strings, one string per row, ids as in `hall`. */
const takenBy = (rows: ReadonlyArray<string>, firstId = 1): Set<number> => {
  const perRow = rows[0]?.length ?? 0
  return new Set(
    rows.flatMap((row, r) => [...row].flatMap((c, s) => (c === "x" ? [firstId + r * perRow + s] : []))),
  )
}

const ask = (seats: ReadonlyArray<PlanSeat>, overrides: Partial<BestAvailableRequest> = {}) =>
  bestAvailable({
    seats,
    taken: new Set(),
    quantity: 2,
    focal: focalPoint(seats),
    maxMatches: 5,
    excludePremium: false,
    ...overrides,
  })

const idsOf = (matches: ReadonlyArray<{ readonly seatIds: ReadonlyArray<number> }>) =>
  matches.map((match) => match.seatIds)

describe("best available in a small hall", () => {
  const small = hall(3, 10)

  it("in an empty hall offers the adjacent pairs nearest the focal point, best first", () => {
    const matches = ask(small)
    expect(idsOf(matches)).toEqual([
      [15, 16],
      [25, 26],
      [14, 15],
      [16, 17],
      [24, 25],
    ])
    expect(matches.every((match) => match.tier === "adjacent")).toBe(true)
    expect(matches.map((match) => match.score)).toEqual([...matches.map((match) => match.score)].sort())
  })

  it("allows an orphan only when every adjacent window would strand a seat", () => {
    const taken = takenBy(["x...x...xx", "x...x...xx", "x...x...xx"])
    const matches = ask(small, { taken })
    expect(matches[0]).toMatchObject({ seatIds: [16, 17], tier: "adjacentWithOrphan" })
    expect(matches.every((match) => match.tier === "adjacentWithOrphan")).toBe(true)
  })

  it("prefers a window that strands nobody even if it is farther from the focal point", () => {
    const taken = takenBy(["..........", "x...x.....", "xxxxxxxxxx"])
    const matches = ask(small, { taken })
    expect(matches[0]?.tier).toBe("adjacent")
    expect(matches.some((match) => match.tier === "adjacentWithOrphan")).toBe(false)
  })

  it("gathers nearby seats in a fragmented hall", () => {
    const taken = takenBy(["x.x.x.x.x.", ".x.x.x.x.x", "x.x.x.x.x."])
    const matches = ask(small, { taken })
    expect(matches[0]).toMatchObject({ seatIds: [15, 26], tier: "nearest" })
    for (const match of matches) {
      expect(match.tier).toBe("nearest")
      expect(match.seatIds.some((id) => taken.has(id))).toBe(false)
    }
  })

  it("never picks wheelchair spaces or companion seats, yet counts them as free for the orphan rule", () => {
    const flags = (_row: number, seat: number): Flags =>
      seat === 4 ? { isWheelchair: true } : seat === 5 ? { isCompanion: true } : {}
    const matches = ask(hall(3, 10, { flags }), { maxMatches: 50 })
    expect(matches.length).toBeGreaterThan(10)
    for (const match of matches)
      expect(match.seatIds.some((id) => id % 10 === 5 || id % 10 === 6)).toBe(false)

    // [wheelchair, free, free, taken]: taking the two free seats strands the wheelchair space.
    const row = hall(1, 4, { flags: (_r, seat) => (seat === 0 ? { isWheelchair: true } : {}) })
    const stranding = ask(row, { taken: new Set([4]) })
    expect(stranding).toEqual([expect.objectContaining({ seatIds: [2, 3], tier: "adjacentWithOrphan" })])
  })

  it("keeps premium seats out of hold orders only", () => {
    const seats = hall(3, 10, { flags: (_row, seat) => ({ isPremium: seat >= 3 && seat <= 6 }) })
    const premium = new Set(seats.filter((seat) => seat.isPremium).map((seat) => seat.id))
    const forHold = ask(seats, { excludePremium: true, maxMatches: 50 })
    expect(forHold.length).toBeGreaterThan(0)
    for (const match of forHold) expect(match.seatIds.some((id) => premium.has(id))).toBe(false)
    expect(ask(seats)[0]?.seatIds).toEqual([15, 16])
  })

  it("ranks limited-view seats last within a tier, however near the focal point", () => {
    const seats = hall(1, 6, { flags: (_row, seat) => ({ isLimitedView: seat === 2 || seat === 3 }) })
    const matches = ask(seats, { quantity: 1, maxMatches: 6 })
    // taking seat 2 or seat 5 alone would strand the seat at the row's end
    expect(idsOf(matches.filter((match) => match.tier === "adjacent"))).toEqual([[1], [6], [3], [4]])
    expect(idsOf(matches.filter((match) => match.tier === "adjacentWithOrphan"))).toEqual([[2], [5]])
  })

  it("answers NOT_ENOUGH_SEATS with no match at all", () => {
    expect(ask(small, { quantity: 31 })).toEqual([])
    expect(ask(small, { taken: takenBy(["xxxxxxxxxx", "xxxxxxxxxx", "xxxxxx.xxx"]) })).toEqual([])
    expect(
      ask(small, { excludePremium: true, seats: hall(1, 4, { flags: () => ({ isPremium: true }) }) }),
    ).toEqual([])
    expect(() => ask(small, { quantity: 0 })).toThrow(RangeError)
    expect(() => ask(small, { maxMatches: 1.5 })).toThrow(RangeError)
  })

  it("respects maxMatches", () => {
    expect(ask(small, { maxMatches: 1 })).toHaveLength(1)
    expect(ask(small, { maxMatches: 3 })).toHaveLength(3)
    // three whole rows, then sets spread over two rows
    const tens = ask(small, { quantity: 10, maxMatches: 5 })
    expect(tens.map((match) => match.tier)).toEqual([
      "adjacent",
      "adjacent",
      "adjacent",
      "nearest",
      "nearest",
    ])
  })
})

describe("best available with sections and seat groups", () => {
  const left = hall(1, 4, { sectionId: 1, firstId: 1, left: 0 })
  const right = hall(1, 4, { sectionId: 2, firstId: 101, left: 6 })

  it("spans sections only when no section has enough seats alone", () => {
    const matches = ask([...left, ...right], { quantity: 6 })
    expect(matches.length).toBeGreaterThan(0)
    for (const match of matches) {
      expect(match.tier).toBe("acrossSections")
      expect(match.seatIds.some((id) => id < 100) && match.seatIds.some((id) => id > 100)).toBe(true)
    }
    const fours = ask([...left, ...right], { quantity: 4 })
    expect(idsOf(fours.slice(0, 2)).sort()).toEqual([
      [1, 2, 3, 4],
      [101, 102, 103, 104],
    ])
    expect(fours.map((match) => match.tier)).toEqual([
      "adjacent",
      "adjacent",
      ...fours.slice(2).map(() => "acrossSections"),
    ])
  })

  it("stays inside the requested section", () => {
    expect(ask([...left, ...right], { quantity: 6, sectionId: 1 })).toEqual([])
    const matches = ask([...left, ...right], { quantity: 2, sectionId: 2, maxMatches: 10 })
    expect(matches).toHaveLength(3)
    for (const match of matches) expect(match.seatIds.every((id) => id > 100)).toBe(true)
  })

  // Four sofas of two in a row, 0.8 apart, as the VIP halls are laid out.
  const sofas: Array<PlanSeat> = Array.from({ length: 8 }, (_, i) => ({
    ...hall(1, 1)[0]!,
    id: i + 1,
    groupId: 1000 + Math.floor(i / 2),
    seatIndex: i,
    x: Math.floor(i / 2) * 2.8 + (i % 2),
  }))

  it("takes a sofa whole or not at all", () => {
    const pairs = ask(sofas, { maxMatches: 10 })
    expect(idsOf(pairs)).toEqual(
      expect.arrayContaining([
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
      ]),
    )
    expect(pairs).toHaveLength(4)
    expect(ask(sofas, { quantity: 1 })).toEqual([])
    expect(ask(sofas, { quantity: 3 })).toEqual([])
    const fours = ask(sofas, { quantity: 4 })
    expect(fours[0]).toMatchObject({ seatIds: [3, 4, 5, 6], tier: "nearest" })
  })

  it("does not use a sofa with one seat sold, and mixes sofas with single seats", () => {
    const partly = ask(sofas, { taken: new Set([3]), maxMatches: 10 })
    expect(idsOf(partly).flat()).not.toContain(4)
    const single = { ...hall(1, 1)[0]!, id: 50, rowIndex: 1, y: 3, x: 5 }
    const mixed = ask([...sofas, single], { quantity: 3 })
    expect(mixed.length).toBeGreaterThan(0)
    for (const match of mixed) expect(match.seatIds).toContain(50)
  })

  it("finds the one combination of beds and sofas that makes the quantity when every anchor falls short", () => {
    // A bed of three at each end, two sofas of two between them, each its own block: six seats can only be
    // the two beds, yet from any anchor the nearest unit fills the wrong amount first.
    const unit = (firstId: number, groupId: number, left: number, size: number): Array<PlanSeat> =>
      Array.from({ length: size }, (_, i) => ({
        ...hall(1, 1)[0]!,
        id: firstId + i,
        groupId,
        seatIndex: firstId + i,
        x: left + i,
      }))
    const seats = [...unit(1, 1, 0, 3), ...unit(4, 2, 4, 2), ...unit(6, 3, 7, 2), ...unit(8, 4, 10, 3)]
    expect(ask(seats, { quantity: 6 })).toEqual([
      expect.objectContaining({ seatIds: [1, 2, 3, 8, 9, 10], tier: "nearest" }),
    ])
  })
})

/** The open-air amphitheatre: eight wedges of 52 curved rows, about 23,000 seats. */
const amphitheatre = (): Array<PlanSeat> => {
  const seats: Array<PlanSeat> = []
  for (let section = 0; section < 8; section++) {
    const from = ((-90 + section * 22.5 + 0.75) * Math.PI) / 180
    const to = ((-90 + (section + 1) * 22.5 - 0.75) * Math.PI) / 180
    for (let row = 0; row < 52; row++) {
      const radius = 100 + row * 2
      const count = Math.floor((to - from) * radius)
      for (let s = 0; s < count; s++) {
        const angle = from + ((to - from) / count) * (s + 0.5)
        const fromEdge = Math.min(s, count - 1 - s)
        seats.push({
          id: seats.length + 1,
          sectionId: section + 1,
          groupId: null,
          rowIndex: row,
          seatIndex: s,
          x: radius * Math.sin(angle),
          y: radius * Math.cos(angle),
          isPremium: false,
          isWheelchair: row === 0 && fromEdge === 0,
          isCompanion: row === 0 && fromEdge === 1,
          isLimitedView: false,
        })
      }
    }
  }
  return seats
}

describe("best available on the open-air amphitheatre", () => {
  const seats = amphitheatre()
  const focal = focalPoint(seats)

  it("finds the best adjacent window among some 23,000 seats", () => {
    expect(seats.length).toBeGreaterThan(22_000)
    const taken = new Set(
      seats.filter((seat) => seat.id % 9 === 0 || seat.id % 13 === 0).map((seat) => seat.id),
    )
    const matches = ask(seats, { taken, quantity: 4, focal })
    expect(matches).toHaveLength(5)

    // Brute force over every block and window.
    let best = Number.POSITIVE_INFINITY
    for (const block of rowBlocks(seats)) {
      const pattern = block.map((seat) => taken.has(seat.id))
      for (let start = 0; start + 4 <= block.length; start++) {
        const window = block.slice(start, start + 4)
        if (window.some((seat) => taken.has(seat.id) || seat.isWheelchair || seat.isCompanion)) continue
        if (orphansCreatedBy(pattern, [start, start + 1, start + 2, start + 3]).length > 0) continue
        const x = window.reduce((sum, seat) => sum + seat.x, 0) / 4
        const y = window.reduce((sum, seat) => sum + seat.y, 0) / 4
        best = Math.min(best, Math.hypot(x - focal.x, y - focal.y))
      }
    }
    expect(matches[0]?.tier).toBe("adjacent")
    expect(matches[0]?.score).toBeCloseTo(best, 9)
  })

  it("gathers nearby seats when the amphitheatre is a checkerboard", () => {
    const taken = new Set(
      seats.filter((seat) => (seat.rowIndex + seat.seatIndex) % 2 === 0).map((seat) => seat.id),
    )
    const matches = ask(seats, { taken, quantity: 4, focal })
    expect(matches).toHaveLength(5)
    const byId = new Map(seats.map((seat) => [seat.id, seat]))
    for (const match of matches) {
      expect(match.tier).toBe("nearest")
      const chosen = match.seatIds.map((id) => byId.get(id)!)
      expect(chosen.some((seat) => taken.has(seat.id))).toBe(false)
      // compact: every seat within a few seat widths of the others
      for (const a of chosen) for (const b of chosen) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(5)
    }
  })
})
