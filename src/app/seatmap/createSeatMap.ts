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
  zoomAt,
} from "./camera.ts"
import { createCanvasPainter } from "./canvasPainter.ts"
import { createGlPainter } from "./glPainter.ts"
import { attachInteraction, ZOOM_STEP } from "./interaction.ts"
import type { Painter } from "./painter.ts"
import { LABEL_COLOR, type Rgb, SEAT_COLORS, SEAT_STATUS } from "./palette.ts"
import { createPickIndex, type PickIndex } from "./pickIndex.ts"
import { drawRowLabels, LABEL_MIN_SCALE, type RowEnds, rowEnds } from "./rowLabels.ts"

/**
 * The seat map: a plain factory, no React (CONVENTIONS 10).
 *
 * - Drawn by WebGL `gl.POINTS` (glPainter.ts) or, where WebGL cannot be had, by Canvas 2D (canvasPainter.ts):
 *   same API, same colours, same picking. Only when neither exists does it throw `SeatMapUnavailable`.
 * - Positions are set once per seatplan; statuses and selection rewrite only the colour bytes.
 * - Frames are drawn on demand (one `requestAnimationFrame` per change), never in a loop; `flush` draws a
 *   pending frame at once.
 * - The hall is never mirrored, whatever the page's direction (see camera.ts).
 *
 * Test hook: `debug()`, also reachable as `canvas[SEAT_MAP_TEST_HOOK]()` from a page script, tells where a seat
 * is drawn (CSS pixels from the canvas's top-left) and which painter draws; both painters keep their pixels
 * readable.
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
  /** shown at both ends of the row when zoomed in (with a `labels` canvas) */
  readonly RowName?: string
}

export interface SeatMapOptions {
  /** device pixels per CSS pixel; default `window.devicePixelRatio` */
  readonly pixelRatio?: number
  /** a seat's drawn diameter, in seat widths; default 0.8 */
  readonly seatSize?: number
  /** skip WebGL and draw with Canvas 2D (the benchmark measures the fallback this way) */
  readonly forceCanvas2d?: boolean
  /** a canvas laid over the map (same box, no pointer events) for row names, drawn when zoomed in */
  readonly labels?: HTMLCanvasElement
}

export interface SeatMapDebug {
  readonly seatCount: number
  readonly frames: number
  readonly contextLost: boolean
  readonly pixelRatio: number
  readonly renderer: Painter["kind"]
  screenPositionOf(index: number): { x: number; y: number } | undefined
  indexOfPlace(VenueSectionId: number, x: number, y: number): number | undefined
}

/** The seat under the pointer (hover) or a long press, and where it is drawn (CSS px from the canvas). */
export interface SeatHover {
  readonly index: number
  readonly x: number
  readonly y: number
}

export interface SeatMap {
  setSeatplan(seats: ReadonlyArray<MapSeat>): void
  /** one `SEAT_STATUS` byte per seat, in seatplan order */
  setStatuses(stateBySeatIndex: Uint8Array): void
  /** the seats this cart holds (or is about to) */
  setSelection(indices: Iterable<number>): void
  /** calls `listener` with the index of a clicked seat; answers the unsubscribe */
  onPick(listener: (seatIndex: number) => void): () => void
  /** calls `listener` when the seat under the mouse (or a long press) changes; null when there is none */
  onHover(listener: (hover: SeatHover | null) => void): () => void
  zoomIn(): void
  zoomOut(): void
  /** zooms by `factor` about the middle of the view */
  zoomBy(factor: number): void
  /** moves the hall by CSS pixels, as a drag would */
  panBy(dx: number, dy: number): void
  reset(): void
  /** draws a pending frame now instead of at the next animation frame */
  flush(): void
  destroy(): void
  debug(): SeatMapDebug
}

/** Neither WebGL nor Canvas 2D could be had; the seat list alone serves the buyer. */
export class SeatMapUnavailable extends Error {
  readonly _tag = "SeatMapUnavailable"
}

export const SEAT_MAP_TEST_HOOK = "__marqueeSeatMap"

/** a click picks the nearest seat within this many seat widths, or this many CSS pixels when seats are tiny */
const PICK_RADIUS = 0.6
const PICK_RADIUS_PX = 8

const colorOf = (status: number, mine: boolean, seat: MapSeat | undefined): Rgb => {
  if (mine) return SEAT_COLORS.mine
  if (status === SEAT_STATUS.taken) return SEAT_COLORS.taken
  if (status === SEAT_STATUS.singleSeatBlock) return SEAT_COLORS.singleSeatBlock
  if (seat?.isHandicap) return SEAT_COLORS.wheelchair
  if (seat?.isPremium) return SEAT_COLORS.premium
  return SEAT_COLORS.available
}

export const createSeatMap = (canvas: HTMLCanvasElement, options: SeatMapOptions = {}): SeatMap => {
  const pixelRatio = options.pixelRatio ?? (globalThis.devicePixelRatio || 1)
  const seatSize = options.seatSize ?? 0.8

  let seats: ReadonlyArray<MapSeat> = []
  let positionData = new Float32Array(0)
  let colorData = new Uint8Array(0)
  let statuses = new Uint8Array(0)
  let selected = new Uint8Array(0)
  // built on first use, not on the way to the first frame (a 100,000-seat index takes tens of ms)
  let picker: PickIndex | null = null
  let placeIndex: Map<string, number> | null = null
  let bounds = boundsOf([], [])
  let camera: Camera = fitCamera(boundsOf([], []), viewportOf())
  let userMoved = false
  let destroyed = false
  let frame: number | null = null
  let frames = 0
  let hovered: SeatHover | null = null
  // computed when first needed (zoomed in with a labels canvas), not on the way to the first frame
  let rows: ReadonlyArray<RowEnds> | null = null
  const labels = options.labels?.getContext("2d") ?? null
  let labelsShown = false
  const pickListeners = new Set<(seatIndex: number) => void>()
  const hoverListeners = new Set<(hover: SeatHover | null) => void>()

  function viewportOf(): Viewport {
    return { width: Math.max(canvas.clientWidth, 1), height: Math.max(canvas.clientHeight, 1), pixelRatio }
  }

  const requestRender = () => {
    if (frame !== null || destroyed) return
    frame = requestAnimationFrame(render)
  }

  const painter: Painter | null =
    (options.forceCanvas2d ? null : createGlPainter(canvas, requestRender)) ??
    createCanvasPainter(canvas, requestRender)
  if (painter === null) throw new SeatMapUnavailable("neither WebGL nor Canvas 2D is available")

  function render() {
    if (frame !== null) cancelAnimationFrame(frame)
    frame = null
    if (painter === null || painter.lost || destroyed) return
    painter.draw(camera, Math.max(pointSize(camera, seatSize), 2), seats.length)
    if (labels !== null && (labelsShown || camera.scale >= LABEL_MIN_SCALE)) {
      if (labels.canvas.width !== canvas.width) labels.canvas.width = canvas.width
      if (labels.canvas.height !== canvas.height) labels.canvas.height = canvas.height
      if (camera.scale >= LABEL_MIN_SCALE) rows ??= rowEnds(seats)
      drawRowLabels(labels, camera, rows ?? [], `rgb(${LABEL_COLOR.join(",")})`)
      labelsShown = camera.scale >= LABEL_MIN_SCALE
    }
    frames++
    canvas.dataset.frames = String(frames)
  }

  const fitted = (viewport: Viewport): Camera => fitCamera(bounds, viewport)

  const pickIndex = (): PickIndex => {
    picker ??= createPickIndex(positionData)
    return picker
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

  const uploadColors = () => {
    for (let i = 0; i < seats.length; i++) {
      const rgb = colorOf(statuses[i] ?? 0, selected[i] === 1, seats[i])
      colorData[4 * i] = rgb[0]
      colorData[4 * i + 1] = rgb[1]
      colorData[4 * i + 2] = rgb[2]
      colorData[4 * i + 3] = 255
    }
    painter.setColors(colorData)
    requestRender()
  }

  const seatAt = (point: ScreenPoint): number | undefined =>
    pickIndex().pick(toHall(camera, point), Math.max(PICK_RADIUS, PICK_RADIUS_PX / camera.scale))

  const setHover = (next: SeatHover | null) => {
    if (next?.index === hovered?.index && next?.x === hovered?.x && next?.y === hovered?.y) return
    hovered = next
    for (const listener of hoverListeners) listener(next)
  }

  const move = (next: Camera) => {
    camera = next
    userMoved = true
    setHover(null)
    requestRender()
  }

  const reset = () => {
    userMoved = false
    camera = fitted(viewportOf())
    setHover(null)
    requestRender()
  }

  const detach = attachInteraction(canvas, {
    camera: () => camera,
    move,
    reset,
    pick: (point) => {
      const index = seatAt(point)
      if (index !== undefined) for (const listener of pickListeners) listener(index)
    },
    hover: (point) => {
      const index = point === null ? undefined : seatAt(point)
      const seat = index === undefined ? undefined : seats[index]
      if (index === undefined || seat === undefined) return setHover(null)
      const at = toScreen(camera, hallPoint(seat.PositionX, seat.PositionY))
      setHover({ index, x: at.x, y: at.y })
    },
  })
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(syncSize)
  observer?.observe(canvas)
  syncSize()

  const debug = (): SeatMapDebug => ({
    seatCount: seats.length,
    frames,
    contextLost: painter.lost,
    pixelRatio,
    renderer: painter.kind,
    screenPositionOf: (index) => {
      const seat = seats[index]
      if (seat === undefined) return undefined
      const point = toScreen(camera, hallPoint(seat.PositionX, seat.PositionY))
      return { x: point.x, y: point.y }
    },
    indexOfPlace: (VenueSectionId, x, y) => {
      if (placeIndex === null) {
        const index = new Map<string, number>()
        seats.forEach((seat, i) => {
          index.set(`${seat.VenueSectionId}:${seat.XCoordinate}:${seat.YCoordinate}`, i)
        })
        placeIndex = index
      }
      return placeIndex.get(`${VenueSectionId}:${x}:${y}`)
    },
  })
  Object.defineProperty(canvas, SEAT_MAP_TEST_HOOK, { value: debug, configurable: true })
  const middle = () => screenPoint(camera.viewport.width / 2, camera.viewport.height / 2)

  return {
    setSeatplan: (next) => {
      seats = next
      positionData = new Float32Array(next.length * 2)
      placeIndex = null
      rows = null
      let minX = Number.POSITIVE_INFINITY
      let minY = Number.POSITIVE_INFINITY
      let maxX = Number.NEGATIVE_INFINITY
      let maxY = Number.NEGATIVE_INFINITY
      for (let i = 0; i < next.length; i++) {
        const seat = next[i] as MapSeat
        const x = seat.PositionX
        const y = seat.PositionY
        positionData[2 * i] = x
        positionData[2 * i + 1] = y
        if (x < minX) minX = x
        if (x > maxX) maxX = x
        if (y < minY) minY = y
        if (y > maxY) maxY = y
      }
      bounds = next.length === 0 ? boundsOf([], []) : { minX, minY, maxX, maxY }
      colorData = new Uint8Array(next.length * 4)
      statuses = new Uint8Array(next.length)
      selected = new Uint8Array(next.length)
      picker = null
      painter.setPositions(positionData)
      userMoved = false
      camera = fitted(viewportOf())
      setHover(null)
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
      pickListeners.add(listener)
      return () => pickListeners.delete(listener)
    },
    onHover: (listener) => {
      hoverListeners.add(listener)
      return () => hoverListeners.delete(listener)
    },
    zoomIn: () => move(zoomAt(camera, middle(), ZOOM_STEP)),
    zoomOut: () => move(zoomAt(camera, middle(), 1 / ZOOM_STEP)),
    zoomBy: (factor) => move(zoomAt(camera, middle(), factor)),
    panBy: (dx, dy) => move(pan(camera, dx, dy)),
    reset,
    flush: () => {
      if (frame !== null) render()
    },
    destroy: () => {
      if (destroyed) return
      destroyed = true
      if (frame !== null) cancelAnimationFrame(frame)
      observer?.disconnect()
      pickListeners.clear()
      hoverListeners.clear()
      detach()
      Reflect.deleteProperty(canvas, SEAT_MAP_TEST_HOOK)
      painter.destroy()
    },
    debug,
  }
}
