import type { Camera } from "./camera.ts"
import type { DeviceRect, OnRestored, Painter } from "./painter.ts"
import { BACKGROUND, type Rgb } from "./palette.ts"

/** A 2D context on a page's canvas or, in the painting worker, on an OffscreenCanvas. */
type Context2d = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

/**
 * The Canvas 2D painter: where WebGL cannot be had, the same seats in the same colours, from the same CPU
 * copies and camera, so picking, statuses and the test hook work unchanged.
 *
 * A colour change regroups the seats by colour (a handful of palette colours), so a frame sets each colour once.
 * Seats smaller than three device pixels (a large hall zoomed out) are squares, which look the same at that size:
 * one path of many squares per colour, a few `fill` calls for the whole hall. Larger seats are circles, each its
 * own path and `fill`: Chromium's Skia recognises a path that is one circle as an oval and rasterises it
 * analytically, which costs about half of what one path of many arcs costs (in headless Chromium 156, 1,000
 * seats of a 1280 × 800 canvas: the raster 10 against 22 ms on a loaded machine, chunks of 4 to 256 arcs no
 * better than one path). That raster is most of a small hall's first frame (bench/README.md, issue 13). Seats
 * outside the viewport are skipped.
 */

/** squares per `fill`: very long paths make the rasteriser slower than several shorter ones */
const CHUNK = 4096
/** below this radius (device pixels) a square looks like a circle */
const SQUARE_RADIUS = 1.5
const TAU = Math.PI * 2

export interface ColorBucket {
  readonly style: string
  readonly indices: Uint32Array
}

/** Groups seat indices by their RGB (alpha ignored), in order of first appearance. */
export const bucketByColor = (colors: Uint8Array, count: number): ReadonlyArray<ColorBucket> => {
  const sizes = new Map<number, number>()
  for (let i = 0; i < count; i++) {
    const key = (colors[4 * i] ?? 0) * 65536 + (colors[4 * i + 1] ?? 0) * 256 + (colors[4 * i + 2] ?? 0)
    sizes.set(key, (sizes.get(key) ?? 0) + 1)
  }
  const buckets = new Map<number, { style: string; indices: Uint32Array; filled: number }>()
  for (const [key, size] of sizes)
    buckets.set(key, {
      style: `rgb(${Math.floor(key / 65536)},${Math.floor(key / 256) % 256},${key % 256})`,
      indices: new Uint32Array(size),
      filled: 0,
    })
  for (let i = 0; i < count; i++) {
    const key = (colors[4 * i] ?? 0) * 65536 + (colors[4 * i + 1] ?? 0) * 256 + (colors[4 * i + 2] ?? 0)
    const bucket = buckets.get(key)
    if (bucket !== undefined) bucket.indices[bucket.filled++] = i
  }
  return [...buckets.values()].map(({ style, indices }) => ({ style, indices }))
}

/**
 * Draws `buckets` of seats at `positions` (hall units) through `camera` onto a 2D context whose pixels are
 * device pixels. With `clip`, only that part is painted: the background there, and the seats that reach it.
 * Exported for the benchmark, which gives the Canvas 2D peer the same batching.
 */
export const drawSeats2d = (
  ctx: Context2d,
  camera: Camera,
  positions: Float32Array,
  buckets: ReadonlyArray<ColorBucket>,
  diameter: number,
  clip: DeviceRect | null = null,
) => {
  const ratio = camera.viewport.pixelRatio
  const width = camera.viewport.width * ratio
  const height = camera.viewport.height * ratio
  const area = clip ?? { x: 0, y: 0, width: ctx.canvas.width, height: ctx.canvas.height }
  const scale = camera.scale * ratio
  const offsetX = width / 2 - camera.center.x * scale
  const offsetY = height / 2 - camera.center.y * scale
  const radius = diameter / 2
  const square = radius < SQUARE_RADIUS
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.fillStyle = `rgb(${BACKGROUND[0]},${BACKGROUND[1]},${BACKGROUND[2]})`
  ctx.fillRect(area.x, area.y, area.width, area.height)
  const left = area.x - radius
  const top = area.y - radius
  const right = area.x + area.width + radius
  const bottom = area.y + area.height + radius
  for (const { style, indices } of buckets) {
    ctx.fillStyle = style
    if (square) {
      ctx.beginPath()
      let inPath = 0
      for (let k = 0; k < indices.length; k++) {
        const i = indices[k] ?? 0
        const x = (positions[2 * i] ?? 0) * scale + offsetX
        const y = (positions[2 * i + 1] ?? 0) * scale + offsetY
        if (x < left || y < top || x > right || y > bottom) continue
        ctx.rect(x - radius, y - radius, diameter, diameter)
        if (++inPath === CHUNK) {
          ctx.fill()
          ctx.beginPath()
          inPath = 0
        }
      }
      if (inPath > 0) ctx.fill()
      continue
    }
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k] ?? 0
      const x = (positions[2 * i] ?? 0) * scale + offsetX
      const y = (positions[2 * i + 1] ?? 0) * scale + offsetY
      if (x < left || y < top || x > right || y > bottom) continue
      // one circle per path, with no `moveTo` before the arc: Skia then sees an oval and fills it with its
      // analytic oval rasteriser, about twice as fast as one path of many arcs (see the comment at the top)
      ctx.beginPath()
      ctx.arc(x, y, radius, 0, TAU)
      ctx.fill()
    }
  }
}

/**
 * A Canvas 2D painter on `canvas` (the page's, or an OffscreenCanvas in the painting worker where that has no
 * WebGL), or null where not even a 2D context can be had.
 */
export const createCanvasPainter = (
  canvas: HTMLCanvasElement | OffscreenCanvas,
  onRestored: OnRestored,
): Painter | null => {
  const ctx: Context2d | null =
    "transferControlToOffscreen" in canvas
      ? canvas.getContext("2d", { alpha: false })
      : canvas.getContext("2d", { alpha: false })
  if (ctx === null) return null
  let positions: Float32Array = new Float32Array(0)
  let buckets: ReadonlyArray<ColorBucket> = []
  let lost = false

  // Chromium drops 2D canvases under memory pressure too, and says so with these events
  const onLost = (event: Event) => {
    event.preventDefault()
    lost = true
  }
  const onRestoredEvent = () => {
    lost = false
    onRestored()
  }
  canvas.addEventListener("contextlost", onLost)
  canvas.addEventListener("contextrestored", onRestoredEvent)

  return {
    kind: "canvas2d",
    get lost() {
      return lost
    },
    setPositions: (next) => {
      positions = next
    },
    setColors: (colors) => {
      buckets = bucketByColor(colors, Math.floor(colors.length / 4))
    },
    // Chromium's limit for a 2D canvas side
    maxSide: 16384,
    draw: (camera, diameter, count, clip) => {
      if (lost) return
      drawSeats2d(ctx, camera, positions.subarray(0, 2 * count), buckets, diameter, clip)
    },
    readPixel: (x, y) => {
      const data = ctx.getImageData(x, y, 1, 1).data
      const rgb: Rgb = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0]
      return Promise.resolve(rgb)
    },
    destroy: () => {
      canvas.removeEventListener("contextlost", onLost)
      canvas.removeEventListener("contextrestored", onRestoredEvent)
    },
  }
}
