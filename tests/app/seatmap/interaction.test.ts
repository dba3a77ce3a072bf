import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { type Camera, fit as fitCamera, type ScreenPoint, toHall } from "../../../src/app/seatmap/camera.ts"
import { attachInteraction } from "../../../src/app/seatmap/interaction.ts"

const viewport = { width: 400, height: 200, pixelRatio: 1 }

const setup = () => {
  const listeners = new Map<string, (event: unknown) => void>()
  const canvas = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    getBoundingClientRect: () => ({ left: 0, top: 0 }),
    setPointerCapture: () => undefined,
  } as unknown as HTMLCanvasElement
  let camera: Camera = fitCamera({ minX: 0, minY: 0, maxX: 40, maxY: 20 }, viewport)
  const picks: Array<ScreenPoint> = []
  const hovers: Array<ScreenPoint | null> = []
  let resets = 0
  // each move, marked as a gesture step or not; "settle" where a gesture ended
  const moves: Array<"gesture" | "plain" | "settle"> = []
  const detach = attachInteraction(canvas, {
    camera: () => camera,
    move: (next, continuous) => {
      camera = next
      moves.push(continuous === true ? "gesture" : "plain")
    },
    settle: () => moves.push("settle"),
    reset: () => {
      resets++
    },
    pick: (point) => picks.push(point),
    hover: (point) => hovers.push(point),
  })
  const fire = (type: string, event: Record<string, unknown>) =>
    listeners.get(type)?.({ preventDefault: () => undefined, ...event })
  const pointer = (type: string, id: number, x: number, y: number, pointerType = "touch") =>
    fire(type, { pointerId: id, pointerType, button: 0, clientX: x, clientY: y })
  return {
    camera: () => camera,
    picks,
    hovers,
    moves,
    resets: () => resets,
    fire,
    pointer,
    detach,
    listeners,
  }
}

describe("map input", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("arrow keys move the view over the hall, unmirrored; + and − zoom about the middle; 0 resets", () => {
    const map = setup()
    const start = map.camera()
    map.fire("keydown", { key: "ArrowRight" })
    expect(map.camera().center.x).toBeGreaterThan(start.center.x)
    expect(map.camera().center.y).toBe(start.center.y)
    map.fire("keydown", { key: "ArrowDown" })
    expect(map.camera().center.y).toBeGreaterThan(start.center.y)
    const middle = toHall(map.camera(), { x: 200, y: 100 } as ScreenPoint)
    map.fire("keydown", { key: "+" })
    expect(map.camera().scale).toBeCloseTo(start.scale * 1.5)
    expect(toHall(map.camera(), { x: 200, y: 100 } as ScreenPoint).x).toBeCloseTo(middle.x)
    map.fire("keydown", { key: "-" })
    expect(map.camera().scale).toBeCloseTo(start.scale)
    map.fire("keydown", { key: "0" })
    expect(map.resets()).toBe(1)
    // keys with modifiers belong to the browser
    const before = map.camera()
    map.fire("keydown", { key: "+", ctrlKey: true })
    expect(map.camera()).toBe(before)
  })

  it("two fingers pinch: spreading them zooms in about their middle, and nothing is picked", () => {
    const map = setup()
    const start = map.camera()
    const anchor = toHall(start, { x: 200, y: 100 } as ScreenPoint)
    map.pointer("pointerdown", 1, 150, 100)
    map.pointer("pointerdown", 2, 250, 100)
    map.pointer("pointermove", 1, 100, 100)
    map.pointer("pointermove", 2, 300, 100)
    expect(map.camera().scale).toBeCloseTo(start.scale * 2)
    const after = toHall(map.camera(), { x: 200, y: 100 } as ScreenPoint)
    expect(after.x).toBeCloseTo(anchor.x)
    expect(after.y).toBeCloseTo(anchor.y)
    map.pointer("pointerup", 1, 100, 100)
    map.pointer("pointerup", 2, 300, 100)
    expect(map.picks).toEqual([])
    // the pinch's steps are one gesture, ended when a finger lifts (the map then draws the seats sharp)
    expect(map.moves).toEqual(["gesture", "gesture", "settle"])
  })

  it("the wheel zooms about the pointer, as steps of a gesture; keys and drags are plain moves", () => {
    const map = setup()
    const start = map.camera()
    const anchor = toHall(start, { x: 100, y: 50 } as ScreenPoint)
    map.fire("wheel", { deltaY: -100, deltaMode: 0, clientX: 100, clientY: 50 })
    expect(map.camera().scale).toBeGreaterThan(start.scale)
    expect(toHall(map.camera(), { x: 100, y: 50 } as ScreenPoint).x).toBeCloseTo(anchor.x)
    map.fire("keydown", { key: "+" })
    map.pointer("pointerdown", 1, 100, 100, "mouse")
    map.pointer("pointermove", 1, 140, 100, "mouse")
    map.pointer("pointerup", 1, 140, 100, "mouse")
    expect(map.moves).toEqual(["gesture", "plain", "plain"])
  })

  it("a tap picks; a long still press shows the seat instead; a drag pans", () => {
    const map = setup()
    map.pointer("pointerdown", 1, 50, 60)
    map.pointer("pointerup", 1, 50, 60)
    expect(map.picks).toEqual([{ x: 50, y: 60 }])

    map.pointer("pointerdown", 2, 80, 90)
    vi.advanceTimersByTime(600)
    expect(map.hovers.at(-1)).toEqual({ x: 80, y: 90 })
    map.pointer("pointerup", 2, 80, 90)
    expect(map.picks).toHaveLength(1)

    const before = map.camera().center
    map.pointer("pointerdown", 3, 100, 100)
    map.pointer("pointermove", 3, 140, 100)
    map.pointer("pointerup", 3, 140, 100)
    expect(map.picks).toHaveLength(1)
    expect(map.camera().center.x).toBeCloseTo(before.x - 40 / map.camera().scale)
  })

  it("a mouse hovering reports where it is, and leaving clears it; detach removes every listener", () => {
    const map = setup()
    map.pointer("pointermove", 9, 10, 20, "mouse")
    expect(map.hovers).toEqual([{ x: 10, y: 20 }])
    map.fire("pointerleave", { pointerType: "mouse" })
    expect(map.hovers.at(-1)).toBeNull()
    map.detach()
    expect(map.listeners.size).toBe(0)
  })
})
