import type { Camera } from "./camera.ts"
import type { DeviceRect, OnRestored, Painter } from "./painter.ts"
import { BACKGROUND, type Rgb } from "./palette.ts"

/** A 2D context on a page's canvas or, in the painting worker, on an OffscreenCanvas. */
type Context2d = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

/**
 * The Canvas 2D painter: where WebGL cannot be had, the same seats in the same colours, from the same CPU
 * copies and camera, so picking, statuses and the test hook work unchanged.
 *
 * A colour change regroups the seats by colour (a handful of palette colours), and a frame fills one path per
 * colour: a few `fill` calls instead of one per seat, which is what makes Canvas 2D fast enough for large
 * halls. Seats outside the viewport are skipped; seats smaller than three device pixels are drawn as squares,
 * which look the same at that size and cost a fraction of an arc.
 */

/** subpaths per `fill`: very long paths make the rasteriser slower than several shorter ones */
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
    ctx.beginPath()
    let inPath = 0
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k] ?? 0
      const x = (positions[2 * i] ?? 0) * scale + offsetX
      const y = (positions[2 * i + 1] ?? 0) * scale + offsetY
      if (x < left || y < top || x > right || y > bottom) continue
      if (square) ctx.rect(x - radius, y - radius, diameter, diameter)
      else {
        ctx.moveTo(x + radius, y)
        ctx.arc(x, y, radius, 0, TAU)
      }
      if (++inPath === CHUNK) {
        ctx.fill()
        ctx.beginPath()
        inPath = 0
      }
    }
    if (inPath > 0) ctx.fill()
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
