import createRegl from "regl"
import {
  boundsOf,
  type Camera,
  fit as fitCamera,
  hallPoint,
  pan,
  pointSize,
  resize,
  type ScreenPoint,
  screenPoint,
  toHall,
  toScreen,
  type Viewport,
  viewMatrix,
  zoomAt,
} from "./camera.ts"
import { BACKGROUND, type Rgb, SEAT_COLORS, SEAT_STATUS } from "./palette.ts"
import { createPickIndex, type PickIndex } from "./pickIndex.ts"

/**
 * The WebGL seat map: a plain factory, no React (CONVENTIONS 10; modelled on regl-scatterplot's renderer).
 *
 * - Seats are `gl.POINTS` (instancing is ~25× slower in SwiftShader, see STACK-NOTES): one static position
 *   buffer uploaded once per seatplan, one dynamic RGBA byte buffer that statuses and selection rewrite with
 *   `subdata`; the geometry is never touched by a status change.
 * - Frames are drawn on demand (one `requestAnimationFrame` per change), never in a loop.
 * - Lost WebGL context: drawing stops; on restore the regl instance is rebuilt from the CPU copies.
 * - No WebGL: the factory throws `SeatMapUnavailable`; the caller shows only the seat list.
 * - The hall is never mirrored, whatever the page's direction (see camera.ts).
 *
 * Test hook: `debug()`, also reachable as `canvas[SEAT_MAP_TEST_HOOK]()` from a page script, tells where a seat
 * is drawn (CSS pixels from the canvas's top-left); the drawing buffer is preserved so tests can read pixels.
 */

/** What the map needs of a seatplan seat (a `SeatplanSeat` fits). */
export interface MapSeat {
  readonly VenueSectionId: number
  readonly XCoordinate: number
  readonly YCoordinate: number
  readonly PositionX: number
  readonly PositionY: number
  readonly isPremium: boolean
  readonly isHandicap: boolean
}

export interface SeatMapOptions {
  /** device pixels per CSS pixel; default `window.devicePixelRatio` */
  readonly pixelRatio?: number
  /** a seat's drawn diameter, in seat widths; default 0.8 */
  readonly seatSize?: number
}

export interface SeatMapDebug {
  readonly seatCount: number
  readonly frames: number
  readonly contextLost: boolean
  readonly pixelRatio: number
  screenPositionOf(index: number): { x: number; y: number } | undefined
  indexOfPlace(VenueSectionId: number, x: number, y: number): number | undefined
}

export interface SeatMap {
  setSeatplan(seats: ReadonlyArray<MapSeat>): void
  /** one `SEAT_STATUS` byte per seat, in seatplan order */
  setStatuses(stateBySeatIndex: Uint8Array): void
  /** the seats this cart holds (or is about to) */
  setSelection(indices: Iterable<number>): void
  /** calls `listener` with the index of a clicked seat; answers the unsubscribe */
  onPick(listener: (seatIndex: number) => void): () => void
  zoomIn(): void
  zoomOut(): void
  reset(): void
  destroy(): void
  debug(): SeatMapDebug
}

/** WebGL could not be had; the seat list alone serves the buyer. */
export class SeatMapUnavailable extends Error {
  readonly _tag = "SeatMapUnavailable"
}

export const SEAT_MAP_TEST_HOOK = "__marqueeSeatMap"

const ZOOM_STEP = 1.5
/** pointer travel (CSS px) after which a press is a drag, not a click */
const DRAG_THRESHOLD = 5
/** a click picks the nearest seat within this many seat widths, or this many CSS pixels when seats are tiny */
const PICK_RADIUS = 0.6
const PICK_RADIUS_PX = 8

const VERT = `
precision highp float;
attribute vec2 position;
attribute vec4 color;
uniform mat3 view;
uniform float pointSize;
varying vec3 vColor;
void main() {
  vec3 p = view * vec3(position, 1.0);
  gl_Position = vec4(p.xy, 0.0, 1.0);
  gl_PointSize = pointSize;
  vColor = color.rgb;
}`

const FRAG = `
precision mediump float;
varying vec3 vColor;
void main() {
  vec2 d = gl_PointCoord - 0.5;
  if (dot(d, d) > 0.25) discard;
  gl_FragColor = vec4(vColor, 1.0);
}`

type DrawProps = { view: Float32Array; pointSize: number; count: number }

interface Gpu {
  readonly regl: createRegl.Regl
  readonly positions: createRegl.Buffer
  readonly colors: createRegl.Buffer
  readonly draw: createRegl.DrawCommand<createRegl.DefaultContext, DrawProps>
  readonly maxPointSize: number
}

const colorOf = (status: number, mine: boolean, seat: MapSeat | undefined): Rgb => {
  if (mine) return SEAT_COLORS.mine
  if (status === SEAT_STATUS.taken) return SEAT_COLORS.taken
  if (status === SEAT_STATUS.singleSeatBlock) return SEAT_COLORS.singleSeatBlock
  if (seat?.isHandicap) return SEAT_COLORS.wheelchair
  if (seat?.isPremium) return SEAT_COLORS.premium
  return SEAT_COLORS.available
}

export const createSeatMap = (canvas: HTMLCanvasElement, options: SeatMapOptions = {}): SeatMap => {
  const attributes: WebGLContextAttributes = { antialias: false, alpha: false, preserveDrawingBuffer: true }
  const gl = canvas.getContext("webgl", attributes)
  if (gl === null) throw new SeatMapUnavailable("WebGL is not available")

  const pixelRatio = options.pixelRatio ?? (globalThis.devicePixelRatio || 1)
  const seatSize = options.seatSize ?? 0.8

  let seats: ReadonlyArray<MapSeat> = []
  let positionData = new Float32Array(0)
  let colorData = new Uint8Array(0)
  let statuses = new Uint8Array(0)
  let selected = new Uint8Array(0)
  let picker: PickIndex = createPickIndex(positionData)
  let placeIndex = new Map<string, number>()
  let camera: Camera = fitCamera(boundsOf([], []), viewportOf())
  let userMoved = false
  let lost = false
  let destroyed = false
  let frame: number | null = null
  let frames = 0
  const listeners = new Set<(seatIndex: number) => void>()

  function viewportOf(): Viewport {
    return { width: Math.max(canvas.clientWidth, 1), height: Math.max(canvas.clientHeight, 1), pixelRatio }
  }

  const build = (): Gpu => {
    const regl = createRegl({ gl })
    const limits = regl.limits.pointSizeDims
    const positions = regl.buffer({ usage: "static", type: "float", data: positionData })
    const colors = regl.buffer({ usage: "dynamic", type: "uint8", data: colorData })
    const draw = regl<{ view: Float32Array; pointSize: number }, Record<string, unknown>, DrawProps>({
      vert: VERT,
      frag: FRAG,
      attributes: {
        position: { buffer: positions, size: 2 },
        color: { buffer: colors, size: 4, normalized: true },
      },
      uniforms: {
        view: regl.prop<DrawProps, "view">("view"),
        pointSize: regl.prop<DrawProps, "pointSize">("pointSize"),
      },
      primitive: "points",
      count: regl.prop<DrawProps, "count">("count"),
      depth: { enable: false },
    })
    return { regl, positions, colors, draw, maxPointSize: limits[1] ?? 64 }
  }

  let gpu: Gpu | null = build()

  const render = () => {
    frame = null
    if (gpu === null || lost || destroyed) return
    const { regl, draw, maxPointSize } = gpu
    regl.poll()
    regl.clear({ color: [BACKGROUND[0] / 255, BACKGROUND[1] / 255, BACKGROUND[2] / 255, 1], depth: 1 })
    if (seats.length > 0)
      draw({
        view: viewMatrix(camera),
        pointSize: Math.min(Math.max(pointSize(camera, seatSize), 2), maxPointSize),
        count: seats.length,
      })
    frames++
    canvas.dataset.frames = String(frames)
  }

  const requestRender = () => {
    if (frame !== null || destroyed) return
    frame = requestAnimationFrame(render)
  }

  const syncSize = () => {
    const viewport = viewportOf()
    const width = Math.round(viewport.width * pixelRatio)
    const height = Math.round(viewport.height * pixelRatio)
    if (canvas.width !== width) canvas.width = width
    if (canvas.height !== height) canvas.height = height
    camera = userMoved ? resize(camera, viewport) : fitted(viewport)
    requestRender()
  }

  const fitted = (viewport: Viewport): Camera => {
    const xs = seats.map((seat) => seat.PositionX)
    const ys = seats.map((seat) => seat.PositionY)
    return fitCamera(boundsOf(xs, ys), viewport)
  }

  const uploadColors = () => {
    for (let i = 0; i < seats.length; i++) {
      const rgb = colorOf(statuses[i] ?? 0, selected[i] === 1, seats[i])
      colorData[4 * i] = rgb[0]
      colorData[4 * i + 1] = rgb[1]
      colorData[4 * i + 2] = rgb[2]
      colorData[4 * i + 3] = 255
    }
    if (gpu !== null && !lost && colorData.length > 0) gpu.colors.subdata(colorData)
    requestRender()
  }

  const pickAt = (point: ScreenPoint) => {
    const radius = Math.max(PICK_RADIUS, PICK_RADIUS_PX / camera.scale)
    const index = picker.pick(toHall(camera, point), radius)
    if (index !== undefined) for (const listener of listeners) listener(index)
  }

  const localPoint = (event: { clientX: number; clientY: number }): ScreenPoint => {
    const box = canvas.getBoundingClientRect()
    return screenPoint(event.clientX - box.left, event.clientY - box.top)
  }

  const move = (next: Camera) => {
    camera = next
    userMoved = true
    requestRender()
  }

  let press: { id: number; start: ScreenPoint; last: ScreenPoint; dragging: boolean } | null = null

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || press !== null) return
    const point = localPoint(event)
    press = { id: event.pointerId, start: point, last: point, dragging: false }
    canvas.setPointerCapture?.(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent) => {
    if (press === null || press.id !== event.pointerId) return
    const point = localPoint(event)
    if (!press.dragging && Math.hypot(point.x - press.start.x, point.y - press.start.y) > DRAG_THRESHOLD)
      press.dragging = true
    if (press.dragging) move(pan(camera, point.x - press.last.x, point.y - press.last.y))
    press.last = point
  }
  const onPointerUp = (event: PointerEvent) => {
    if (press === null || press.id !== event.pointerId) return
    const wasClick = !press.dragging
    press = null
    if (wasClick) pickAt(localPoint(event))
  }
  const onPointerCancel = () => {
    press = null
  }
  const onWheel = (event: WheelEvent) => {
    event.preventDefault()
    const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1
    move(zoomAt(camera, localPoint(event), Math.exp(-event.deltaY * lines * 0.002)))
  }
  const onContextLost = (event: Event) => {
    event.preventDefault()
    lost = true
    if (frame !== null) cancelAnimationFrame(frame)
    frame = null
  }
  const onContextRestored = () => {
    try {
      gpu?.regl.destroy()
    } catch {
      // the old instance's objects died with the context
    }
    gpu = build()
    lost = false
    requestRender()
  }

  canvas.addEventListener("pointerdown", onPointerDown)
  canvas.addEventListener("pointermove", onPointerMove)
  canvas.addEventListener("pointerup", onPointerUp)
  canvas.addEventListener("pointercancel", onPointerCancel)
  canvas.addEventListener("wheel", onWheel, { passive: false })
  canvas.addEventListener("webglcontextlost", onContextLost)
  canvas.addEventListener("webglcontextrestored", onContextRestored)
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(syncSize)
  observer?.observe(canvas)
  syncSize()

  const debug = (): SeatMapDebug => ({
    seatCount: seats.length,
    frames,
    contextLost: lost,
    pixelRatio,
    screenPositionOf: (index) => {
      const seat = seats[index]
      if (seat === undefined) return undefined
      const point = toScreen(camera, hallPoint(seat.PositionX, seat.PositionY))
      return { x: point.x, y: point.y }
    },
    indexOfPlace: (VenueSectionId, x, y) => placeIndex.get(`${VenueSectionId}:${x}:${y}`),
  })
  Object.defineProperty(canvas, SEAT_MAP_TEST_HOOK, { value: debug, configurable: true })

  return {
    setSeatplan: (next) => {
      seats = next
      positionData = new Float32Array(next.length * 2)
      placeIndex = new Map()
      next.forEach((seat, i) => {
        positionData[2 * i] = seat.PositionX
        positionData[2 * i + 1] = seat.PositionY
        placeIndex.set(`${seat.VenueSectionId}:${seat.XCoordinate}:${seat.YCoordinate}`, i)
      })
      colorData = new Uint8Array(next.length * 4)
      statuses = new Uint8Array(next.length)
      selected = new Uint8Array(next.length)
      picker = createPickIndex(positionData)
      if (gpu !== null && !lost) {
        gpu.positions({ usage: "static", type: "float", data: positionData })
        gpu.colors({ usage: "dynamic", type: "uint8", data: colorData })
      }
      userMoved = false
      camera = fitted(viewportOf())
      uploadColors()
    },
    setStatuses: (stateBySeatIndex) => {
      statuses.fill(0)
      statuses.set(stateBySeatIndex.subarray(0, statuses.length))
      uploadColors()
    },
    setSelection: (indices) => {
      selected.fill(0)
      for (const index of indices) if (index >= 0 && index < selected.length) selected[index] = 1
      uploadColors()
    },
    onPick: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    zoomIn: () =>
      move(zoomAt(camera, screenPoint(camera.viewport.width / 2, camera.viewport.height / 2), ZOOM_STEP)),
    zoomOut: () =>
      move(zoomAt(camera, screenPoint(camera.viewport.width / 2, camera.viewport.height / 2), 1 / ZOOM_STEP)),
    reset: () => {
      userMoved = false
      camera = fitted(viewportOf())
      requestRender()
    },
    destroy: () => {
      if (destroyed) return
      destroyed = true
      if (frame !== null) cancelAnimationFrame(frame)
      observer?.disconnect()
      listeners.clear()
      canvas.removeEventListener("pointerdown", onPointerDown)
      canvas.removeEventListener("pointermove", onPointerMove)
      canvas.removeEventListener("pointerup", onPointerUp)
      canvas.removeEventListener("pointercancel", onPointerCancel)
      canvas.removeEventListener("wheel", onWheel)
      canvas.removeEventListener("webglcontextlost", onContextLost)
      canvas.removeEventListener("webglcontextrestored", onContextRestored)
      Reflect.deleteProperty(canvas, SEAT_MAP_TEST_HOOK)
      try {
        gpu?.regl.destroy()
      } catch {
        // a lost context has nothing left to free
      }
      gpu = null
    },
    debug,
  }
}
