import type { Camera } from "./camera.ts"

/**
 * What draws the seats: WebGL (glPainter.ts) where it can be had, Canvas 2D (canvasPainter.ts) otherwise.
 * createSeatMap keeps the CPU copies (positions, RGBA colours) and the camera; a painter only turns them
 * into pixels. Positions change only with the seatplan; colours with statuses and selection.
 */
export interface Painter {
  readonly kind: "webgl" | "canvas2d"
  /** interleaved x, y per seat, in hall units; called once per seatplan */
  setPositions(positions: Float32Array): void
  /** RGBA bytes per seat (alpha unused); called on every status or selection change */
  setColors(colors: Uint8Array): void
  /** draws `count` seats of `diameter` device pixels (already clamped to at least 2) */
  draw(camera: Camera, diameter: number, count: number): void
  /** whether the context is lost (nothing can be drawn until it is restored) */
  readonly lost: boolean
  destroy(): void
}

/** How the painter tells the map that its context came back and a frame is due. */
export type OnRestored = () => void
