import { SMALL_HALL_SEATS } from "./seatMapContract.ts"
import SeatMapWorker from "./seatMapWorker.ts?worker"

/**
 * Starts the painting worker (seatMapWorker.ts) ahead of the map: the seat screen calls `startSeatMapWorker` when
 * it mounts, while the seatplan is still on its way, so fetching the worker's script and loading regl are not
 * added to the first frame; the map then takes that worker (`takeSeatMapWorker`). Vite emits the script as
 * `/assets/seatMapWorker-<hash>.js` (vite.config.ts), the one answer whose policy allows `'unsafe-eval'`.
 *
 * Not for a hall known to be small: the map paints those with Canvas 2D on the page (choosePainter.ts), so the
 * worker's script (regl and all, some 127 KB) would be fetched and started for nothing, on the screen most buyers
 * see. The screen passes the showing's capacity when it has it (reserved seats plus general-admission places: never
 * fewer than the map's seats, so a capacity at or under the limit proves the hall small).
 */

let spare: Worker | null = null

const spawn = (): Worker => new SeatMapWorker({ name: "seat map painter" })

/** Whether a hall of `capacity` places (null or undefined: not known) may be painted by the worker. */
export const mayPaintInWorker = (capacity?: number | null): boolean =>
  capacity === null || capacity === undefined || capacity > SMALL_HALL_SEATS

/** Starts a worker if none is waiting; answers a release that ends it if no map took it meanwhile. */
export const startSeatMapWorker = (capacity?: number | null): (() => void) => {
  if (!mayPaintInWorker(capacity)) return () => undefined
  if (typeof Worker !== "function" || typeof OffscreenCanvas !== "function") return () => undefined
  spare ??= spawn()
  const started = spare
  return () => {
    if (spare !== started) return
    spare.terminate()
    spare = null
  }
}

/** The waiting worker, or a new one. */
export const takeSeatMapWorker = (): Worker => {
  const worker = spare ?? spawn()
  spare = null
  return worker
}
