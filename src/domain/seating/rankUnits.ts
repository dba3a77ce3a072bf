import type { HallPoint, PlanSeat } from "./seatplan.ts"

/**
 * The geometry best available ranks with: units (a seat, or a whole sofa or bed), distances, and the few
 * nearest of many without sorting them all. Split from bestAvailable.ts, which composes the tiers.
 */

/** A seat on its own, or a whole sofa or bed: the smallest thing best available may pick. */
export interface Unit {
  /** ascending by id */
  readonly seats: ReadonlyArray<PlanSeat>
  readonly sectionId: number
  readonly firstId: number
}

/** Inserts into a sorted list kept to its best `limit`: far cheaper than sorting every window of a large plan. */
export const insertBounded = <T>(
  list: Array<T>,
  entry: T,
  limit: number,
  compare: (a: T, b: T) => number,
): void => {
  let at = list.length
  while (at > 0 && compare(entry, list[at - 1]!) < 0) at--
  if (at >= limit) return
  list.splice(at, 0, entry)
  if (list.length > limit) list.pop()
}

export const squaredDistance = (a: HallPoint, b: HallPoint): number => (a.x - b.x) ** 2 + (a.y - b.y) ** 2

const squaredDistanceTo = (unit: Unit, point: HallPoint): number => {
  let best = Number.POSITIVE_INFINITY
  for (const seat of unit.seats) best = Math.min(best, squaredDistance(seat, point))
  return best
}

interface Ranked<T> {
  readonly item: T
  readonly distance: number
  readonly id: number
}

const byDistance = <T>(a: Ranked<T>, b: Ranked<T>): number => a.distance - b.distance || a.id - b.id

/**
 * The `count` items of smallest `distance`, ties by `id`, in that order: bounded insertion while `count` is
 * tiny next to a large plan, a sort when everything is wanted.
 */
const smallest = <T>(
  items: ReadonlyArray<T>,
  count: number,
  distance: (item: T) => number,
  id: (item: T) => number,
): Array<T> => {
  const ranked = (item: T): Ranked<T> => ({ item, distance: distance(item), id: id(item) })
  if (count >= items.length)
    return items
      .map(ranked)
      .sort(byDistance)
      .map((entry) => entry.item)
  const found: Array<Ranked<T>> = []
  for (const item of items) insertBounded(found, ranked(item), count, byDistance)
  return found.map((entry) => entry.item)
}

/** The `count` units nearest `point` (a unit is as near as its nearest seat), ties by first seat id. */
export const nearestUnits = (
  units: ReadonlyArray<Unit>,
  point: HallPoint,
  count: number,
): ReadonlyArray<Unit> =>
  smallest(
    units,
    count,
    (unit) => squaredDistanceTo(unit, point),
    (unit) => unit.firstId,
  )

export type Anchor = { readonly seat: PlanSeat; readonly unit: Unit }

/** The usable seats nearest the focal point, each with the unit it comes in. */
export const anchorsOf = (
  scope: ReadonlyArray<Unit>,
  focal: HallPoint,
  count: number,
): ReadonlyArray<Anchor> =>
  smallest(
    scope.flatMap((unit) => unit.seats.map((seat) => ({ seat, unit }))),
    count,
    (anchor) => squaredDistance(anchor.seat, focal),
    (anchor) => anchor.seat.id,
  )
