import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"

/** Each worker the module starts, instead of a real one (Vite's `?worker` import). */
const started = vi.hoisted(() => [] as Array<{ terminate: () => void; terminated: boolean }>)
vi.mock("../../../src/app/seatmap/seatMapWorker.ts?worker", () => ({
  default: class {
    terminated = false
    constructor() {
      started.push(this)
    }
    terminate() {
      this.terminated = true
    }
  },
}))

const { mayPaintInWorker, startSeatMapWorker, takeSeatMapWorker } = await import(
  "../../../src/app/seatmap/seatMapWorkerStart.ts"
)
const { SMALL_HALL_SEATS } = await import("../../../src/app/seatmap/seatMapContract.ts")

describe("starting the seat map's painting worker ahead of the map", () => {
  beforeEach(() => {
    started.length = 0
    vi.stubGlobal("Worker", class {})
    vi.stubGlobal("OffscreenCanvas", class {})
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("starts none for a hall whose capacity proves it small: its map is painted on the page", () => {
    for (const capacity of [1, 180, SMALL_HALL_SEATS]) {
      expect(mayPaintInWorker(capacity)).toBe(false)
      startSeatMapWorker(capacity)()
    }
    expect(started).toHaveLength(0)
  })

  it("starts one for a large hall or one of unknown size, and the map takes that one", () => {
    expect([mayPaintInWorker(SMALL_HALL_SEATS + 1), mayPaintInWorker(null), mayPaintInWorker()]).toEqual([
      true,
      true,
      true,
    ])
    startSeatMapWorker(23_000)
    startSeatMapWorker(null)
    expect(started).toHaveLength(1)
    expect(takeSeatMapWorker()).toBe(started[0])
    expect(started[0]?.terminated).toBe(false)
  })

  it("ends the waiting worker when the screen leaves before a map took it", () => {
    const release = startSeatMapWorker()
    release()
    expect(started).toHaveLength(1)
    expect(started[0]?.terminated).toBe(true)
    // the next map gets a worker of its own
    takeSeatMapWorker()
    expect(started).toHaveLength(2)
  })

  it("starts none where the browser cannot hand a canvas to a worker", () => {
    vi.stubGlobal("OffscreenCanvas", undefined)
    startSeatMapWorker(50_000)()
    expect(started).toHaveLength(0)
  })
})
