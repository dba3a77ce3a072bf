import KDBush from "kdbush"
import type { HallPoint } from "./camera.ts"

/**
 * Which seat is under the pointer: a static k-d tree over the seat centres (hall units), built once per
 * seatplan. `pick` answers the nearest seat within `radius`, the lower index on a tie.
 */
export interface PickIndex {
  readonly size: number
  pick(point: HallPoint, radius: number): number | undefined
}

/** `positions` interleaved as the GPU takes them: x0, y0, x1, y1, … */
export const createPickIndex = (positions: ArrayLike<number>): PickIndex => {
  const size = Math.floor(positions.length / 2)
  if (size === 0) return { size, pick: () => undefined }
  const tree = new KDBush(size, 64, Float32Array)
  for (let i = 0; i < size; i++) tree.add(positions[2 * i] ?? 0, positions[2 * i + 1] ?? 0)
  tree.finish()
  const found: Array<number> = []
  return {
    size,
    pick: (point, radius) => {
      found.length = 0
      const count = tree.withinInto(point.x, point.y, radius, found)
      let best: number | undefined
      let bestDistance = Number.POSITIVE_INFINITY
      for (let k = 0; k < count; k++) {
        const id = found[k] ?? 0
        const dx = (positions[2 * id] ?? 0) - point.x
        const dy = (positions[2 * id + 1] ?? 0) - point.y
        const distance = dx * dx + dy * dy
        if (distance < bestDistance || (distance === bestDistance && best !== undefined && id < best)) {
          best = id
          bestDistance = distance
        }
      }
      return best
    },
  }
}
