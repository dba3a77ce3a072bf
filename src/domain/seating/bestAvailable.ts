/**
 * Best available (spec: maxMatches 5, resultsPerMatch 1): the seats the server offers when a buyer asks for a
 * number of seats instead of picking them. Pure, so the authority and any preview compute the same answer.
 *
 * Tiers, in order of preference, each tried only while fewer than `maxMatches` matches were found:
 * 1. "adjacent": consecutive seats of one block that strand nobody (the single-seat rule).
 * 2. "adjacentWithOrphan": the same windows when every one of them strands a seat.
 * 3. "nearest": seats of one section gathered around an anchor near the focal point, not side by side.
 * 4. "acrossSections": the same, with seats from more than one section.
 *
 * An empty answer is NOT_ENOUGH_SEATS, and is given exactly when no choice of `quantity` eligible seats exists.
 */

import {
  type Anchor,
  anchorsOf,
  insertBounded,
  nearestUnits,
  squaredDistance,
  type Unit,
} from "./rankUnits.ts"
import { type HallPoint, type PlanSeat, rowBlocks } from "./seatplan.ts"
import { orphansCreatedBy } from "./singleSeat.ts"

/** In order of preference. */
export const MATCH_TIERS = ["adjacent", "adjacentWithOrphan", "nearest", "acrossSections"] as const
export type MatchTier = (typeof MATCH_TIERS)[number]

export const DEFAULT_MAX_MATCHES = 5

/**
 * Anchors tried per section (tier 3) and over the whole scope (tier 4). The best sets sit near the focal point,
 * so anchors far from it rarely win, and bounding them keeps a 22,816-seat amphitheatre fast.
 */
export const ANCHORS_PER_SCOPE = 40

export interface BestAvailableRequest {
  /** every reserved seat of the seatplan (or of the sections the offer allows) */
  readonly seats: ReadonlyArray<PlanSeat>
  /** seats sold or held by anyone */
  readonly taken: ReadonlySet<number>
  /** a positive integer */
  readonly quantity: number
  readonly focal: HallPoint
  /** a positive integer; DEFAULT_MAX_MATCHES at the API */
  readonly maxMatches: number
  /** hold orders cannot take premium seats */
  readonly excludePremium: boolean
  /** only seats of this section when given */
  readonly sectionId?: number
}

export interface Match {
  /** ascending */
  readonly seatIds: ReadonlyArray<number>
  readonly tier: MatchTier
  /** lower is better; comparable only within one answer */
  readonly score: number
}

interface Scene {
  readonly request: BestAvailableRequest
  readonly inScope: ReadonlyArray<PlanSeat>
  readonly usable: ReadonlySet<number>
  /** every group among the seats given */
  readonly groups: ReadonlyMap<number, ReadonlyArray<PlanSeat>>
  readonly units: ReadonlyArray<Unit>
  readonly limitedViewPenalty: number
}

const byId = (a: PlanSeat, b: PlanSeat): number => a.id - b.id

/** Matches of one answer all have `quantity` seats, so the first difference decides. */
const compareIds = (a: ReadonlyArray<number>, b: ReadonlyArray<number>): number => {
  const at = a.findIndex((id, i) => id !== b[i])
  return at < 0 ? 0 : a[at]! - b[at]!
}

const compareMatches = (a: Match, b: Match): number =>
  MATCH_TIERS.indexOf(a.tier) - MATCH_TIERS.indexOf(b.tier) ||
  a.score - b.score ||
  compareIds(a.seatIds, b.seatIds)

const prepare = (request: BestAvailableRequest): Scene => {
  const { seats, taken, quantity, sectionId, excludePremium } = request
  const inScopeOf = (seat: PlanSeat): boolean => sectionId === undefined || seat.sectionId === sectionId
  // Wheelchair and companion seats need the buyer to confirm they need them, so they are never picked for them.
  const eligible = (seat: PlanSeat): boolean =>
    inScopeOf(seat) &&
    !taken.has(seat.id) &&
    !seat.isWheelchair &&
    !seat.isCompanion &&
    !(excludePremium && seat.isPremium)

  // Groups are judged over every seat given, so a sofa reaching outside the allowed section is unusable.
  const groups = new Map<number, Array<PlanSeat>>()
  for (const seat of seats) {
    if (seat.groupId === null) continue
    const members = groups.get(seat.groupId) ?? []
    members.push(seat)
    groups.set(seat.groupId, members)
  }
  const usableGroups = new Set<number>()
  for (const [groupId, members] of groups)
    if (members.length <= quantity && members.every(eligible)) usableGroups.add(groupId)

  // Kept in input order: every choice below breaks ties by seat id, so the order never shows in the answer.
  const inScope = seats.filter(inScopeOf)
  const usable = new Set<number>()
  const units: Array<Unit> = []
  const groupUnits = new Set<number>()
  for (const seat of inScope) {
    if (!eligible(seat)) continue
    if (seat.groupId === null) {
      usable.add(seat.id)
      units.push({ seats: [seat], sectionId: seat.sectionId, firstId: seat.id })
    } else if (usableGroups.has(seat.groupId)) {
      usable.add(seat.id)
      if (groupUnits.has(seat.groupId)) continue
      groupUnits.add(seat.groupId)
      const members = [...(groups.get(seat.groupId) ?? [])].sort(byId)
      units.push({ seats: members, sectionId: seat.sectionId, firstId: members[0]?.id ?? seat.id })
    }
  }

  // A score without the penalty is at most 3 × reach (see scoreOf), so one limited-view seat outweighs any
  // difference in distance: within a tier, matches with fewer limited-view seats always come first.
  let farthest = 0
  for (const seat of inScope) farthest = Math.max(farthest, squaredDistance(seat, request.focal))
  const reach = Math.sqrt(farthest)

  return { request, inScope, usable, groups, units, limitedViewPenalty: 3 * reach + 1 }
}

/** Whether the units can make exactly `quantity` seats: a subset sum, since groups come whole. */
const feasible = (units: ReadonlyArray<Unit>, quantity: number): boolean => {
  const reachable: Array<boolean> = Array.from({ length: quantity + 1 }, (_, sum) => sum === 0)
  for (const unit of units) {
    const size = unit.seats.length
    for (let sum = quantity; sum >= size; sum--) if (reachable[sum - size]) reachable[sum] = true
    if (reachable[quantity]) return true
  }
  return reachable[quantity] === true
}

/**
 * Distance from the centroid to the focal point, plus (for scattered sets) the mean distance of the seats
 * from their centroid, so a compact set beats a spread one at the same place. Both terms are at most the
 * reach (the farthest seat from the focal point) and twice it; the limited-view penalty exceeds their sum.
 */
const scoreOf = (scene: Scene, seats: ReadonlyArray<PlanSeat>, withSpread: boolean): number => {
  const { focal } = scene.request
  let x = 0
  let y = 0
  let limited = 0
  for (const seat of seats) {
    x += seat.x
    y += seat.y
    if (seat.isLimitedView) limited++
  }
  x /= seats.length
  y /= seats.length
  let spread = 0
  if (withSpread) {
    for (const seat of seats) spread += Math.sqrt((seat.x - x) ** 2 + (seat.y - y) ** 2)
    spread /= seats.length
  }
  return Math.sqrt((x - focal.x) ** 2 + (y - focal.y) ** 2) + spread + limited * scene.limitedViewPenalty
}

/**
 * Windows come scored already. Scattered sets are scored here, in id order, so the sums and so the score do
 * not depend on the order the seats were given in.
 */
const matchOf = (
  scene: Scene,
  seats: ReadonlyArray<PlanSeat>,
  tier: MatchTier,
  windowScore?: number,
): Match => {
  const sorted = [...seats].sort(byId)
  const score = windowScore ?? scoreOf(scene, sorted, tier === "nearest" || tier === "acrossSections")
  return { seatIds: sorted.map((seat) => seat.id), tier, score }
}

/** Tiers 1 and 2: every window of `quantity` consecutive usable seats, split by whether it strands a seat. */
const windowMatches = (scene: Scene, limit: number): readonly [Array<Match>, Array<Match>] => {
  const { quantity, taken } = scene.request
  const adjacent: Array<Match> = []
  const withOrphan: Array<Match> = []
  for (const block of rowBlocks(scene.inScope)) {
    if (block.length < quantity) continue
    // "Taken" for the orphan rule is taken by anyone: a free wheelchair space is a seat someone can still sit in.
    const pattern = block.map((seat) => taken.has(seat.id))
    // usableRun[p]: how many usable seats start at p, so a window is checked in constant time.
    const usableRun: Array<number> = new Array<number>(block.length + 1).fill(0)
    for (let p = block.length - 1; p >= 0; p--)
      usableRun[p] = scene.usable.has(block[p]!.id) ? usableRun[p + 1]! + 1 : 0
    // Where each group lies in this block; one with seats elsewhere too never fits a window here.
    const spans = new Map<number, { first: number; last: number; count: number }>()
    block.forEach((seat, p) => {
      if (seat.groupId === null) return
      const span = spans.get(seat.groupId) ?? { first: p, last: p, count: 0 }
      spans.set(seat.groupId, { first: span.first, last: p, count: span.count + 1 })
    })
    const groupsWhole = (from: number, to: number): boolean =>
      spans.size === 0 ||
      block.slice(from, to).every((seat) => {
        const span = seat.groupId === null ? undefined : spans.get(seat.groupId)
        return (
          span === undefined ||
          (span.count === scene.groups.get(seat.groupId!)?.length && span.first >= from && span.last < to)
        )
      })
    for (let start = 0; start + quantity <= block.length; start++) {
      const end = start + quantity
      if (usableRun[start]! < quantity || !groupsWhole(start, end)) continue
      const seats = block.slice(start, end)
      const score = scoreOf(scene, seats, false)
      // Most windows of a large plan lose on score alone; they need no orphan check and no match built.
      const contends = (board: ReadonlyArray<Match>): boolean =>
        board.length < limit || score <= (board[board.length - 1]?.score ?? Number.POSITIVE_INFINITY)
      if (!contends(adjacent) && !contends(withOrphan)) continue
      // Only the seat just outside each end can become stranded, so two seats of context either side give
      // orphansCreatedBy the same answer as the whole block at a constant cost per window.
      const from = Math.max(0, start - 2)
      const chosen = Array.from({ length: quantity }, (_, i) => start - from + i)
      const strands =
        orphansCreatedBy(pattern.slice(from, Math.min(block.length, end + 2)), chosen).length > 0
      const board = strands ? withOrphan : adjacent
      if (contends(board))
        insertBounded(
          board,
          matchOf(scene, seats, strands ? "adjacentWithOrphan" : "adjacent", score),
          limit,
          compareMatches,
        )
    }
  }
  return [adjacent, withOrphan]
}

/**
 * The anchor's unit, then the units nearest the anchor seat until `quantity` seats; a group that no longer
 * fits is passed over. Without groups the `quantity` nearest units always suffice; with them a few more are
 * looked at first, and only if those cannot fill the set is the whole scope ordered.
 */
const gatherAround = (
  scene: Scene,
  anchor: Anchor,
  scope: ReadonlyArray<Unit>,
): ReadonlyArray<PlanSeat> | null => {
  const { quantity } = scene.request
  const firstLook = scene.groups.size > 0 ? 2 * quantity + 2 : quantity
  for (const count of [firstLook, scope.length]) {
    const picked: Array<PlanSeat> = [...anchor.unit.seats]
    for (const unit of nearestUnits(scope, anchor.seat, count)) {
      if (picked.length === quantity) break
      if (unit !== anchor.unit && picked.length + unit.seats.length <= quantity) picked.push(...unit.seats)
    }
    if (picked.length === quantity) return picked
    if (count >= scope.length) break
  }
  return null
}

const aroundAnchors = (scene: Scene, scope: ReadonlyArray<Unit>, tier: MatchTier): ReadonlyArray<Match> => {
  const matches: Array<Match> = []
  for (const anchor of anchorsOf(scope, scene.request.focal, ANCHORS_PER_SCOPE)) {
    const seats = gatherAround(scene, anchor, scope)
    if (seats === null) continue
    const sections = new Set(seats.map((seat) => seat.sectionId))
    // A one-section set here is one that tier 3 already offered from the same anchor.
    if (tier === "acrossSections" && sections.size < 2) continue
    matches.push(matchOf(scene, seats, tier))
  }
  return matches
}

/** Tier 3: around anchors in each section on its own. */
const nearestMatches = (scene: Scene): ReadonlyArray<Match> =>
  [...new Set(scene.units.map((unit) => unit.sectionId))]
    .sort((a, b) => a - b)
    .flatMap((id) =>
      aroundAnchors(
        scene,
        scene.units.filter((unit) => unit.sectionId === id),
        "nearest",
      ),
    )

/**
 * The last resort when sofas or beds defeat every anchor: the units in order of distance from the focal
 * point, taking each one that still leaves the rest able to make up the quantity exactly.
 */
const exactFallback = (scene: Scene): Match | null => {
  const { quantity, focal } = scene.request
  const ordered = nearestUnits(scene.units, focal, scene.units.length)
  // canMake[i][sum]: the units from i on can make exactly `sum` seats.
  const canMake: Array<ReadonlyArray<boolean>> = new Array(ordered.length + 1)
  canMake[ordered.length] = Array.from({ length: quantity + 1 }, (_, sum) => sum === 0)
  for (let i = ordered.length - 1; i >= 0; i--) {
    const rest = canMake[i + 1]!
    const size = ordered[i]!.seats.length
    canMake[i] = rest.map((can, sum) => can || (sum >= size && rest[sum - size] === true))
  }
  if (canMake[0]?.[quantity] !== true) return null
  const picked: Array<PlanSeat> = []
  for (let i = 0; i < ordered.length && picked.length < quantity; i++) {
    const unit = ordered[i]!
    const need = quantity - picked.length - unit.seats.length
    if (need >= 0 && canMake[i + 1]?.[need] === true) picked.push(...unit.seats)
  }
  const sections = new Set(picked.map((seat) => seat.sectionId))
  return matchOf(scene, picked, sections.size > 1 ? "acrossSections" : "nearest")
}

/**
 * Up to `maxMatches` distinct matches, best first: by tier, then score, then the smallest seat ids. The same
 * request gives the same answer whatever the order of `seats`. Empty means NOT_ENOUGH_SEATS.
 */
export const bestAvailable = (request: BestAvailableRequest): ReadonlyArray<Match> => {
  const { quantity, maxMatches } = request
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new RangeError(`quantity must be a positive integer, got ${quantity}`)
  if (!Number.isInteger(maxMatches) || maxMatches < 1)
    throw new RangeError(`maxMatches must be a positive integer, got ${maxMatches}`)
  const scene = prepare(request)
  if (!feasible(scene.units, quantity)) return []

  const found: Array<Match> = []
  const seen = new Set<string>()
  const offer = (matches: ReadonlyArray<Match>): void => {
    for (const match of [...matches].sort(compareMatches)) {
      if (found.length >= maxMatches) return
      const key = match.seatIds.join()
      if (seen.has(key)) continue
      seen.add(key)
      found.push(match)
    }
  }

  const [adjacent, withOrphan] = windowMatches(scene, maxMatches)
  offer(adjacent)
  offer(withOrphan)
  if (found.length < maxMatches) offer(nearestMatches(scene))
  const manySections = () => scene.units.some((unit) => unit.sectionId !== scene.units[0]?.sectionId)
  if (found.length < maxMatches && manySections()) offer(aroundAnchors(scene, scene.units, "acrossSections"))
  if (found.length === 0) {
    const last = exactFallback(scene)
    if (last !== null) offer([last])
  }
  return found
}
