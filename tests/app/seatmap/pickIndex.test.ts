import { describe, expect, it } from "vitest"
import { hallPoint } from "../../../src/app/seatmap/camera.ts"
import { createPickIndex } from "../../../src/app/seatmap/pickIndex.ts"

/** A small seeded generator, so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1_664_525 + 1_013_904_223) >>> 0
  return seed / 2 ** 32
}

describe("pickIndex", () => {
  const row = new Float32Array([0, 0, 1, 0, 2, 0, 3, 0, 0, 1, 1, 1])

  it("picks the nearest seat within the radius", () => {
    const index = createPickIndex(row)
    expect(index.size).toBe(6)
    expect(index.pick(hallPoint(0.9, 0.1), 0.6)).toBe(1)
    expect(index.pick(hallPoint(2.2, -0.3), 0.6)).toBe(2)
    expect(index.pick(hallPoint(0.2, 0.9), 0.6)).toBe(4)
  })

  it("picks nothing outside the radius", () => {
    const index = createPickIndex(row)
    expect(index.pick(hallPoint(1.5, 3), 0.6)).toBeUndefined()
    expect(index.pick(hallPoint(-2, 0), 1.5)).toBeUndefined()
  })

  it("breaks a tie towards the lower index, and an empty hall picks nothing", () => {
    expect(createPickIndex(row).pick(hallPoint(0.5, 0), 0.6)).toBe(0)
    expect(createPickIndex(new Float32Array(0)).pick(hallPoint(0, 0), 10)).toBeUndefined()
  })

  it("agrees with a linear scan on 100,000 random seats", () => {
    const next = random(42)
    const count = 100_000
    const positions = new Float32Array(count * 2)
    for (let i = 0; i < positions.length; i++) positions[i] = next() * 1000
    const index = createPickIndex(positions)
    const radius = 2
    for (let q = 0; q < 300; q++) {
      const point = hallPoint(next() * 1000, next() * 1000)
      let best: number | undefined
      let bestDistance = radius * radius
      for (let i = 0; i < count; i++) {
        const dx = (positions[2 * i] ?? 0) - point.x
        const dy = (positions[2 * i + 1] ?? 0) - point.y
        const distance = dx * dx + dy * dy
        if (distance < bestDistance || (distance === bestDistance && best === undefined)) {
          best = i
          bestDistance = distance
        }
      }
      expect(index.pick(point, radius), `query ${q}`).toBe(best)
    }
  })
})
