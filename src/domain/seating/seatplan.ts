/**
 * The seat model the seating rules work on, shared by the server (the authority) and the browser.
 *
 * Two coordinate systems, never mixed:
 * - the grid: `rowIndex` and `seatIndex` are non-negative integers, unique per section. They are the wire's
 *   `YCoordinate` and `XCoordinate` (spec §3), so a seat is named by (section, XCoordinate, YCoordinate).
 * - the hall: `x` and `y` in seat widths, the screen at the top (small y). Only drawing and distance use them.
 */
export interface PlanSeat {
  readonly id: number
  readonly sectionId: number
  /** a sofa or bed: all of its seats go together */
  readonly groupId: number | null
  readonly rowIndex: number
  readonly seatIndex: number
  readonly x: number
  readonly y: number
  readonly isPremium: boolean
  readonly isWheelchair: boolean
  readonly isCompanion: boolean
  readonly isLimitedView: boolean
}

export interface HallPoint {
  readonly x: number
  readonly y: number
}

/**
 * Two seats with consecutive seat indexes are neighbours only if they are this close (in seat widths).
 * Curved rows put neighbours 0.02–1.15 apart; an aisle inside a section is 1.8 or more.
 */
export const MAX_NEIGHBOUR_DISTANCE = 1.5

const distance = (a: HallPoint, b: HallPoint): number => Math.hypot(a.x - b.x, a.y - b.y)

export const areNeighbours = (left: PlanSeat, right: PlanSeat): boolean =>
  left.sectionId === right.sectionId &&
  left.rowIndex === right.rowIndex &&
  right.seatIndex === left.seatIndex + 1 &&
  distance(left, right) <= MAX_NEIGHBOUR_DISTANCE

/**
 * The blocks of a seatplan: maximal runs of neighbouring seats, each in seat order. Blocks are what the
 * single-seat rule and best available reason about; an aisle, a section boundary or a missing seat ends one.
 * Output order is stable: by section, then row, then seat index.
 */
export const rowBlocks = <S extends PlanSeat>(seats: Iterable<S>): ReadonlyArray<ReadonlyArray<S>> => {
  const sorted = [...seats].sort(
    (a, b) => a.sectionId - b.sectionId || a.rowIndex - b.rowIndex || a.seatIndex - b.seatIndex,
  )
  const blocks: Array<Array<S>> = []
  let current: Array<S> = []
  for (const seat of sorted) {
    const previous = current[current.length - 1]
    if (previous !== undefined && !areNeighbours(previous, seat)) {
      blocks.push(current)
      current = []
    }
    current.push(seat)
  }
  if (current.length > 0) blocks.push(current)
  return blocks
}

/**
 * The point best available aims for: the middle of the hall across, two thirds of the way back from the
 * screen — where cinema designers put the reference seat for picture and sound.
 */
export const focalPoint = (seats: Iterable<PlanSeat>): HallPoint => {
  let minX = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (const seat of seats) {
    minX = Math.min(minX, seat.x)
    maxX = Math.max(maxX, seat.x)
    minY = Math.min(minY, seat.y)
    maxY = Math.max(maxY, seat.y)
  }
  if (minX > maxX) return { x: 0, y: 0 }
  return { x: (minX + maxX) / 2, y: minY + ((maxY - minY) * 2) / 3 }
}

export const distanceTo = (point: HallPoint) => (seat: HallPoint) => distance(point, seat)
