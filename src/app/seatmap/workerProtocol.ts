import type { Camera } from "./camera.ts"
import type { DeviceRect } from "./painter.ts"
import type { Rgb } from "./palette.ts"

/**
 * The messages between the seat map (main thread, workerPainter.ts) and its painting worker (seatMapWorker.ts).
 * The main thread keeps the seats, the camera, picking, input and the seat list; the worker only turns the
 * positions, colours and camera it is sent into pixels on the canvas handed to it as an OffscreenCanvas.
 * Everything here is structured-cloneable; typed arrays are copies (the map keeps its own for picking).
 */
export type ToWorker =
  /** the seat canvas, transferred once (`transferControlToOffscreen`) */
  | { readonly type: "canvas"; readonly canvas: OffscreenCanvas }
  /** interleaved x, y per seat, in hall units; once per seatplan */
  | { readonly type: "positions"; readonly positions: Float32Array }
  /**
   * the seats `from`…`from + bytes.length / 4` changed colour (RGBA per seat) in a hall of `count` seats: only
   * that span crosses the thread boundary, the worker keeps the whole buffer
   */
  | { readonly type: "colors"; readonly count: number; readonly from: number; readonly bytes: Uint8Array }
  /** one frame: the canvas's pixel size (set here, the page cannot size a transferred canvas) and the view */
  | {
      readonly type: "draw"
      readonly id: number
      readonly width: number
      readonly height: number
      readonly camera: Camera
      readonly diameter: number
      readonly count: number
      readonly clip: DeviceRect | null
    }
  /** the test hook's pixel read-back (device pixels from the canvas's top-left) */
  | { readonly type: "readPixel"; readonly id: number; readonly x: number; readonly y: number }
  /** the test hook's context loss (`WEBGL_lose_context`): `lose` false restores it */
  | { readonly type: "loseContext"; readonly lose: boolean }

export type FromWorker =
  /** the worker has a context on the canvas: which kind, and the largest side it can draw */
  | { readonly type: "ready"; readonly kind: "webgl" | "canvas2d"; readonly maxSide: number }
  /** the frame `id` is drawn (frames are drawn in the order they were sent) */
  | { readonly type: "drawn"; readonly id: number }
  | { readonly type: "lost" }
  | { readonly type: "restored" }
  | { readonly type: "pixel"; readonly id: number; readonly rgb: Rgb | null }
  /** no context of either kind on the canvas: nothing can be drawn */
  | { readonly type: "unavailable" }

/** The part of a `Worker` the painter uses (a fake in tests). */
export interface WorkerPort {
  postMessage(message: ToWorker, transfer?: Transferable[]): void
  addEventListener(type: "message", listener: (event: MessageEvent<FromWorker>) => void): void
  terminate(): void
}
