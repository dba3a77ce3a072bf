import { placeKey, placeKeyOfSeat } from "../../domain/seating/seatKeys.ts"
import {
  boundsOf,
  boundsOfPairs,
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
import { choosePainter } from "./choosePainter.ts"
import { createGestureRest } from "./gestureRest.ts"
import { attachInteraction, ZOOM_STEP } from "./interaction.ts"
import type { DeviceRect } from "./painter.ts"
import { BACKGROUND, LABEL_COLOR, SECTION_LABEL_COLOR } from "./palette.ts"
import { planFrame, type Surface, type SurfaceSize, surfaceFor } from "./panSurface.ts"
import { createPickIndex, type PickIndex } from "./pickIndex.ts"
import { recolor } from "./recolor.ts"
import { drawRowLabels, LABEL_FIT_MARGIN, LABEL_MIN_SCALE, type RowEnds, rowEnds } from "./rowLabels.ts"
import {
  type MapSeat,
  type SeatHover,
  type SeatMap,
  type SeatMapDebug,
  type SeatMapOptions,
  SeatMapUnavailable,
} from "./seatMapContract.ts"
import { drawSectionLabels, type SectionLabel, sectionLabels } from "./sectionLabels.ts"
import { createSurfaceCanvases } from "./surfaceCanvases.ts"

/**
 * The seat map: a plain factory, no React (CONVENTIONS 10).
 *
 * - Drawn by WebGL `gl.POINTS` (glPainter.ts) in a worker (workerPainter.ts: regl needs `'unsafe-eval'`, which
 *   only the worker's own script may have) or by Canvas 2D (canvasPainter.ts): same API, same colours, same
 *   picking (choosePainter.ts). A hall known to be small (`seatCount` ≤ `SMALL_HALL_SEATS`, nearly every cinema
 *   hall) is drawn by Canvas 2D on the page: its first frame then costs no worker, WebGL context and shader
 *   set-up (tens of ms, more on a cheap phone), and a few thousand circles are cheap for Canvas 2D. Larger halls,
 *   or an unknown size, go to the worker where the browser can hand it a canvas, else to Canvas 2D on the page.
 *   Only when no painter exists does it throw `SeatMapUnavailable`.
 * - Input, the camera, picking and the seat list stay on the page; only pixels are made in the worker. A frame
 *   the worker is still drawing keeps the canvas where it is; once it is shown the next frame places it.
 * - Positions are set once per seatplan; statuses and selection rewrite only the colour bytes.
 * - Frames are drawn on demand (one `requestAnimationFrame` per change), never in a loop; `flush` draws a
 *   pending frame at once.
 * - Given a `frame` (the element the map is seen through), a drag moves the canvas inside it instead of
 *   redrawing (panSurface.ts): the canvas is the frame's size plus a margin on every side, and the map owns its
 *   CSS box. The margins are made at the first move: the first frame draws the window alone (a canvas four
 *   times its area costs the first frame as much again to draw and composite, and a buyer who only taps seats
 *   never needs them). A wheel or pinch zoom scales the drawn canvas the same way while it lasts and draws the seats
 *   sharp once it rests (`GESTURE_REST_MS` after its last step, or at once when the fingers lift). Without a
 *   frame the canvas is the window and every pan and zoom redraws.
 * - The hall is never mirrored, whatever the page's direction (see camera.ts).
 *
 * Test hook: `debug()`, also reachable as `canvas[SEAT_MAP_TEST_HOOK]()` (and on the frame) from a page
 * script, tells where a seat is shown (CSS pixels from the window's top-left) and which painter draws; both
 * painters keep their pixels readable.
 */

export const SEAT_MAP_TEST_HOOK = "__marqueeSeatMap"

/** a wheel has no end event: a zoom gesture rests once this long has passed without a step */
const GESTURE_REST_MS = 150

/** a click picks the nearest seat within this many seat widths, or this many CSS pixels when seats are tiny */
const PICK_RADIUS = 0.6
const PICK_RADIUS_PX = 8

export const createSeatMap = (canvas: HTMLCanvasElement, options: SeatMapOptions = {}): SeatMap => {
  const pixelRatio = options.pixelRatio ?? (globalThis.devicePixelRatio || 1)
  const seatSize = options.seatSize ?? 0.8
  const frameElement = options.frame ?? null
  const input: HTMLElement = frameElement ?? canvas

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
  let draws = 0
  let lastUploadSeats = 0
  let hovered: SeatHover | null = null
  // what the canvas holds, and whether it must be drawn again whatever the camera
  let drawn: Surface | null = null
  let stale = true
  let surface: SurfaceSize = { width: 1, height: 1, marginX: 0, marginY: 0 }
  // computed when first needed (zoomed in with a labels canvas), not on the way to the first frame
  let rows: ReadonlyArray<RowEnds> | null = null
  let sectionNames: ReadonlyMap<number, string> = new Map()
  let sections: ReadonlyArray<SectionLabel> | null = null
  const labels = options.labels?.getContext("2d") ?? null
  let labelsShown = false
  // whether the canvas has its margins yet: only from the first move (see above)
  let margins = false
  const pickListeners = new Set<(seatIndex: number) => void>()
  const hoverListeners = new Set<(hover: SeatHover | null) => void>()

  function viewportOf(): Viewport {
    return { width: Math.max(input.clientWidth, 1), height: Math.max(input.clientHeight, 1), pixelRatio }
  }

  const requestRender = () => {
    if (frame !== null || destroyed) return
    frame = requestAnimationFrame(render)
  }

  const redraw = () => {
    stale = true
    requestRender()
  }

  // a zoom gesture's frames scale the drawn canvas; when it rests, the next frame draws the seats sharp
  const gesture = createGestureRest(requestRender, GESTURE_REST_MS)

  const painter = choosePainter(canvas, options, { restored: redraw, shown: requestRender })
  if (painter === null) throw new SeatMapUnavailable("neither WebGL nor Canvas 2D is available")
  const { pixels } = painter
  const canvases = createSurfaceCanvases(
    labels === null ? [canvas] : [canvas, labels.canvas],
    frameElement !== null,
    (target) => (target === canvas && pixels !== undefined ? pixels : target),
  )

  /** Row names when zoomed in, section names (in a hall of several) when zoomed out. */
  const drawLabels = (ctx: CanvasRenderingContext2D, around: Camera, zoomedIn: boolean) => {
    if (zoomedIn) rows ??= rowEnds(seats)
    else sections ??= sectionLabels(seats, sectionNames)
    const shown = zoomedIn || (sections?.length ?? 0) > 0
    if (shown || labelsShown) {
      drawRowLabels(ctx, around, rows ?? [], `rgb(${LABEL_COLOR.join(",")})`)
      const halo = `rgb(${BACKGROUND.join(",")})`
      drawSectionLabels(ctx, around, sections ?? [], `rgb(${SECTION_LABEL_COLOR.join(",")})`, halo)
    }
    labelsShown = shown
  }
  let labelsDue: (() => void) | null = null
  const paintLabels = () => {
    labelsDue?.()
    labelsDue = null
  }

  /** Draws the seats (and row names) around the camera: all of the surface, or only the window. */
  const drawSurface = (next: Surface, visibleOnly: boolean) => {
    if (painter === null) return
    const { width, height, marginX, marginY } = surface
    const around: Camera = {
      ...camera,
      viewport: {
        width: (width + 2 * marginX) / pixelRatio,
        height: (height + 2 * marginY) / pixelRatio,
        pixelRatio,
      },
    }
    const hasMargins = marginX > 0 || marginY > 0
    const clip: DeviceRect | null =
      visibleOnly && hasMargins ? { x: marginX, y: marginY, width, height } : null
    painter.draw(around, Math.max(pointSize(camera, seatSize), 2), seats.length, clip)
    if (labels !== null) {
      const zoomedIn = camera.scale >= LABEL_MIN_SCALE
      // the names show with the seats: now, or once the worker has drawn them (render)
      labelsDue = () => drawLabels(labels, around, zoomedIn)
      if (painter.pending !== true) paintLabels()
    }
    drawn = next
    stale = false
    draws++
  }

  function render() {
    if (frame !== null) cancelAnimationFrame(frame)
    frame = null
    if (painter === null || painter.lost || destroyed) return
    handOverColors()
    const plan = planFrame(drawn, camera, surface, stale, gesture.active && frameElement !== null)
    if (plan.kind === "draw") drawSurface(plan.surface, plan.visibleOnly)
    // while the worker draws, the canvas stays where the pixels on screen need it; `shown` renders again
    if (painter.pending !== true) {
      paintLabels()
      if (plan.kind === "draw") canvases.place({ x: 0, y: 0 })
      else if (plan.kind === "move") canvases.place(plan.offset)
      else canvases.place(plan.offset, plan.factor)
    }
    frames++
    canvas.dataset.frames = String(frames)
  }

  // with row names, the fitted hall leaves room for them at the rows' ends (a wide row would cut "10" to "0")
  const fitted = (viewport: Viewport): Camera =>
    fitCamera(bounds, viewport, labels === null ? undefined : LABEL_FIT_MARGIN)

  const pickIndex = (): PickIndex => {
    picker ??= createPickIndex(positionData)
    return picker
  }

  const syncSize = () => {
    const viewport = viewportOf()
    surface = surfaceFor(viewport, painter.maxSide, frameElement !== null && margins)
    if (canvases.resize(surface, pixelRatio)) stale = true
    camera = userMoved ? resize(camera, viewport) : fitted(viewport)
    requestRender()
  }

  /** Recolours the seats whose state changed; only their span of the colour buffer goes to the painter. */
  // colours changed since the painter last had them: handed over once, by the frame that shows them, so a
  // seatplan and its statuses set in one go (the seat screen's first frame) regroup and send the colours once
  let colorsDue: { from: number; to: number } | null = null
  const uploadColors = () => {
    const changed = recolor(seats, statuses, selected, colorData)
    if (changed === null) return
    colorsDue =
      colorsDue === null
        ? changed
        : { from: Math.min(colorsDue.from, changed.from), to: Math.max(colorsDue.to, changed.to) }
    redraw()
  }
  const handOverColors = () => {
    if (colorsDue === null) return
    painter.setColors(colorData, colorsDue)
    lastUploadSeats = colorsDue.to - colorsDue.from
    colorsDue = null
  }

  const seatAt = (point: ScreenPoint): number | undefined =>
    pickIndex().pick(toHall(camera, point), Math.max(PICK_RADIUS, PICK_RADIUS_PX / camera.scale))

  const setHover = (next: SeatHover | null) => {
    if (next?.index === hovered?.index && next?.x === hovered?.x && next?.y === hovered?.y) return
    hovered = next
    for (const listener of hoverListeners) listener(next)
  }

  const settle = () => {
    if (gesture.end()) requestRender()
  }

  /** The first move gives the canvas its margins; that one frame draws, the moves after it need not. */
  const growSurface = () => {
    if (margins || frameElement === null) return
    margins = true
    surface = surfaceFor(viewportOf(), painter.maxSide, true)
    if (canvases.resize(surface, pixelRatio)) stale = true
  }

  /** `continuous`: a step of a zoom gesture (wheel, pinch), drawn sharp only once the gesture rests */
  const move = (next: Camera, continuous = false) => {
    growSurface()
    camera = next
    userMoved = true
    if (continuous) gesture.step()
    else gesture.end()
    setHover(null)
    requestRender()
  }

  const reset = () => {
    gesture.end()
    userMoved = false
    camera = fitted(viewportOf())
    setHover(null)
    requestRender()
  }

  const detach = attachInteraction(input, {
    camera: () => camera,
    move,
    settle,
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
  observer?.observe(input)
  syncSize()

  const debug = (): SeatMapDebug => ({
    seatCount: seats.length,
    frames,
    draws,
    lastUploadSeats,
    contextLost: painter.lost,
    pixelRatio,
    renderer: painter.kind,
    readPixel: (x, y) => painter.readPixel(x, y),
    loseContext: (lose) => {
      if (painter.loseContext === undefined) return false
      painter.loseContext(lose)
      return true
    },
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
          index.set(placeKeyOfSeat(seat), i)
        })
        placeIndex = index
      }
      return placeIndex.get(placeKey(VenueSectionId, x, y))
    },
  })
  for (const element of new Set([canvas, input]))
    Object.defineProperty(element, SEAT_MAP_TEST_HOOK, { value: debug, configurable: true })
  const middle = () => screenPoint(camera.viewport.width / 2, camera.viewport.height / 2)

  return {
    setSeatplan: (next, names = new Map()) => {
      seats = next
      sectionNames = names
      sections = null
      positionData = new Float32Array(next.length * 2)
      placeIndex = null
      rows = null
      for (let i = 0; i < next.length; i++) {
        const seat = next[i] as MapSeat
        positionData[2 * i] = seat.PositionX
        positionData[2 * i + 1] = seat.PositionY
      }
      bounds = boundsOfPairs(positionData)
      colorData = new Uint8Array(next.length * 4)
      statuses = new Uint8Array(next.length)
      selected = new Uint8Array(next.length)
      // a range of the seatplan before is no range of this one: every seat's colour is new anyway
      colorsDue = null
      picker = null
      painter.setPositions(positionData)
      userMoved = false
      camera = fitted(viewportOf())
      setHover(null)
      uploadColors()
      redraw()
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
    zoomBy: (factor, zoomOptions) => move(zoomAt(camera, middle(), factor), zoomOptions?.gesture === true),
    settle,
    panBy: (dx, dy) => move(pan(camera, dx, dy)),
    reset,
    flush: () => {
      if (frame !== null) render()
    },
    destroy: () => {
      if (destroyed) return
      destroyed = true
      if (frame !== null) cancelAnimationFrame(frame)
      gesture.end()
      observer?.disconnect()
      pickListeners.clear()
      hoverListeners.clear()
      detach()
      Reflect.deleteProperty(canvas, SEAT_MAP_TEST_HOOK)
      Reflect.deleteProperty(input, SEAT_MAP_TEST_HOOK)
      painter.destroy()
    },
    debug,
  }
}
