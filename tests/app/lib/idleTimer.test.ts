import { describe, expect, it } from "vitest"
import { createIdleTimer, IDLE_MS, type TimerPort } from "../../../src/app/lib/idleTimer.ts"

/** A hand-driven clock: `advance` runs whatever is due, in order. */
const fakeTimers = () => {
  let now = 0
  let next = 0
  const due = new Map<number, { at: number; run: () => void }>()
  const port: TimerPort = {
    set: (run, ms) => {
      next += 1
      due.set(next, { at: now + ms, run })
      return next
    },
    clear: (handle) => {
      due.delete(handle as number)
    },
  }
  const advance = (ms: number) => {
    const until = now + ms
    for (;;) {
      const first = [...due.entries()].sort(([, a], [, b]) => a.at - b.at)[0]
      if (first === undefined || first[1].at > until) break
      due.delete(first[0])
      now = first[1].at
      first[1].run()
    }
    now = until
  }
  return { port, advance }
}

describe("the idle route-change timer (spec §2: five idle minutes)", () => {
  it("is five minutes", () => {
    expect(IDLE_MS).toBe(300_000)
  })

  it("fires after five minutes with nobody there, and again after five more", () => {
    const clock = fakeTimers()
    let fired = 0
    createIdleTimer(() => fired++, clock.port)
    clock.advance(IDLE_MS - 1)
    expect(fired).toBe(0)
    clock.advance(1)
    expect(fired).toBe(1)
    clock.advance(IDLE_MS)
    expect(fired).toBe(2)
  })

  it("starts the five minutes again on activity or a route change, and never fires once stopped", () => {
    const clock = fakeTimers()
    let fired = 0
    const timer = createIdleTimer(() => fired++, clock.port)
    clock.advance(IDLE_MS - 1000)
    timer.reset()
    clock.advance(IDLE_MS - 1000)
    expect(fired).toBe(0)
    clock.advance(1000)
    expect(fired).toBe(1)
    timer.stop()
    clock.advance(IDLE_MS * 3)
    expect(fired).toBe(1)
  })
})
