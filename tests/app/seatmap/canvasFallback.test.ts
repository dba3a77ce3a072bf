import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { fit as fitCamera } from "../../../src/app/seatmap/camera.ts"
import { bucketByColor, drawSeats2d } from "../../../src/app/seatmap/canvasPainter.ts"
import { createSeatMap } from "../../../src/app/seatmap/createSeatMap.ts"
import { SEAT_COLORS, SEAT_STATUS } from "../../../src/app/seatmap/palette.ts"
import { drawRowLabels, LABEL_MIN_SCALE, rowEnds } from "../../../src/app/seatmap/rowLabels.ts"
import {
  type MapSeat,
  SeatMapUnavailable,
  SMALL_HALL_SEATS,
} from "../../../src/app/seatmap/seatMapContract.ts"

/** A 2D context that records what was filled: per `fill`, its style and the shapes in its path. */
const recordingContext = (width: number, height: number) => {
  const fills: Array<{ style: string; shapes: Array<{ kind: "rect" | "arc"; x: number; y: number }> }> = []
  let path: Array<{ kind: "rect" | "arc"; x: number; y: number }> = []
  const ctx = {
    canvas: { width, height },
    fillStyle: "",
    setTransform: () => undefined,
    fillRect: () => undefined,
    beginPath: () => {
      path = []
    },
    moveTo: () => undefined,
    rect: (x: number, y: number, w: number, h: number) =>
      path.push({ kind: "rect", x: x + w / 2, y: y + h / 2 }),
    arc: (x: number, y: number) => path.push({ kind: "arc", x, y }),
    fill: () => fills.push({ style: ctx.fillStyle, shapes: path }),
  }
  return { ctx, fills }
}

const css = (rgb: readonly [number, number, number]) => `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`

const seat = (x: number, y: number, extra: Partial<MapSeat> = {}): MapSeat => ({
  VenueSectionId: 1,
  XCoordinate: x,
  YCoordinate: y,
  PositionX: x,
  PositionY: y,
  isPremium: false,
  isHandicap: false,
  ...extra,
})

describe("Canvas 2D painting", () => {
  it("groups seats by colour, in order of first appearance", () => {
    const colors = Uint8Array.from([1, 2, 3, 255, 9, 9, 9, 255, 1, 2, 3, 255])
    const buckets = bucketByColor(colors, 3)
    expect(buckets.map((b) => [b.style, [...b.indices]])).toEqual([
      ["rgb(1,2,3)", [0, 2]],
      ["rgb(9,9,9)", [1]],
    ])
  })

  it("fills each circle alone (an oval to Skia), skips seats outside the view and batches tiny seats as squares", () => {
    const viewport = { width: 100, height: 100, pixelRatio: 2 }
    const camera = {
      ...fitCamera({ minX: 0, minY: 0, maxX: 10, maxY: 0 }, viewport),
      center: { x: 0, y: 0 },
    } as ReturnType<typeof fitCamera>
    const positions = Float32Array.from([0, 0, 1, 0, 500, 0])
    const buckets = bucketByColor(Uint8Array.from([5, 5, 5, 255, 5, 5, 5, 255, 6, 6, 6, 255]), 3)
    const big = recordingContext(200, 200)
    const moveTo = vi.spyOn(big.ctx, "moveTo")
    drawSeats2d(big.ctx as unknown as CanvasRenderingContext2D, camera, positions, buckets, 12)
    expect(big.fills.map((f) => f.style)).toEqual(["rgb(5,5,5)", "rgb(5,5,5)"])
    expect(big.fills.map((f) => f.shapes)).toEqual([
      [{ kind: "arc", x: 100, y: 100 }],
      [{ kind: "arc", x: 100 + camera.scale * 2, y: 100 }],
    ])
    // a path that is one arc and nothing else is what Skia fills as an oval
    expect(moveTo).not.toHaveBeenCalled()
    const small = recordingContext(200, 200)
    drawSeats2d(small.ctx as unknown as CanvasRenderingContext2D, camera, positions, buckets, 2)
    expect(small.fills).toHaveLength(1)
    expect(small.fills[0]?.shapes.map((shape) => shape.kind)).toEqual(["rect", "rect"])
  })
})

describe("createSeatMap without WebGL", () => {
  const frames: Array<FrameRequestCallback> = []
  beforeEach(() => {
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback))
    vi.stubGlobal("cancelAnimationFrame", () => undefined)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    frames.length = 0
  })

  const fakeCanvas = (ctx: unknown) => {
    const listeners = new Map<string, (event: unknown) => void>()
    const canvas = {
      clientWidth: 300,
      clientHeight: 150,
      width: 0,
      height: 0,
      dataset: {} as Record<string, string>,
      getContext: (kind: string) => (kind === "2d" ? ctx : null),
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
      getBoundingClientRect: () => ({ left: 0, top: 0 }),
      setPointerCapture: () => undefined,
      style: {} as Record<string, string>,
    }
    return { canvas: canvas as unknown as HTMLCanvasElement, listeners }
  }

  it("draws the same colours with Canvas 2D, recolours on selection and still picks", () => {
    const { ctx, fills } = recordingContext(300, 150)
    const { canvas, listeners } = fakeCanvas(ctx)
    const map = createSeatMap(canvas, { pixelRatio: 1 })
    expect(map.debug().renderer).toBe("canvas2d")
    map.setSeatplan([
      seat(0, 0),
      seat(1, 0, { isPremium: true }),
      seat(2, 0),
      seat(3, 0, { isCompanion: true }),
      // a premium seat with a limited view shows the limit: the buyer must know it before choosing
      seat(4, 0, { isLimitedView: true, isPremium: true }),
      seat(5, 0, { isHandicap: true, isLimitedView: true }),
    ])
    map.setStatuses(
      Uint8Array.from([SEAT_STATUS.available, SEAT_STATUS.available, SEAT_STATUS.taken, 0, 0, 0]),
    )
    map.flush()
    const styles = () =>
      new Map<string, string>(
        fills.flatMap((f) => f.shapes.map((s): [string, string] => [s.x.toFixed(3), f.style])),
      )
    const at = (index: number) => map.debug().screenPositionOf(index)?.x.toFixed(3) ?? ""
    expect(styles().get(at(0))).toBe(css(SEAT_COLORS.available))
    expect(styles().get(at(1))).toBe(css(SEAT_COLORS.premium))
    expect(styles().get(at(2))).toBe(css(SEAT_COLORS.taken))
    expect(styles().get(at(3))).toBe(css(SEAT_COLORS.companion))
    expect(styles().get(at(4))).toBe(css(SEAT_COLORS.limitedView))
    expect(styles().get(at(5))).toBe(css(SEAT_COLORS.wheelchair))

    fills.length = 0
    map.setSelection([0])
    map.flush()
    expect(styles().get(at(0))).toBe(css(SEAT_COLORS.mine))
    // only the chosen seat's colour changed, so only it went to the painter; the same state again sends nothing
    expect(map.debug().lastUploadSeats).toBe(1)
    const draws = map.debug().draws
    map.setSelection([0])
    map.flush()
    expect(map.debug().draws).toBe(draws)

    const picked: Array<number> = []
    map.onPick((index) => picked.push(index))
    const point = map.debug().screenPositionOf(1) ?? { x: 0, y: 0 }
    const event = { pointerId: 1, button: 0, pointerType: "mouse", clientX: point.x, clientY: point.y }
    listeners.get("pointerdown")?.(event)
    listeners.get("pointerup")?.(event)
    expect(picked).toEqual([1])
    map.destroy()
  })

  it("fits the hall with room for the row names: a wide row's three-character name stays whole", () => {
    const { ctx } = recordingContext(300, 150)
    const { canvas } = fakeCanvas(ctx)
    const labelled: Array<{ text: string; x: number; size: number }> = []
    const labelsContext = {
      canvas: { width: 0, height: 0, dataset: {} },
      font: "",
      setTransform: () => undefined,
      clearRect: () => undefined,
      fillText(text: string, x: number) {
        labelled.push({ text, x, size: Number.parseFloat(this.font.split(" ")[1] ?? "0") })
      },
    }
    const labels = { getContext: () => labelsContext } as unknown as HTMLCanvasElement
    labelsContext.canvas = labels as never
    const map = createSeatMap(canvas, { pixelRatio: 1, labels })
    map.setSeatplan(Array.from({ length: 12 }, (_, x) => seat(x, 0, { RowName: "12A" })))
    map.flush()
    expect(labelled.map((label) => label.text)).toEqual(["12A", "12A"])
    for (const { text, x, size } of labelled) {
      // system-ui at weight 600 is about 0.6 em a character
      const half = (0.6 * size * text.length) / 2
      expect(x - half).toBeGreaterThanOrEqual(0)
      expect(x + half).toBeLessThanOrEqual(300)
    }
    map.destroy()
  })

  it("with the painting worker, sizes the canvas through the frames it sends and shows the names once they are drawn", () => {
    const sent: Array<{ type: string; id?: number; width?: number }> = []
    let answer: (data: unknown) => void = () => undefined
    vi.stubGlobal("OffscreenCanvas", class {})
    vi.stubGlobal(
      "Worker",
      class {
        postMessage = (message: { type: string }) => sent.push(message)
        addEventListener = (_type: string, listener: (event: { data: unknown }) => void) => {
          answer = (data) => listener({ data })
        }
        terminate = () => undefined
      },
    )
    const { canvas } = fakeCanvas(null)
    Object.assign(canvas, { transferControlToOffscreen: () => ({}) })
    const labelled: Array<string> = []
    const labelsContext = {
      canvas: { width: 0, height: 0, dataset: {} },
      font: "",
      setTransform: () => undefined,
      clearRect: () => undefined,
      fillText: (text: string) => labelled.push(text),
    }
    const labels = { getContext: () => labelsContext } as unknown as HTMLCanvasElement
    labelsContext.canvas = labels as never
    const map = createSeatMap(canvas, { pixelRatio: 1, labels, seatCount: SMALL_HALL_SEATS + 1 })
    map.setSeatplan(Array.from({ length: 12 }, (_, x) => seat(x, 0, { RowName: "12A" })))
    map.flush()
    const draw = sent.find((message) => message.type === "draw")
    // the page may not size a canvas it handed over: the frame carries the size, the element keeps its own
    expect(draw?.width).toBe(300)
    expect(canvas.width).toBe(0)
    // the worker has not drawn the seats yet: their names wait
    expect(labelled).toEqual([])
    answer({ type: "drawn", id: draw?.id })
    map.flush()
    expect(labelled).toEqual(["12A", "12A"])
    map.destroy()
  })

  it("scales the drawn seats during a wheel gesture and draws them sharp once it rests", () => {
    vi.useFakeTimers()
    try {
      const { ctx } = recordingContext(300, 150)
      const { canvas } = fakeCanvas(ctx)
      const { canvas: frame, listeners } = fakeCanvas(null)
      const map = createSeatMap(canvas, { pixelRatio: 1, frame })
      map.setSeatplan(Array.from({ length: 40 }, (_, i) => seat(i % 10, Math.floor(i / 10))))
      map.flush()
      // the first frame draws the window alone; the first move gives the canvas its margins and draws once
      const windowWidth = canvas.width
      const first = map.debug().draws
      const wheel = { preventDefault: () => undefined, deltaY: -60, deltaMode: 0, clientX: 150, clientY: 75 }
      listeners.get("wheel")?.(wheel)
      map.flush()
      expect(map.debug().draws).toBe(first + 1)
      expect(canvas.width).toBeGreaterThan(windowWidth)
      const drawn = map.debug().draws
      listeners.get("wheel")?.(wheel)
      map.flush()
      listeners.get("wheel")?.(wheel)
      map.flush()
      expect(map.debug().draws).toBe(drawn)
      expect(canvas.style.transform).toMatch(/scale\(1\.[0-9]+\)$/)
      // a wheel has no end: the rest timer ends the gesture, and the next frame draws at the new zoom
      vi.advanceTimersByTime(200)
      map.flush()
      expect(map.debug().draws).toBe(drawn + 1)
      expect(canvas.style.transform).not.toMatch(/scale/)
      // the buttons' zoom is no gesture: drawn at once
      map.zoomIn()
      map.flush()
      expect(map.debug().draws).toBe(drawn + 2)
      map.destroy()
    } finally {
      vi.useRealTimers()
    }
  })

  it("never asks the page for WebGL: a large hall goes to the painting worker where the browser can hand it over", () => {
    const asked = (seatCount: number, transfer?: () => unknown) => {
      const kinds: Array<string> = []
      const { ctx } = recordingContext(300, 150)
      const { canvas } = fakeCanvas(ctx)
      const spy = canvas as unknown as {
        getContext: (kind: string) => unknown
        transferControlToOffscreen?: () => unknown
      }
      const original = spy.getContext
      spy.getContext = (kind) => {
        kinds.push(kind)
        return original(kind)
      }
      if (transfer !== undefined) spy.transferControlToOffscreen = transfer
      const map = createSeatMap(canvas, { pixelRatio: 1, seatCount })
      const renderer = map.debug().renderer
      map.destroy()
      return { kinds, renderer }
    }
    // regl needs `Function`, which the page's policy refuses: only the worker ever creates a WebGL context
    expect(asked(SMALL_HALL_SEATS)).toEqual({ kinds: ["2d"], renderer: "canvas2d" })
    // no OffscreenCanvas here (as in Safari before 16.4): a large hall is drawn by Canvas 2D on the page
    expect(asked(SMALL_HALL_SEATS + 1)).toEqual({ kinds: ["2d"], renderer: "canvas2d" })
    // where the canvas can be handed over, a large hall is: the page asks for no context of its own
    const posted: Array<string> = []
    const terminated: Array<true> = []
    vi.stubGlobal("OffscreenCanvas", class {})
    vi.stubGlobal(
      "Worker",
      class {
        postMessage = (message: { type: string }) => posted.push(message.type)
        addEventListener = () => undefined
        terminate = () => terminated.push(true)
      },
    )
    try {
      const offscreen = {}
      const transfer = vi.fn(() => offscreen)
      expect(asked(SMALL_HALL_SEATS + 1, transfer)).toEqual({ kinds: [], renderer: "webgl" })
      expect(transfer).toHaveBeenCalledTimes(1)
      expect(posted[0]).toBe("canvas")
      expect(terminated).toEqual([true])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("is unavailable only when not even Canvas 2D can be had", () => {
    const { canvas } = fakeCanvas(null)
    expect(() => createSeatMap(canvas)).toThrow(SeatMapUnavailable)
  })
})

describe("row labels", () => {
  it("puts each named row's label one seat beyond its outermost seats, per section", () => {
    const rows = rowEnds([
      { VenueSectionId: 1, YCoordinate: 0, PositionX: 3, PositionY: 1, RowName: "A" },
      { VenueSectionId: 1, YCoordinate: 0, PositionX: 1, PositionY: 1.2, RowName: "A" },
      { VenueSectionId: 1, YCoordinate: 0, PositionX: 7, PositionY: 1.1, RowName: "A" },
      { VenueSectionId: 2, YCoordinate: 0, PositionX: 20, PositionY: 1, RowName: "A" },
      { VenueSectionId: 1, YCoordinate: 1, PositionX: 2, PositionY: 2 },
    ])
    expect(rows).toEqual([
      { name: "A", left: { x: 0, y: 1.2 }, right: { x: 8, y: 1.1 } },
      { name: "A", left: { x: 19, y: 1 }, right: { x: 21, y: 1 } },
    ])
  })

  it("draws nothing until seats are large enough to tell rows apart", () => {
    const texts: Array<string> = []
    const ctx = {
      canvas: { width: 200, height: 100 },
      setTransform: () => undefined,
      clearRect: () => undefined,
      fillText: (text: string) => texts.push(text),
    } as unknown as CanvasRenderingContext2D
    const rows = [{ name: "7", left: { x: 0, y: 0 }, right: { x: 4, y: 0 } }]
    const viewport = { width: 200, height: 100, pixelRatio: 1 }
    const far = { ...fitCamera({ minX: 0, minY: 0, maxX: 400, maxY: 0 }, viewport) }
    drawRowLabels(ctx, far, rows, "red")
    expect(texts).toEqual([])
    const near = { ...far, scale: LABEL_MIN_SCALE * 2, center: { x: 2, y: 0 } } as typeof far
    drawRowLabels(ctx, near, rows, "red")
    expect(texts).toEqual(["7", "7"])
  })
})
