import type { Camera, HallPoint, Viewport } from "./camera.ts"

/**
 * Compositor panning: what each frame of the map must do.
 *
 * The map's canvas is larger than the window it is seen through (a margin on every side) and the window clips
 * it. While the buyer drags at a fixed zoom, the canvas is moved with a CSS transform: the compositor places
 * pixels already drawn and nothing is redrawn, so a drag costs the same at 100 seats and at 100,000, on a
 * phone's GPU or on software WebGL. When the view would leave the drawn area, the seats are drawn once more
 * around the new centre. Zoom and colour changes draw only the visible part (the margins go stale, which
 * nobody sees); the next pan draws the whole surface first. Leaflet and OpenLayers pan their layers the same
 * way.
 *
 * A zoom gesture (wheel, pinch) is served the same way while it lasts: the drawn pixels are scaled and moved
 * by the compositor (a moment of blur, as on a map app), and the seats are drawn sharp once the gesture rests.
 * A step that would show more than the drawn pixels hold, or blow them up past `MAX_GESTURE_SCALE`, is drawn.
 *
 * Everything here is in device pixels, so a moved canvas lands on whole pixels and stays as crisp as a fresh
 * drawing. Pure: the map (createSeatMap.ts) owns the canvas and applies the plans.
 */

/** margin on each side, as a share of the window */
const MARGIN = 0.5
/** the surface's area limit in device pixels (32 MB of RGBA); a phone at 3× gets smaller margins */
const MAX_PIXELS = 8 * 1024 * 1024
/** below this share a margin buys too few frames to be worth its memory */
const MIN_MARGIN = 0.1
/** a gesture's frames scale the drawn pixels by at most this either way: beyond it they are too blurred */
const MAX_GESTURE_SCALE = 2.5

export interface DevicePoint {
  readonly x: number
  readonly y: number
}

/** The surface around a window: the window's size and the margin on each side, all in device pixels. */
export interface SurfaceSize {
  readonly width: number
  readonly height: number
  readonly marginX: number
  readonly marginY: number
}

/** What the canvas holds: the seats as seen from `center` at `scale`; `complete` when the margins hold them too. */
export interface Surface {
  readonly center: HallPoint
  readonly scale: number
  readonly complete: boolean
}

export type FramePlan =
  /** move the canvas so that the drawn pixels sit `offset` device pixels from where they were drawn */
  | { readonly kind: "move"; readonly offset: DevicePoint }
  /** draw the seats around the camera, the whole surface or only the visible window */
  | { readonly kind: "draw"; readonly surface: Surface; readonly visibleOnly: boolean }
  /** a zoom gesture's frame: the drawn pixels scaled by `factor`, their centre `offset` device pixels away */
  | { readonly kind: "scale"; readonly factor: number; readonly offset: DevicePoint }

/** A CSS transform for the surface: `translate(x, y) scale(factor)` about its top-left corner, in CSS pixels. */
export interface Placement {
  readonly x: number
  readonly y: number
  readonly factor: number
}

/**
 * The surface for a window of `viewport`: margins of half the window on each side, smaller where the area
 * limit or the largest drawable side (`maxSide`, the GPU's limit) says so, none where they would be too thin.
 * Without margins (`withMargins` false: no window to move the canvas in) every pan is a redraw.
 */
export const surfaceFor = (viewport: Viewport, maxSide: number, withMargins = true): SurfaceSize => {
  const width = Math.max(Math.round(viewport.width * viewport.pixelRatio), 1)
  const height = Math.max(Math.round(viewport.height * viewport.pixelRatio), 1)
  const byArea = (Math.sqrt(MAX_PIXELS / (width * height)) - 1) / 2
  const bySide = Math.min((maxSide / width - 1) / 2, (maxSide / height - 1) / 2)
  const share = Math.min(MARGIN, byArea, bySide)
  if (!withMargins || share < MIN_MARGIN) return { width, height, marginX: 0, marginY: 0 }
  return { width, height, marginX: Math.floor(width * share), marginY: Math.floor(height * share) }
}

/** Where the drawn pixels must go for `camera` to see what it should: whole device pixels. */
export const offsetOf = (drawn: Surface, camera: Camera): DevicePoint => {
  const perUnit = camera.scale * camera.viewport.pixelRatio
  // `+ 0` turns a rounded -0 into 0, so an unmoved view compares equal to the origin
  return {
    x: Math.round((drawn.center.x - camera.center.x) * perUnit) + 0,
    y: Math.round((drawn.center.y - camera.center.y) * perUnit) + 0,
  }
}

/**
 * Where the surface goes in its window: the drawn pixels scaled by `factor` about the surface's centre and that
 * centre put `offset` device pixels from the window's centre. At factor 1 this is the margin's plain shift.
 */
export const placementOf = (
  size: SurfaceSize,
  offset: DevicePoint,
  factor: number,
  pixelRatio: number,
): Placement => ({
  x: (size.width / 2 - factor * (size.width / 2 + size.marginX) + offset.x) / pixelRatio,
  y: (size.height / 2 - factor * (size.height / 2 + size.marginY) + offset.y) / pixelRatio,
  factor,
})

/** A gesture frame from the drawn pixels, or null where they cannot fill the window at this zoom. */
const scaledFrame = (drawn: Surface, camera: Camera, size: SurfaceSize): FramePlan | null => {
  const factor = camera.scale / drawn.scale
  if (factor > MAX_GESTURE_SCALE || factor < 1 / MAX_GESTURE_SCALE) return null
  const perUnit = camera.scale * camera.viewport.pixelRatio
  const offset = {
    x: (drawn.center.x - camera.center.x) * perUnit,
    y: (drawn.center.y - camera.center.y) * perUnit,
  }
  // the part of the surface the window would show, against the part that holds drawn seats
  const fills = (window: number, margin: number, shift: number) => {
    const from = window / 2 + margin - (window / 2 + shift) / factor
    const to = window / 2 + margin + (window / 2 - shift) / factor
    const [low, high] = drawn.complete ? [0, window + 2 * margin] : [margin, margin + window]
    return from >= low - 0.5 && to <= high + 0.5
  }
  return fills(size.width, size.marginX, offset.x) && fills(size.height, size.marginY, offset.y)
    ? { kind: "scale", factor, offset }
    : null
}

/**
 * The next frame's work. `stale` says the drawn pixels are wrong whatever the camera (new colours, a new
 * seatplan, a resize, a restored context); `gesture` that a zoom gesture is under way, so a changed zoom may
 * scale what is drawn instead of drawing.
 */
export const planFrame = (
  drawn: Surface | null,
  camera: Camera,
  size: SurfaceSize,
  stale: boolean,
  gesture = false,
): FramePlan => {
  const fresh = (complete: boolean): FramePlan => ({
    kind: "draw",
    surface: { center: camera.center, scale: camera.scale, complete },
    visibleOnly: !complete,
  })
  if (drawn === null || stale) return fresh(false)
  if (drawn.scale !== camera.scale) return (gesture ? scaledFrame(drawn, camera, size) : null) ?? fresh(false)
  const offset = offsetOf(drawn, camera)
  if (offset.x === 0 && offset.y === 0) return { kind: "move", offset }
  const inside = Math.abs(offset.x) <= size.marginX && Math.abs(offset.y) <= size.marginY
  if (drawn.complete && inside) return { kind: "move", offset }
  // a pan the drawn pixels cannot serve: draw the whole surface, so the drag's next frames are moves
  return fresh(size.marginX > 0 || size.marginY > 0)
}
