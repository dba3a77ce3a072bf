import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type BestAvailableRequest,
  bestAvailable,
  MATCH_TIERS,
  type Match,
} from "../../../src/domain/seating/bestAvailable.ts"
import { focalPoint, type PlanSeat, rowBlocks } from "../../../src/domain/seating/seatplan.ts"
import { orphansCreatedBy } from "../../../src/domain/seating/singleSeat.ts"

interface SeatSpec {
  readonly missing: boolean
  readonly aisleBefore: boolean
  readonly taken: boolean
  readonly premium: boolean
  readonly wheelchair: boolean
  readonly companion: boolean
  readonly limitedView: boolean
  /** a sofa or bed starts here: this seat and the next one or two present seats of the row */
  readonly groupStart: boolean
  readonly groupOfThree: boolean
}
type PlanSpec = ReadonlyArray<ReadonlyArray<ReadonlyArray<SeatSpec>>>

/** "One in n" */
const rare = (n: number) => fc.integer({ min: 0, max: n - 1 }).map((k) => k === 0)
const seatSpec: fc.Arbitrary<SeatSpec> = fc.record({
  missing: rare(10),
  aisleBefore: rare(8),
  taken: rare(3),
  premium: rare(8),
  wheelchair: rare(15),
  companion: rare(15),
  limitedView: rare(8),
  groupStart: rare(6),
  groupOfThree: rare(3),
})
const rowSpec = fc.array(seatSpec, { minLength: 1, maxLength: 12 })
const planSpec: fc.Arbitrary<PlanSpec> = fc.array(fc.array(rowSpec, { minLength: 1, maxLength: 4 }), {
  minLength: 1,
  maxLength: 3,
})

/**
 * Sections side by side, rows one seat width apart, missing seats and aisles breaking blocks, and sofas of two
 * or three running on along the row (across an aisle too, an unusual plan worth surviving).
 */
const buildPlan = (spec: PlanSpec): { seats: Array<PlanSeat>; taken: Set<number> } => {
  const seats: Array<PlanSeat> = []
  const taken = new Set<number>()
  let nextGroup = 1
  spec.forEach((section, s) => {
    section.forEach((row, rowIndex) => {
      let x = s * 20
      let group: { readonly id: number; left: number } | null = null
      row.forEach((flags, seatIndex) => {
        x += flags.aisleBefore ? 2 : 1
        if (flags.missing) return
        if (group === null && flags.groupStart) group = { id: nextGroup++, left: flags.groupOfThree ? 3 : 2 }
        const groupId = group?.id ?? null
        if (group !== null && --group.left === 0) group = null
        const id = seats.length + 1
        seats.push({
          id,
          sectionId: s + 1,
          groupId,
          rowIndex,
          seatIndex,
          x,
          y: 2 + rowIndex,
          isPremium: flags.premium,
          isWheelchair: flags.wheelchair,
          isCompanion: flags.companion,
          isLimitedView: flags.limitedView,
        })
        if (flags.taken) taken.add(id)
      })
    })
  })
  // A group cut short by the row's end may be a sofa of one: make that a plain seat.
  const sizes = new Map<number, number>()
  for (const seat of seats)
    if (seat.groupId !== null) sizes.set(seat.groupId, (sizes.get(seat.groupId) ?? 0) + 1)
  return {
    seats: seats.map((seat) =>
      seat.groupId !== null && sizes.get(seat.groupId) === 1 ? { ...seat, groupId: null } : seat,
    ),
    taken,
  }
}

const requests: fc.Arbitrary<BestAvailableRequest> = fc
  .record({
    plan: planSpec,
    quantity: fc.integer({ min: 1, max: 8 }),
    maxMatches: fc.integer({ min: 1, max: 6 }),
    excludePremium: fc.boolean(),
    sectionId: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 },
    ),
    focal: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 2 },
      {
        arbitrary: fc.record({ x: fc.integer({ min: -5, max: 60 }), y: fc.integer({ min: -2, max: 8 }) }),
        weight: 1,
      },
    ),
  })
  .map(({ plan, focal, sectionId, ...rest }) => {
    const { seats, taken } = buildPlan(plan)
    return {
      seats,
      taken,
      focal: focal ?? focalPoint(seats),
      ...rest,
      ...(sectionId === undefined ? {} : { sectionId }),
    }
  })

/** The rules restated plainly, to check the picker against. */
const oracle = (request: BestAvailableRequest) => {
  const { seats, taken, quantity, sectionId, excludePremium } = request
  const inScope = seats.filter((seat) => sectionId === undefined || seat.sectionId === sectionId)
  const eligible = (seat: PlanSeat): boolean =>
    (sectionId === undefined || seat.sectionId === sectionId) &&
    !taken.has(seat.id) &&
    !seat.isWheelchair &&
    !seat.isCompanion &&
    !(excludePremium && seat.isPremium)
  const members = (groupId: number) => seats.filter((seat) => seat.groupId === groupId)
  const usable = (seat: PlanSeat): boolean =>
    eligible(seat) && (seat.groupId === null || members(seat.groupId).every(eligible))
  const blocks = rowBlocks(inScope)

  const windows = { adjacent: 0, adjacentWithOrphan: 0 }
  for (const block of blocks) {
    const pattern = block.map((seat) => taken.has(seat.id))
    for (let start = 0; start + quantity <= block.length; start++) {
      const window = block.slice(start, start + quantity)
      const ids = new Set(window.map((seat) => seat.id))
      if (!window.every(usable)) continue
      if (window.some((seat) => seat.groupId !== null && members(seat.groupId).some((m) => !ids.has(m.id))))
        continue
      const chosen = window.map((_, i) => start + i)
      windows[orphansCreatedBy(pattern, chosen).length > 0 ? "adjacentWithOrphan" : "adjacent"]++
    }
  }

  // Sums of whole groups that can be made, topped up with single seats.
  const singles = inScope.filter((seat) => seat.groupId === null && usable(seat)).length
  const groupIds = new Set(
    inScope.flatMap((seat) => (seat.groupId !== null && usable(seat) ? [seat.groupId] : [])),
  )
  let sums = new Set([0])
  for (const groupId of groupIds)
    sums = new Set([...sums, ...[...sums].map((sum) => sum + members(groupId).length)])
  const feasible = [...sums].some((sum) => sum <= quantity && quantity - sum <= singles)

  return { inScope, eligible, usable, members, blocks, windows, feasible, hasGroups: groupIds.size > 0 }
}

const blockOf = (blocks: ReadonlyArray<ReadonlyArray<PlanSeat>>, id: number) =>
  blocks.find((block) => block.some((seat) => seat.id === id)) ?? []

const tierRank = (match: Match) => MATCH_TIERS.indexOf(match.tier)

describe("best available on generated plans", () => {
  it("offers only valid matches: the quantity asked, eligible, free, groups whole, best first", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const matches = bestAvailable(request)
        const { eligible, members, blocks } = oracle(request)
        const byId = new Map(request.seats.map((seat) => [seat.id, seat]))
        expect(matches.length).toBeLessThanOrEqual(request.maxMatches)
        expect(new Set(matches.map((match) => match.seatIds.join())).size).toBe(matches.length)
        matches.forEach((match, i) => {
          expect(new Set(match.seatIds).size).toBe(request.quantity)
          expect([...match.seatIds].sort((a, b) => a - b)).toEqual(match.seatIds)
          const chosen = match.seatIds.map((id) => byId.get(id)!)
          for (const seat of chosen) {
            expect(eligible(seat)).toBe(true)
            if (seat.groupId !== null)
              for (const member of members(seat.groupId)) expect(match.seatIds).toContain(member.id)
          }
          const sections = new Set(chosen.map((seat) => seat.sectionId))
          if (match.tier === "acrossSections") expect(sections.size).toBeGreaterThan(1)
          else expect(sections.size).toBe(1)
          if (match.tier === "adjacent" || match.tier === "adjacentWithOrphan") {
            const block = blockOf(blocks, match.seatIds[0]!)
            const positions = chosen.map((seat) => block.indexOf(seat)).sort((a, b) => a - b)
            expect(positions[0]).toBeGreaterThanOrEqual(0)
            expect(positions.at(-1)! - positions[0]!).toBe(request.quantity - 1)
            const created = orphansCreatedBy(
              block.map((seat) => request.taken.has(seat.id)),
              positions,
            )
            expect(created.length > 0).toBe(match.tier === "adjacentWithOrphan")
          }
          const previous = matches[i - 1]
          if (previous !== undefined) {
            expect(tierRank(previous)).toBeLessThanOrEqual(tierRank(match))
            if (previous.tier === match.tier) expect(previous.score).toBeLessThanOrEqual(match.score)
          }
        })
      }),
      { numRuns: 300 },
    )
  })

  it("offers every window before anything else, the ones that strand nobody first", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const matches = bestAvailable(request)
        const { windows } = oracle(request)
        const count = (tier: Match["tier"]) => matches.filter((match) => match.tier === tier).length
        const adjacent = Math.min(request.maxMatches, windows.adjacent)
        expect(count("adjacent")).toBe(adjacent)
        expect(count("adjacentWithOrphan")).toBe(
          Math.min(request.maxMatches - adjacent, windows.adjacentWithOrphan),
        )
        if (windows.adjacent > 0) expect(matches[0]?.tier).toBe("adjacent")
        else if (windows.adjacentWithOrphan > 0) expect(matches[0]?.tier).toBe("adjacentWithOrphan")
      }),
      { numRuns: 300 },
    )
  })

  it("answers NOT_ENOUGH_SEATS exactly when no choice of seats exists", () => {
    fc.assert(
      fc.property(requests, (request) => {
        const { feasible, hasGroups, inScope, usable } = oracle(request)
        const matches = bestAvailable(request)
        expect(matches.length > 0).toBe(feasible)
        if (!hasGroups && inScope.filter(usable).length >= request.quantity)
          expect(matches.length).toBeGreaterThan(0)
      }),
      { numRuns: 300 },
    )
  })

  it("gives the same answer whatever the order of the seats", () => {
    const shuffled = requests.chain((request) =>
      fc
        .shuffledSubarray([...request.seats], {
          minLength: request.seats.length,
          maxLength: request.seats.length,
        })
        .map((seats) => [request, { ...request, seats }] as const),
    )
    fc.assert(
      fc.property(shuffled, ([request, reordered]) => {
        expect(bestAvailable(reordered)).toEqual(bestAvailable(request))
      }),
      { numRuns: 200 },
    )
  })
})
