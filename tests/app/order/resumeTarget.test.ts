import { describe, expect, it } from "vitest"
import { resumeTarget } from "../../../src/app/order/resumeTarget.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { at, locked, newLog, place } from "../../domain/cart/fixtures.ts"

describe("/order resumes the tab's ticket order", () => {
  it("goes to what's on when no ticket order is open", () => {
    expect(resumeTarget(fold([]))).toBeNull()
  })

  it("goes to the seats of a chosen presentation with nothing held yet", () => {
    const log = newLog()
    expect(resumeTarget(fold([log.select()]))).toEqual({ presentationId: 1, screen: "seats" })
  })

  it("goes to the tickets once seats are held", () => {
    const log = newLog()
    const cart = fold([
      log.select(),
      log.lockRequested("c1", 1, [place(0, 0)]),
      log.locked("c1", 1, [locked(0, 0)], at(20)),
    ])
    expect(resumeTarget(cart)).toEqual({ presentationId: 1, screen: "tickets" })
  })
})
