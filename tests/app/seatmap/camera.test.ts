import { describe, expect, it } from "vitest"
import {
  boundsOf,
  boundsOfPairs,
  fit as fitCamera,
  hallPoint,
  pan,
  pointSize,
  screenPoint,
  toHall,
  toScreen,
  viewMatrix,
  zoomAt,
} from "../../../src/app/seatmap/camera.ts"

const viewport = { width: 800, height: 400, pixelRatio: 2 }
const bounds = { minX: 0, minY: 0, maxX: 20, maxY: 10 }

describe("camera", () => {
  it("fit centres the hall and shows all of it with a seat of margin", () => {
    const camera = fitCamera(bounds, viewport)
    expect(camera.center).toEqual({ x: 10, y: 5 })
    // 22 × 12 seat widths into 800 × 400 CSS px: the height decides
    expect(camera.scale).toBeCloseTo(400 / 12)
    const topLeft = toScreen(camera, hallPoint(-1, -1))
    const bottomRight = toScreen(camera, hallPoint(21, 11))
    expect(topLeft.x).toBeGreaterThanOrEqual(0)
    expect(topLeft.y).toBeCloseTo(0)
    expect(bottomRight.x).toBeLessThanOrEqual(800)
    expect(bottomRight.y).toBeCloseTo(400)
  })

  it("keeps the screen at the top and never mirrors the hall", () => {
    const camera = fitCamera(bounds, viewport)
    const left = toScreen(camera, hallPoint(0, 5))
    const right = toScreen(camera, hallPoint(20, 5))
    expect(left.x).toBeLessThan(right.x)
    const front = toScreen(camera, hallPoint(10, 0))
    const back = toScreen(camera, hallPoint(10, 10))
    expect(front.y).toBeLessThan(back.y)
  })

  it("toScreen and toHall are inverses", () => {
    const camera = zoomAt(fitCamera(bounds, viewport), screenPoint(123, 45), 3.7)
    for (const [x, y] of [
      [0, 0],
      [3.5, 7.25],
      [-40, 99],
    ] as const) {
      const back = toHall(camera, toScreen(camera, hallPoint(x, y)))
      expect(back.x).toBeCloseTo(x, 9)
      expect(back.y).toBeCloseTo(y, 9)
    }
    const point = screenPoint(310, 17)
    const again = toScreen(camera, toHall(camera, point))
    expect(again.x).toBeCloseTo(310, 9)
    expect(again.y).toBeCloseTo(17, 9)
  })

  it("zoomAt keeps the hall point under the cursor fixed", () => {
    const camera = fitCamera(bounds, viewport)
    const cursor = screenPoint(600, 100)
    const under = toHall(camera, cursor)
    for (const factor of [2, 0.8, 1.5]) {
      const zoomed = zoomAt(camera, cursor, factor)
      expect(zoomed.scale).toBeCloseTo(camera.scale * factor)
      const after = toScreen(zoomed, under)
      expect(after.x).toBeCloseTo(cursor.x, 9)
      expect(after.y).toBeCloseTo(cursor.y, 9)
    }
  })

  it("zoomAt stays within the camera's limits and still keeps the cursor point", () => {
    const camera = fitCamera(bounds, viewport)
    const cursor = screenPoint(50, 300)
    const under = toHall(camera, cursor)
    const far = zoomAt(camera, cursor, 1e-6)
    expect(far.scale).toBeCloseTo(camera.minScale)
    expect(toScreen(far, under).x).toBeCloseTo(cursor.x, 9)
    const near = zoomAt(camera, cursor, 1e9)
    expect(near.scale).toBe(camera.maxScale)
  })

  it("pan moves the hall with the pointer", () => {
    const camera = fitCamera(bounds, viewport)
    const seat = hallPoint(4, 4)
    const before = toScreen(camera, seat)
    const after = toScreen(pan(camera, 30, -12), seat)
    expect(after.x).toBeCloseTo(before.x + 30)
    expect(after.y).toBeCloseTo(before.y - 12)
  })

  it("the view matrix maps hall points to the clip space matching toScreen", () => {
    const camera = zoomAt(fitCamera(bounds, viewport), screenPoint(200, 300), 1.8)
    const m = viewMatrix(camera)
    const seat = hallPoint(7, 3)
    const clipX = (m[0] ?? 0) * seat.x + (m[3] ?? 0) * seat.y + (m[6] ?? 0)
    const clipY = (m[1] ?? 0) * seat.x + (m[4] ?? 0) * seat.y + (m[7] ?? 0)
    const screen = toScreen(camera, seat)
    expect(clipX).toBeCloseTo((screen.x / viewport.width) * 2 - 1, 5)
    expect(clipY).toBeCloseTo(1 - (screen.y / viewport.height) * 2, 5)
  })

  it("point sizes are in device pixels", () => {
    const camera = fitCamera(bounds, viewport)
    expect(pointSize(camera, 0.8)).toBeCloseTo(0.8 * camera.scale * 2)
  })

  it("boundsOf finds the seats' box, and an empty hall is a point", () => {
    expect(boundsOf([3, -1, 8], [2, 5, 0])).toEqual({ minX: -1, minY: 0, maxX: 8, maxY: 5 })
    expect(boundsOf([], [])).toEqual({ minX: 0, minY: 0, maxX: 0, maxY: 0 })
    expect(boundsOfPairs(Float32Array.from([3, 2, -1, 5, 8, 0]))).toEqual(boundsOf([3, -1, 8], [2, 5, 0]))
    expect(boundsOfPairs(new Float32Array(0))).toEqual(boundsOf([], []))
  })
})
