/**
 * The browser half of `bench/seatmap.ts`: bundled by Vite into one script. The Node side opens a fresh page
 * per renderer and hall size, calls `prepare(size)` (the data in hand), reads the heap, calls `run(renderer,
 * frames)`, reads the heap again, and collects the figures.
 *
 * Every frame is timed the same way for every renderer: the change is made at the start of an animation
 * frame callback and the clock stops in a task posted from it, which runs only after that frame's rendering
 * update (style, layout, paint, commit) — so the wait for the next vsync is not counted, the browser's own
 * work is. Canvas renderers also force their drawing to completion inside the callback (WebGL: a one-pixel
 * `readPixels`; Canvas 2D: a one-pixel `getImageData`) in every frame that drew. SVG rasterisation happens off the main thread after
 * the commit and is not counted, so the SVG figures are a lower bound.
 *
 * Pan frames are one drag, `PAN_STEP` CSS px per frame in one direction (a brisk 1,440 px/s at 60 Hz): `run`
 * drags to the right, the Node side's screenshot frames drag back. Our map moves its canvas with the compositor
 * while the drag stays within the drawn margin (src/app/seatmap/panSurface.ts) and redraws when it leaves it:
 * 30 frames travel 720 px, past the 640 px margin of a 1280 px window, so each drag includes its redraws (the
 * first pan frame draws the whole surface, one more draws when the margin runs out).
 */
import { SeatMapCanvas } from "@alisaitteke/seatmap-canvas"
import Konva from "konva"
import { boundsOf, type Camera, fit as fitCamera } from "../../src/app/seatmap/camera.ts"
import { bucketByColor, type ColorBucket } from "../../src/app/seatmap/canvasPainter.ts"
import { createSeatMap } from "../../src/app/seatmap/createSeatMap.ts"
import { createPickIndex } from "../../src/app/seatmap/pickIndex.ts"
import { generateHall, type Hall, seatColor } from "./seatmapHall.ts"

export type Renderer = "marquee" | "marquee-canvas2d" | "konva" | "seatmap-canvas"

export interface FrameStats {
  readonly median: number
  readonly p95: number
  /** the mean counts every redraw a drag needs, which the median may not */
  readonly mean: number
  readonly count: number
}

export interface RunResult {
  readonly firstFrameMs: number
  readonly pan: FrameStats
  readonly zoom: FrameStats
  readonly renderer: string
  readonly domNodes: number
  readonly phases: Record<string, number>
}

const WIDTH = 1280
const HEIGHT = 800
/** SVG peer: CSS pixels per seat width (its seats are 12 px radius, 0.8 of a seat width as ours) */
const SVG_UNIT = 30
const PAN_STEP = 24
const ZOOM_FACTOR = 1.15

const stats = (samples: Array<number>): FrameStats => {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  const mean = sorted.reduce((sum, sample) => sum + sample, 0) / Math.max(sorted.length, 1)
  return { median: at(0.5), p95: at(0.95), mean, count: sorted.length }
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

let hall: Hall | null = null
/** the renderer `run` left on the page, for the Node side's screenshot-completed frames (`step`) */
let mounted: Driver | null = null
/** where our map's first frame goes (ms), for the report */
const phases: Record<string, number> = {}

const host = (): HTMLDivElement => {
  const div = document.createElement("div")
  div.id = "host"
  div.style.cssText = `position:absolute;left:0;top:0;width:${WIDTH}px;height:${HEIGHT}px;overflow:clip`
  document.body.append(div)
  return div
}

const fittedCamera = (current: Hall): Camera => {
  const xs = current.seats.map((seat) => seat.PositionX)
  const ys = current.seats.map((seat) => seat.PositionY)
  return fitCamera(boundsOf(xs, ys), { width: WIDTH, height: HEIGHT, pixelRatio: 1 })
}

/**
 * Each renderer answers: draw the first frame, move by (dx, dy) CSS px, zoom by a factor about the middle (as
 * one step of a wheel gesture). A renderer that finishes a gesture later (ours draws the seats sharp once the
 * gesture rests) does that in `settle`, which is timed as one more zoom frame.
 */
interface Driver {
  readonly name: string
  // ours may answer a promise: the painting worker's frame is done when the worker says so
  first(): void | Promise<void>
  pan(dx: number): void | Promise<void>
  zoom(factor: number): void | Promise<void>
  settle?(): void | Promise<void>
  /**
   * done once the renderer is set up (ours: the painting worker has the canvas and its context), as the seat
   * screen's map is while the seatplan is on its way; the first frame is timed from the data in hand after it
   */
  readonly mounted?: Promise<void>
}

/**
 * Runs `work` at the start of an animation frame; answers ms until that frame's rendering update is done (and,
 * for work that answers a promise, the painting worker's frame with it).
 */
const timedFrame = (work: () => void | Promise<void>): Promise<number> =>
  new Promise((resolve, reject) => {
    requestAnimationFrame(async () => {
      const started = performance.now()
      try {
        await work()
      } catch (error) {
        reject(error)
        return
      }
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        resolve(performance.now() - started)
      }
      channel.port2.postMessage(0)
    })
  })

const marqueeDriver = (current: Hall, forceCanvas2d: boolean): Driver => {
  // as SeatMapView mounts it: the canvas inside the window it is seen through, which the map sizes it to
  const canvas = document.createElement("canvas")
  const frame = host()
  frame.append(canvas)
  const t0 = performance.now()
  // as SeatMapView does, the hall's size is known at mount (a small hall is drawn by Canvas 2D)
  const map = createSeatMap(canvas, { pixelRatio: 1, forceCanvas2d, frame, seatCount: current.seats.length })
  phases.create = performance.now() - t0
  // one pixel read back forces the drawing to completion: `getImageData` on the page, or `readPixels` in the
  // painting worker after the frame it was sent (the page cannot read a canvas it handed over). A frame that drew
  // nothing (a drag inside the drawn margin moves the canvas with the compositor; a zoom gesture scales it) has no
  // drawing to wait for: asking the worker then would time a message's round trip, not a frame
  const finish = async () => {
    const drawsBefore = map.debug().draws
    map.flush()
    if (map.debug().draws !== drawsBefore) await map.debug().readPixel(0, 0)
  }
  return {
    name: `marquee (${map.debug().renderer})`,
    // a read is answered once the worker has handled everything before it: the canvas, the context, the shaders
    mounted: map
      .debug()
      .readPixel(0, 0)
      .then(() => undefined),
    first: async () => {
      const t1 = performance.now()
      map.setSeatplan(current.seats)
      const t2 = performance.now()
      map.setStatuses(current.statuses)
      const t3 = performance.now()
      await finish()
      phases.seatplan = t2 - t1
      phases.statuses = t3 - t2
      phases.draw = performance.now() - t3
    },
    pan: (dx) => {
      map.panBy(dx, 0)
      return finish()
    },
    zoom: (factor) => {
      map.zoomBy(factor, { gesture: true })
      return finish()
    },
    settle: () => {
      map.settle()
      return finish()
    },
  }
}

/**
 * Konva as its performance guide advises for many objects: one custom `Shape` whose `sceneFunc` draws every
 * seat (not one node per seat), `listening(false)` and no hit graph, `perfectDrawEnabled(false)`, the stage
 * transform for pan and zoom and a synchronous `layer.draw()` per frame. It draws as our Canvas 2D painter does
 * (src/app/seatmap/canvasPainter.ts), so the comparison is of everything else: one colour set per bucket, viewport
 * culling, each circle its own path (Skia's fast oval raster), squares for seats under three pixels in one path
 * per colour.
 */
const konvaDriver = (current: Hall): Driver => {
  const camera = fittedCamera(current)
  const stage = new Konva.Stage({ container: host(), width: WIDTH, height: HEIGHT })
  const layer = new Konva.Layer({ listening: false })
  stage.add(layer)
  let scale = camera.scale
  let x = WIDTH / 2 - camera.center.x * scale
  let y = HEIGHT / 2 - camera.center.y * scale
  let positions = new Float32Array(0)
  let buckets: ReadonlyArray<ColorBucket> = []
  const shape = new Konva.Shape({
    listening: false,
    perfectDrawEnabled: false,
    sceneFunc: (context) => {
      const radius = 0.4
      const square = radius * scale < 1.5
      // the visible part of the hall, in hall units: seats outside it are skipped
      const left = -x / scale - radius
      const top = -y / scale - radius
      const right = (WIDTH - x) / scale + radius
      const bottom = (HEIGHT - y) / scale + radius
      for (const { style, indices } of buckets) {
        context.setAttr("fillStyle", style)
        context.beginPath()
        let inPath = 0
        for (let k = 0; k < indices.length; k++) {
          const i = indices[k] ?? 0
          const px = positions[2 * i] ?? 0
          const py = positions[2 * i + 1] ?? 0
          if (px < left || px > right || py < top || py > bottom) continue
          if (!square) {
            // one circle per path, as our painter draws it (Skia fills a lone circle as an oval, faster)
            context.beginPath()
            context.arc(px, py, radius, 0, Math.PI * 2, false)
            context.fill()
            continue
          }
          context.rect(px - radius, py - radius, 2 * radius, 2 * radius)
          if (++inPath === 4096) {
            context.fill()
            context.beginPath()
            inPath = 0
          }
        }
        if (inPath > 0) context.fill()
      }
    },
  })
  layer.add(shape)
  const native = layer.getNativeCanvasElement().getContext("2d")
  const finish = () => {
    stage.position({ x, y })
    stage.scale({ x: scale, y: scale })
    layer.draw()
    native?.getImageData(0, 0, 1, 1)
  }
  return {
    name: `konva ${Konva.version}`,
    first: () => {
      positions = new Float32Array(current.seats.length * 2)
      const colors = new Uint8Array(current.seats.length * 4)
      current.seats.forEach((seat, i) => {
        positions[2 * i] = seat.PositionX
        positions[2 * i + 1] = seat.PositionY
        const rgb = seatColor(seat, current.statuses[i] ?? 0)
        colors.set([rgb[0], rgb[1], rgb[2], 255], 4 * i)
      })
      buckets = bucketByColor(colors, current.seats.length)
      finish()
    },
    pan: (dx) => {
      x += dx
      finish()
    },
    zoom: (factor) => {
      x = WIDTH / 2 - (WIDTH / 2 - x) * factor
      y = HEIGHT / 2 - (HEIGHT / 2 - y) * factor
      scale *= factor
      finish()
    },
  }
}

interface SvgStage {
  node: { attr(name: string, value: string): unknown; interrupt(): unknown; node(): SVGGElement }
}

/**
 * @alisaitteke/seatmap-canvas as its README shows: `new SeatMapCanvas(selector, config)` and
 * `data.replaceData(blocks)`, one block per section, seats in pixels with a colour each. Pan and zoom set the
 * stage transform exactly as the library's own d3-zoom handler does.
 */
const seatmapCanvasDriver = (current: Hall): Driver => {
  const camera = fittedCamera(current)
  host()
  let scale = camera.scale / SVG_UNIT
  let x = WIDTH / 2 - camera.center.x * camera.scale
  let y = HEIGHT / 2 - camera.center.y * camera.scale
  const config = {
    resizable: false,
    legend: false,
    style: { seat: { radius: 12, color: "#4cc3d9", not_salable: "#484c5c" } },
  }
  const map = new SeatMapCanvas("#host", config) as SeatMapCanvas & {
    svg: { stage: SvgStage; node: { node(): SVGSVGElement } }
  }
  const finish = () => {
    const stage = map.svg.stage.node
    stage.interrupt()
    stage.attr("transform", `translate(${x},${y})scale(${scale})`)
    map.svg.node.node().getBoundingClientRect()
  }
  return {
    name: "@alisaitteke/seatmap-canvas 2.5.18",
    first: () => {
      const blocks = new Map<number, Array<Record<string, unknown>>>()
      current.seats.forEach((seat, i) => {
        const rgb = seatColor(seat, current.statuses[i] ?? 0)
        const list = blocks.get(seat.VenueSectionId) ?? []
        list.push({
          id: i,
          x: seat.PositionX * SVG_UNIT,
          y: seat.PositionY * SVG_UNIT,
          title: seat.seatName,
          salable: (current.statuses[i] ?? 0) === 0,
          color: `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`,
        })
        blocks.set(seat.VenueSectionId, list)
      })
      map.data.replaceData(
        [...blocks].map(([id, seats]) => ({
          id,
          title: `Section ${id}`,
          color: "#2c2f3a",
          labels: [],
          seats,
        })),
      )
      finish()
    },
    pan: (dx) => {
      x += dx
      finish()
    },
    zoom: (factor) => {
      x = WIDTH / 2 - (WIDTH / 2 - x) * factor
      y = HEIGHT / 2 - (HEIGHT / 2 - y) * factor
      scale *= factor
      finish()
    },
  }
}

const run = async (renderer: Renderer, frames: number): Promise<RunResult> => {
  if (hall === null) throw new Error("prepare a hall first")
  const current = hall
  // mounted empty first, as a page mounts its map while the seatplan is on its way; the clock starts with the
  // data in hand
  const ready =
    renderer === "konva"
      ? konvaDriver(current)
      : renderer === "seatmap-canvas"
        ? seatmapCanvasDriver(current)
        : marqueeDriver(current, renderer === "marquee-canvas2d")
  await ready.mounted
  await nextFrame()
  const firstFrameMs = await timedFrame(() => ready.first())
  mounted = ready
  await nextFrame()
  const pan: Array<number> = []
  for (let i = 0; i < frames; i++) pan.push(await timedFrame(() => ready.pan(PAN_STEP)))
  const zoom: Array<number> = []
  for (let i = 0; i < frames; i++)
    zoom.push(await timedFrame(() => ready.zoom(i % 2 === 0 ? ZOOM_FACTOR : 1 / ZOOM_FACTOR)))
  const { settle } = ready
  if (settle !== undefined) zoom.push(await timedFrame(() => settle()))
  return {
    firstFrameMs,
    pan: stats(pan),
    zoom: stats(zoom),
    renderer: ready.name,
    domNodes: document.getElementsByTagName("*").length,
    phases,
  }
}

/** Median µs per query of our pick index (what a click or hover runs), in batches of `batch` queries. */
const pick = (size: number, batches: number, batch: number): { medianUs: number; p95Us: number } => {
  const current = generateHall(size)
  const positions = new Float32Array(current.seats.length * 2)
  current.seats.forEach((seat, i) => {
    positions[2 * i] = seat.PositionX
    positions[2 * i + 1] = seat.PositionY
  })
  const index = createPickIndex(positions)
  const bounds = boundsOf(
    current.seats.map((seat) => seat.PositionX),
    current.seats.map((seat) => seat.PositionY),
  )
  let state = 12345
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
  const points = Array.from({ length: batch }, () => ({
    x: bounds.minX + random() * (bounds.maxX - bounds.minX),
    y: bounds.minY + random() * (bounds.maxY - bounds.minY),
  })) as unknown as ReadonlyArray<Parameters<typeof index.pick>[0]>
  let hits = 0
  const perQuery: Array<number> = []
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now()
    for (const point of points) if (index.pick(point, 0.6) !== undefined) hits++
    perQuery.push(((performance.now() - t0) * 1000) / batch)
  }
  const sorted = perQuery.sort((a, b) => a - b)
  if (hits === 0) throw new Error("no pick hit a seat")
  return {
    medianUs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    p95Us: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
  }
}

/** What the timing harness measures for a frame with no work: the browser's own floor. */
const emptyFrame = async (frames: number): Promise<number> => {
  const samples: Array<number> = []
  for (let i = 0; i < frames; i++) samples.push(await timedFrame(() => undefined))
  return stats(samples).median
}

Object.assign(window, {
  __seatmapBench: {
    prepare: (size: number) => {
      hall = generateHall(size)
      return hall.seats.length
    },
    run,
    step: async (kind: "pan" | "zoom" | "settle" | "none", i: number) => {
      if (kind === "pan") await mounted?.pan(-PAN_STEP)
      else if (kind === "zoom") await mounted?.zoom(i % 2 === 0 ? ZOOM_FACTOR : 1 / ZOOM_FACTOR)
      else if (kind === "settle") await mounted?.settle?.()
    },
    pick,
    emptyFrame,
  },
})
