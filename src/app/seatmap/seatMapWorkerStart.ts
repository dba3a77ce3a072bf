import SeatMapWorker from "./seatMapWorker.ts?worker"

/**
 * Starts the painting worker (seatMapWorker.ts) ahead of the map: the seat screen calls `startSeatMapWorker` when
 * it mounts, while the seatplan is still on its way, so fetching the worker's script and loading regl are not
 * added to the first frame; the map then takes that worker (`takeSeatMapWorker`). Vite emits the script as
 * `/assets/seatMapWorker-<hash>.js` (vite.config.ts), the one answer whose policy allows `'unsafe-eval'`.
 */

let spare: Worker | null = null

const spawn = (): Worker => new SeatMapWorker({ name: "seat map painter" })

/** Starts a worker if none is waiting; answers a release that ends it if no map took it meanwhile. */
export const startSeatMapWorker = (): (() => void) => {
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
