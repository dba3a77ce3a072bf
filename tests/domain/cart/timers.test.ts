import { describe, expect, it } from "vitest"
import { fold } from "../../../src/domain/cart/fold.ts"
import { stepDeadline, timerState } from "../../../src/domain/cart/timers.ts"
import { addSeconds } from "../../../src/domain/cart/values.ts"
import { at, locked, newLog } from "./fixtures.ts"

/** Param 665 as the seed config has it. */
const param665 = {
  chooseSeatsInSeconds: 600,
  chooseTicketsInSeconds: 420,
  customerInfoInSeconds: 480,
  chooseProductsInSeconds: 300,
}

describe("step timers are deadlines from param 665 (spec §9)", () => {
  it("computes each step's deadline from its seconds", () => {
    const from = "2026-11-22T17:00:00.000Z"
    expect(stepDeadline(param665, "chooseSeats", from)).toBe("2026-11-22T17:10:00.000Z")
    expect(stepDeadline(param665, "chooseTickets", from)).toBe("2026-11-22T17:07:00.000Z")
    expect(stepDeadline(param665, "customerInfo", from)).toBe("2026-11-22T17:08:00.000Z")
    expect(stepDeadline(param665, "chooseProducts", "2026-11-22T19:00:00+02:00")).toBe(
      "2026-11-22T17:05:00.000Z",
    )
  })

  it("stores the deadline only; seconds left are derived from a given now", () => {
    const log = newLog()
    const deadline = stepDeadline(param665, "chooseSeats", at(1))
    const cart = fold([log.timerStarted("chooseSeats", deadline)])
    expect(cart.timers.chooseSeats).toEqual({ startedAt: at(1), deadline, expiredAt: null })
    expect(timerState(cart, addSeconds(at(1), 30))).toEqual({
      steps: [{ step: "chooseSeats", deadline, secondsLeft: 570, isExpired: false }],
      expired: [],
      offer: null,
      holdSecondsLeft: null,
    })
    const late = timerState(cart, addSeconds(deadline, 5))
    expect(late.steps[0]).toMatchObject({ secondsLeft: 0, isExpired: true })
    expect(late.offer).toEqual({ step: "chooseSeats", choices: ["extend", "refresh"] })
  })

  it("offers to extend or refresh the step that expired first", () => {
    const log = newLog()
    const cart = fold([log.timerStarted("chooseSeats", at(20)), log.timerStarted("chooseTickets", at(10))])
    const state = timerState(cart, at(30))
    expect(state.expired).toEqual(["chooseSeats", "chooseTickets"])
    expect(state.offer?.step).toBe("chooseTickets")
  })

  it("extends forward only, and only a started step", () => {
    const log = newLog()
    const cart = fold([log.timerStarted("chooseSeats", at(10))])
    expect(fold([log.timerExtended("chooseSeats", at(25))], cart).timers.chooseSeats?.deadline).toBe(at(25))
    expect(fold([log.timerExtended("chooseSeats", at(5))], cart).lastError?.reason).toBe("deadlineNotLater")
    expect(fold([log.timerExtended("chooseTickets", at(25))], cart).lastError?.reason).toBe("timerNotStarted")
    expect(fold([newLog().timerStarted("chooseSeats", at(1))]).lastError?.reason).toBe("deadlineNotLater")
  })

  it("records an expiry only once the deadline has passed, and an extension clears it", () => {
    const log = newLog()
    // events e1..e3 happen at minutes 1..3; the deadline is minute 2
    const cart = fold([
      log.timerStarted("chooseSeats", addSeconds(at(1), 30)),
      log.timerExpired("chooseSeats"),
    ])
    expect(cart.timers.chooseSeats?.expiredAt).toBe(at(2))
    // the reconciler's word wins over a device clock that is behind
    expect(timerState(cart, at(0)).expired).toEqual(["chooseSeats"])
    const extended = fold([log.timerExtended("chooseSeats", at(30))], cart)
    expect(extended.timers.chooseSeats?.expiredAt).toBeNull()
    const stale = fold([log.timerExpired("chooseSeats")], extended)
    expect(stale.lastError?.reason).toBe("timerNotDue")
    expect(stale.timers).toEqual(extended.timers)
  })

  it("reports the seconds until the earliest seat hold lapses", () => {
    const log = newLog()
    const cart = fold([log.select(), log.locked("c1", 1, [locked(0, 0)], at(12))])
    expect(timerState(cart, at(10)).holdSecondsLeft).toBe(120)
    expect(timerState(cart, at(13)).holdSecondsLeft).toBe(0)
  })
})
