import { describe, expect, it } from "vitest"
import { MAX_SETTLED_COMMANDS } from "../../../src/domain/cart/applySeats.ts"
import type { CartEvent } from "../../../src/domain/cart/events.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { newLog, place, presentation } from "./fixtures.ts"

describe("settled seat commands", () => {
  it("keeps pending ones and only the latest settled ones, so a long session stays small", () => {
    const log = newLog()
    const events: Array<CartEvent> = [log.cartType("tickets"), log.select(presentation())]
    for (let i = 0; i < 2 * MAX_SETTLED_COMMANDS + 30; i++) {
      events.push(log.lockRequested(`c${i}`, 1, [place(i, 0)]))
      events.push(log.lockRejected(`c${i}`))
    }
    events.push(log.lockRequested("waiting", 1, [place(0, 1)]))
    const cart = fold(events)
    const ids = Object.keys(cart.commands)
    expect(ids.length).toBeGreaterThan(MAX_SETTLED_COMMANDS)
    expect(ids.length).toBeLessThanOrEqual(2 * MAX_SETTLED_COMMANDS + 1)
    expect(ids).toContain("waiting")
    expect(ids).not.toContain("c0")
    expect(ids).toContain(`c${2 * MAX_SETTLED_COMMANDS + 29}`)
  })
})
