import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type Camera,
  fit as fitCamera,
  hallPoint,
  pan,
  screenPoint,
  toScreen,
  zoomAt,
} from "../../../src/app/seatmap/camera.ts"
import {
  offsetOf,
  placementOf,
  planFrame,
  type Surface,
  surfaceFor,
} from "../../../src/app/seatmap/panSurface.ts"

const viewport = { width: 400, height: 200, pixelRatio: 2 }
const camera = fitCamera({ minX: 0, minY: 0, maxX: 40, maxY: 20 }, viewport)
const size = surfaceFor(viewport, 8192)
const surfaceAt = (at: Camera, complete: boolean): Surface => ({
  center: at.center,
  scale: at.scale,
  complete,
})

describe("the pan surface", () => {
  it("adds half the window on every side, in whole device pixels", () => {
    expect(size).toEqual({ width: 800, height: 400, marginX: 400, marginY: 200 })
  })

  it("keeps under the area limit and the GPU's side limit, and drops margins too thin to help", () => {
    const phone = surfaceFor({ width: 412, height: 360, pixelRatio: 3.5 }, 8192)
    const area = (phone.width + 2 * phone.marginX) * (phone.height + 2 * phone.marginY)
    expect(area).toBeLessThanOrEqual(8 * 1024 * 1024)
    expect(phone.marginX).toBeGreaterThan(0)
    const narrowGpu = surfaceFor({ width: 1600, height: 900, pixelRatio: 1 }, 2048)
    expect(narrowGpu.width + 2 * narrowGpu.marginX).toBeLessThanOrEqual(2048)
    const huge = surfaceFor({ width: 3000, height: 2000, pixelRatio: 1 }, 8192)
    expect([huge.marginX, huge.marginY]).toEqual([0, 0])
    expect(surfaceFor(viewport, 8192, false)).toEqual({ width: 800, height: 400, marginX: 0, marginY: 0 })
  })

  it("draws the visible window first, the whole surface on the first pan, then only moves", () => {
    expect(planFrame(null, camera, size, false)).toEqual({
      kind: "draw",
      surface: surfaceAt(camera, false),
      visibleOnly: true,
    })
    const panned = pan(camera, 12, 0)
    expect(planFrame(surfaceAt(camera, false), panned, size, false)).toEqual({
      kind: "draw",
      surface: surfaceAt(panned, true),
      visibleOnly: false,
    })
    const further = pan(panned, 30, -7)
    expect(planFrame(surfaceAt(panned, true), further, size, false)).toEqual({
      kind: "move",
      offset: { x: 60, y: -14 },
    })
  })

  it("draws again when the view leaves the drawn area, on a zoom and when the pixels are stale", () => {
    const drawn = surfaceAt(camera, true)
    const out = pan(camera, 201, 0)
    expect(planFrame(drawn, out, size, false)).toMatchObject({ kind: "draw", visibleOnly: false })
    const zoomed = zoomAt(camera, screenPoint(200, 100), 1.15)
    expect(planFrame(drawn, zoomed, size, false)).toMatchObject({ kind: "draw", visibleOnly: true })
    expect(planFrame(drawn, camera, size, true)).toMatchObject({ kind: "draw", visibleOnly: true })
  })

  it("without margins every pan is a redraw of the window", () => {
    const bare = surfaceFor(viewport, 8192, false)
    const plan = planFrame(surfaceAt(camera, false), pan(camera, 1, 0), bare, false)
    expect(plan).toMatchObject({ kind: "draw", visibleOnly: true, surface: { complete: false } })
  })

  it("a moved surface shows every hall point where the camera puts it, within half a device pixel", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -190, max: 190 }),
        fc.integer({ min: -90, max: 90 }),
        fc.double({ min: -20, max: 60, noNaN: true }),
        fc.double({ min: -20, max: 40, noNaN: true }),
        (dx, dy, hx, hy) => {
          const drawn = surfaceAt(camera, true)
          const moved = pan(camera, dx + 0.3, dy - 0.2)
          const plan = planFrame(drawn, moved, size, false)
          if (plan.kind !== "move") return false
          const perUnit = camera.scale * viewport.pixelRatio
          // where the surface drew the point, plus the move, against where the moved camera wants it
          const drawnAt = (hx - drawn.center.x) * perUnit + plan.offset.x
          const wanted = (hx - moved.center.x) * perUnit
          const drawnAtY = (hy - drawn.center.y) * perUnit + plan.offset.y
          const wantedY = (hy - moved.center.y) * perUnit
          return Math.abs(drawnAt - wanted) <= 0.5 + 1e-9 && Math.abs(drawnAtY - wantedY) <= 0.5 + 1e-9
        },
      ),
    )
    expect(
      offsetOf(surfaceAt(camera, true), { ...camera, center: hallPoint(camera.center.x, camera.center.y) }),
    ).toEqual({
      x: 0,
      y: 0,
    })
  })

  it("scales what is drawn during a zoom gesture, while the drawn pixels fill the window", () => {
    const complete = surfaceAt(camera, true)
    const windowOnly = surfaceAt(camera, false)
    const zoomIn = zoomAt(camera, screenPoint(120, 60), 1.4)
    const zoomOut = zoomAt(camera, screenPoint(200, 100), 1 / 1.6)
    expect(planFrame(complete, zoomIn, size, false, true)).toMatchObject({ kind: "scale", factor: 1.4 })
    // zooming in needs only the window's pixels; zooming out needs the margins drawn
    expect(planFrame(windowOnly, zoomIn, size, false, true)).toMatchObject({ kind: "scale" })
    expect(planFrame(complete, zoomOut, size, false, true)).toMatchObject({ kind: "scale" })
    expect(planFrame(windowOnly, zoomOut, size, false, true)).toMatchObject({ kind: "draw" })
    // further out than the margins reach, blown up past the limit, stale, or no gesture: drawn
    const closer = zoomAt(camera, screenPoint(200, 100), 2)
    const outOfReach = zoomAt(closer, screenPoint(200, 100), 1 / 2.2)
    expect(planFrame(surfaceAt(closer, true), outOfReach, size, false, true)).toMatchObject({ kind: "draw" })
    expect(planFrame(complete, zoomAt(camera, screenPoint(200, 100), 3), size, false, true)).toMatchObject({
      kind: "draw",
    })
    expect(planFrame(complete, zoomIn, size, true, true)).toMatchObject({ kind: "draw" })
    expect(planFrame(complete, zoomIn, size, false, false)).toMatchObject({ kind: "draw" })
  })

  it("a scaled surface shows every hall point where the camera puts it", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.45, max: 2.4, noNaN: true }),
        fc.double({ min: 0, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: -20, max: 60, noNaN: true }),
        fc.double({ min: -20, max: 40, noNaN: true }),
        (factor, px, py, hx, hy) => {
          const drawn = surfaceAt(camera, true)
          const zoomed = zoomAt(camera, screenPoint(px, py), factor)
          const plan = planFrame(drawn, zoomed, size, false, true)
          // zooming in always stays inside what is drawn; zooming far out near an edge may not (then it draws)
          if (factor >= 1 && plan.kind !== "scale") return false
          fc.pre(plan.kind === "scale")
          if (plan.kind !== "scale") return false
          const ratio = viewport.pixelRatio
          const at = placementOf(size, plan.offset, plan.factor, ratio)
          // the device pixel the surface drew the point at, then the transform, against the zoomed camera
          const drawnX = (hx - drawn.center.x) * drawn.scale * ratio + size.width / 2 + size.marginX
          const drawnY = (hy - drawn.center.y) * drawn.scale * ratio + size.height / 2 + size.marginY
          const wanted = toScreen(zoomed, hallPoint(hx, hy))
          return (
            Math.abs(at.x + (plan.factor * drawnX) / ratio - wanted.x) < 1e-6 &&
            Math.abs(at.y + (plan.factor * drawnY) / ratio - wanted.y) < 1e-6
          )
        },
      ),
    )
  })
})
