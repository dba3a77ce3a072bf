import type { Camera } from "./camera.ts"
import type { Rgb } from "./palette.ts"

/**
 * What draws the seats: WebGL (glPainter.ts, only ever inside the painting worker: see workerPainter.ts) where
 * it can be had, Canvas 2D (canvasPainter.ts) otherwise. createSeatMap keeps the CPU copies (positions, RGBA
 * colours) and the camera; a painter only turns them into pixels. Positions change only with the seatplan;
 * colours with statuses and selection.
 */
export interface Painter {
  readonly kind: "webgl" | "canvas2d"
  /** interleaved x, y per seat, in hall units; called once per seatplan */
  setPositions(positions: Float32Array): void
  /**
   * RGBA bytes per seat (alpha unused); called on every status or selection change with the span of seats
   * whose colour changed (`to` exclusive): a painter that keeps a copy elsewhere updates only that span
   */
  setColors(colors: Uint8Array, changed: { readonly from: number; readonly to: number }): void
  /**
   * draws `count` seats of `diameter` device pixels (already clamped to at least 2) through `camera`, whose
   * viewport is the whole canvas; with `clip`, only that part of the canvas is drawn (the rest keeps its pixels)
   */
  draw(camera: Camera, diameter: number, count: number, clip: DeviceRect | null): void
  /** the largest canvas side this painter can draw, in device pixels */
  readonly maxSide: number
  /** whether the context is lost (nothing can be drawn until it is restored) */
  readonly lost: boolean
  /** the RGB at a device pixel from the canvas's top-left, once what was drawn before is done (test hook) */
  readPixel(x: number, y: number): Promise<Rgb | null>
  destroy(): void
}

/** A rectangle of the canvas in device pixels, from its top-left corner. */
export interface DeviceRect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** How the painter tells the map that its context came back and a frame is due. */
export type OnRestored = () => void
