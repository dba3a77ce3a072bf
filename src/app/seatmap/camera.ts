/**
 * The seat map's 2D camera: pure values and functions, no WebGL and no DOM.
 *
 * Two coordinate spaces, branded so they cannot be swapped by accident:
 * - `HallPoint`: seatplan units (seat widths), x to the right when facing the screen, y away from the screen
 *   (the screen is at the top), exactly as `PositionX`/`PositionY` in the seatplan.
 * - `ScreenPoint`: CSS pixels from the canvas's top-left corner (what pointer events give).
 *
 * The hall is never mirrored: a right-to-left page still shows the seat on the left on the left, as the hall
 * does for someone facing the screen. Nothing here reads the document's direction.
 * Device pixels only matter to the GPU: `pixelRatio` scales point sizes and the drawing buffer.
 */

declare const hallBrand: unique symbol
declare const screenBrand: unique symbol

export type HallPoint = { readonly x: number; readonly y: number } & { readonly [hallBrand]: true }
export type ScreenPoint = { readonly x: number; readonly y: number } & { readonly [screenBrand]: true }

export const hallPoint = (x: number, y: number): HallPoint => ({ x, y }) as HallPoint
export const screenPoint = (x: number, y: number): ScreenPoint => ({ x, y }) as ScreenPoint

/** A viewport in CSS pixels and the device pixels per CSS pixel. */
export interface Viewport {
  readonly width: number
  readonly height: number
  readonly pixelRatio: number
}

/** An axis-aligned box in hall units. */
export interface HallBounds {
  readonly minX: number
  readonly minY: number
  readonly maxX: number
  readonly maxY: number
}

export interface Camera {
  /** the hall point drawn at the middle of the viewport */
  readonly center: HallPoint
  /** CSS pixels per seat width */
  readonly scale: number
  readonly minScale: number
  readonly maxScale: number
  readonly viewport: Viewport
}

/** How far the user may zoom out past the fitted view, and the most CSS pixels a seat width may take. */
const ZOOM_OUT_LIMIT = 0.5
const MAX_SCALE = 400

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

const boundsWith = (count: number, xAt: (i: number) => number, yAt: (i: number) => number): HallBounds => {
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (let i = 0; i < count; i++) {
    const x = xAt(i)
    const y = yAt(i)
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  if (minX > maxX) return { minX: 0, minY: 0, maxX: 0, maxY: 0 }
  return { minX, minY, maxX, maxY }
}

export const boundsOf = (xs: ArrayLike<number>, ys: ArrayLike<number>): HallBounds =>
  boundsWith(
    xs.length,
    (i) => xs[i] ?? 0,
    (i) => ys[i] ?? 0,
  )

/** The bounds of interleaved x, y pairs (the painters' position buffer); all zero when there are none. */
export const boundsOfPairs = (pairs: Float32Array): HallBounds =>
  boundsWith(
    pairs.length >> 1,
    (i) => pairs[2 * i] ?? 0,
    (i) => pairs[2 * i + 1] ?? 0,
  )

/**
 * The camera that shows all of `bounds` centred in `viewport`, with `margin` seat widths around it (positions
 * are seat centres, so a margin of one keeps the outer seats whole).
 */
export const fit = (bounds: HallBounds, viewport: Viewport, margin = 1): Camera => {
  const width = Math.max(bounds.maxX - bounds.minX + 2 * margin, 1e-6)
  const height = Math.max(bounds.maxY - bounds.minY + 2 * margin, 1e-6)
  const scale = Math.max(Math.min(viewport.width / width, viewport.height / height), 1e-6)
  return {
    center: hallPoint((bounds.minX + bounds.maxX) / 2, (bounds.minY + bounds.maxY) / 2),
    scale,
    minScale: scale * ZOOM_OUT_LIMIT,
    maxScale: Math.max(MAX_SCALE, scale),
    viewport,
  }
}

export const toScreen = (camera: Camera, point: HallPoint): ScreenPoint =>
  screenPoint(
    (point.x - camera.center.x) * camera.scale + camera.viewport.width / 2,
    (point.y - camera.center.y) * camera.scale + camera.viewport.height / 2,
  )

export const toHall = (camera: Camera, point: ScreenPoint): HallPoint =>
  hallPoint(
    (point.x - camera.viewport.width / 2) / camera.scale + camera.center.x,
    (point.y - camera.viewport.height / 2) / camera.scale + camera.center.y,
  )

/** Zooms by `factor` (clamped to the camera's limits) keeping the hall point under `point` where it is. */
export const zoomAt = (camera: Camera, point: ScreenPoint, factor: number): Camera => {
  const anchor = toHall(camera, point)
  const scale = clamp(camera.scale * factor, camera.minScale, camera.maxScale)
  const center = hallPoint(
    anchor.x - (point.x - camera.viewport.width / 2) / scale,
    anchor.y - (point.y - camera.viewport.height / 2) / scale,
  )
  return { ...camera, scale, center }
}

/** Moves the hall with the pointer: `dx`, `dy` in CSS pixels. */
export const pan = (camera: Camera, dx: number, dy: number): Camera => ({
  ...camera,
  center: hallPoint(camera.center.x - dx / camera.scale, camera.center.y - dy / camera.scale),
})

/** A new viewport (a resize) keeps the centre and the scale. */
export const resize = (camera: Camera, viewport: Viewport): Camera => ({ ...camera, viewport })

/**
 * The 3×3 matrix (column-major, as GLSL `mat3` takes it) from hall units to clip space. Clip y points up and
 * hall y points away from the screen (down the page), so y flips; x never does.
 */
export const viewMatrix = (camera: Camera): Float32Array => {
  const a = (2 * camera.scale) / camera.viewport.width
  const b = (-2 * camera.scale) / camera.viewport.height
  return new Float32Array([a, 0, 0, 0, b, 0, -camera.center.x * a, -camera.center.y * b, 1])
}

/** Device pixels a seat of `size` seat widths takes at this camera (what `gl_PointSize` wants). */
export const pointSize = (camera: Camera, size: number): number =>
  size * camera.scale * camera.viewport.pixelRatio
