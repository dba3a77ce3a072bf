import { Clock, ConfigProvider, Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { ClockMoverRef, ClockOffset, ServerClockLive } from "../../src/server/clock.ts"

/**
 * The journeys' movable clock (src/server/clock.ts, `E2E_CLOCK_MOVES`): only with the switch is there a mover, and
 * moving it moves what Effect's Clock reads (SQL follows through src/server/http/e2eClock.ts, proven by the
 * journey e2e/hold-cutoff.spec.ts); without it the server's clock cannot be moved at all.
 */
const withEnv = (env: Record<string, string>) =>
  ServerClockLive.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env }))))

const read = Effect.gen(function* () {
  const mover = yield* ClockMoverRef
  const offset = yield* ClockOffset
  const before = yield* Clock.currentTimeMillis
  const moved = mover?.moveBy(3 * 3_600_000) ?? null
  const after = yield* Clock.currentTimeMillis
  return { hasMover: mover !== null, offset, moved, shift: after - before }
})

describe("the server's movable clock", () => {
  it("exists only with E2E_CLOCK_MOVES, starts where MARQUEE_CLOCK_START says, and moves", () => {
    const start = "2026-11-24T08:00:00Z"
    const moved = Effect.runSync(
      read.pipe(Effect.provide(withEnv({ E2E_CLOCK_MOVES: "true", MARQUEE_CLOCK_START: start }))),
    )
    expect(moved.hasMover).toBe(true)
    expect(moved.moved).toBe(moved.offset + 3 * 3_600_000)
    expect(moved.shift).toBeGreaterThanOrEqual(3 * 3_600_000)
    expect(moved.shift).toBeLessThan(3 * 3_600_000 + 5_000)

    const fixed = Effect.runSync(read.pipe(Effect.provide(withEnv({ MARQUEE_CLOCK_START: start }))))
    expect(fixed.hasMover).toBe(false)
    expect(fixed.moved).toBeNull()
    expect(fixed.shift).toBeLessThan(5_000)
  })
})
