import type { Painter } from "./painter.ts"
import type { Rgb } from "./palette.ts"
import type { FromWorker, WorkerPort } from "./workerProtocol.ts"

/**
 * The main thread's side of the painting worker (seatMapWorker.ts): a `Painter` whose every call becomes a
 * message. The page's Content-Security-Policy has no `'unsafe-eval'`, which regl needs, so WebGL painting happens
 * in the worker, whose script answer alone allows it (docs/security.md); the page keeps the seats, the camera,
 * picking, input and the seat list, and sends only what a frame needs.
 *
 * - The canvas is handed over once (`transferControlToOffscreen`): from then on the page cannot size or read it,
 *   so its pixel size lives in `pixels` (the map sizes that instead of the canvas) and goes with each frame.
 * - Frames are drawn asynchronously: `pending` is true from a draw until the worker says it is done, and
 *   `events.shown` then lets the map place the canvas for the pixels now on screen (a drag must not move the
 *   new pixels by the old frame's offset).
 * - Until the worker answers `ready` the painter says WebGL and a 4096-pixel side; a worker that only has
 *   Canvas 2D for an OffscreenCanvas says so then.
 */
export interface WorkerPainter extends Painter {
  /** the canvas's pixel size, which the page may not set on a transferred canvas */
  readonly pixels: { width: number; height: number }
  /** a frame was sent and is not drawn yet */
  readonly pending: boolean
  /** the test hook's context loss (see seatMapContract.ts `SeatMapDebug.loseContext`) */
  loseContext(lose: boolean): void
}

export interface WorkerPainterEvents {
  /** the context came back: a full frame is due */
  readonly restored: () => void
  /** the last frame sent is drawn */
  readonly shown: () => void
}

/** Whether this browser can hand a canvas to a worker (Safari before 16.4 cannot: Canvas 2D on the page then). */
export const canPaintInWorker = (canvas: HTMLCanvasElement): boolean =>
  typeof Worker === "function" &&
  typeof OffscreenCanvas === "function" &&
  typeof canvas.transferControlToOffscreen === "function"

export const createWorkerPainter = (
  canvas: HTMLCanvasElement,
  worker: WorkerPort,
  events: WorkerPainterEvents,
): WorkerPainter => {
  let kind: Painter["kind"] = "webgl"
  let maxSide = 4096
  let lost = false
  let sent = 0
  let done = 0
  let reads = 0
  let colorCount = -1
  const readers = new Map<number, (rgb: Rgb | null) => void>()
  const pixels = { width: canvas.width, height: canvas.height }

  worker.addEventListener("message", ({ data }: MessageEvent<FromWorker>) => {
    switch (data.type) {
      case "ready":
        kind = data.kind
        maxSide = data.maxSide
        return
      case "drawn":
        done = data.id
        if (done === sent) events.shown()
        return
      case "lost":
        lost = true
        return
      case "restored":
        lost = false
        events.restored()
        return
      case "unavailable":
        // no context of any kind on the canvas: as good as lost for good (the seat list still serves)
        lost = true
        return
      case "pixel":
        readers.get(data.id)?.(data.rgb)
        readers.delete(data.id)
        return
    }
  })
  const offscreen = canvas.transferControlToOffscreen()
  worker.postMessage({ type: "canvas", canvas: offscreen }, [offscreen])

  return {
    get kind() {
      return kind
    },
    get maxSide() {
      return maxSide
    },
    get lost() {
      return lost
    },
    get pending() {
      return done !== sent
    },
    pixels,
    setPositions: (positions) => {
      worker.postMessage({ type: "positions", positions })
    },
    setColors: (colors, changed) => {
      const count = colors.length / 4
      // a new hall sends all its colours; a change within one sends only the seats that changed
      const { from, to } = count === colorCount ? changed : { from: 0, to: count }
      colorCount = count
      worker.postMessage({ type: "colors", count, from, bytes: colors.slice(4 * from, 4 * to) })
    },
    draw: (camera, diameter, count, clip) => {
      sent++
      const { width, height } = pixels
      worker.postMessage({ type: "draw", id: sent, width, height, camera, diameter, count, clip })
    },
    readPixel: (x, y) =>
      new Promise((resolve) => {
        reads++
        readers.set(reads, resolve)
        worker.postMessage({ type: "readPixel", id: reads, x, y })
      }),
    loseContext: (lose) => worker.postMessage({ type: "loseContext", lose }),
    destroy: () => {
      for (const resolve of readers.values()) resolve(null)
      readers.clear()
      worker.terminate()
    },
  }
}
