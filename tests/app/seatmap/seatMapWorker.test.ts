import { beforeAll, describe, expect, it } from "vitest"
import { boundsOf, fit as fitCamera } from "../../../src/app/seatmap/camera.ts"
import { SEAT_COLORS } from "../../../src/app/seatmap/palette.ts"
import type { FromWorker, ToWorker } from "../../../src/app/seatmap/workerProtocol.ts"

/**
 * The painting worker's side (seatMapWorker.ts), loaded into a fake worker scope: an OffscreenCanvas without
 * WebGL (as Safari 16.4's), so it paints with Canvas 2D, whose calls a stub context records. regl itself needs a
 * real WebGL context: the seat map journeys (e2e/seatmap.spec.ts) draw with it in Chromium.
 */
const answers: Array<FromWorker> = []
let deliver: (message: ToWorker) => void = () => undefined
const filled: Array<{ style: string; x: number; y: number }> = []

const context = {
  fillStyle: "",
  setTransform: () => undefined,
  fillRect: () => undefined,
  beginPath: () => undefined,
  moveTo: () => undefined,
  rect: (x: number, y: number) => filled.push({ style: context.fillStyle, x, y }),
  arc: (x: number, y: number) => filled.push({ style: context.fillStyle, x, y }),
  fill: () => undefined,
  getImageData: () => ({ data: new Uint8ClampedArray([1, 2, 3, 255]) }),
  canvas: undefined as unknown,
}
const canvas = {
  width: 300,
  height: 150,
  getContext: (kind: string) => (kind === "2d" ? context : null),
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
}
context.canvas = canvas

beforeAll(async () => {
  Object.assign(globalThis, {
    self: {
      postMessage: (message: FromWorker) => answers.push(message),
      addEventListener: (_type: string, listener: (event: { data: ToWorker }) => void) => {
        deliver = (data) => listener({ data })
      },
    },
  })
  await import("../../../src/app/seatmap/seatMapWorker.ts")
})

const css = (rgb: readonly [number, number, number]) => `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`

describe("the seat map's painting worker", () => {
  it("paints with Canvas 2D where the canvas has no WebGL, sized by each frame, in the colours sent", async () => {
    deliver({ type: "canvas", canvas: canvas as unknown as OffscreenCanvas })
    expect(answers.shift()).toEqual({ type: "ready", kind: "canvas2d", maxSide: 16384 })
    deliver({ type: "positions", positions: new Float32Array([0, 0, 10, 0]) })
    const free = [...SEAT_COLORS.available, 255]
    deliver({ type: "colors", count: 2, from: 0, bytes: new Uint8Array([...free, ...free]) })
    // only the second seat's span: the worker keeps the first seat's colour
    deliver({ type: "colors", count: 2, from: 1, bytes: new Uint8Array([...SEAT_COLORS.mine, 255]) })
    const camera = fitCamera(boundsOf([0, 10], [0, 0]), { width: 200, height: 100, pixelRatio: 1 })
    deliver({ type: "draw", id: 7, width: 200, height: 100, camera, diameter: 8, count: 2, clip: null })
    expect(answers.shift()).toEqual({ type: "drawn", id: 7 })
    expect(canvas.width).toBe(200)
    expect(canvas.height).toBe(100)
    expect(filled.map(({ style }) => style)).toEqual([css(SEAT_COLORS.available), css(SEAT_COLORS.mine)])
    expect(filled[0]?.x ?? 0).toBeLessThan(filled[1]?.x ?? 0)

    deliver({ type: "readPixel", id: 3, x: 4, y: 5 })
    await Promise.resolve()
    expect(answers.shift()).toEqual({ type: "pixel", id: 3, rgb: [1, 2, 3] })
    // no WebGL here: nothing to lose, and nothing answered
    deliver({ type: "loseContext", lose: true })
    expect(answers).toEqual([])
  })
})
