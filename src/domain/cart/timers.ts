import type { Cart } from "./state.ts"
import { addSeconds, instantMs, type OrderStep } from "./values.ts"

/**
 * Step timers as deadlines (spec §2, §4, §9 param 665). The log stores when a step must end, never a countdown:
 * a countdown in state would be wrong after a reload, a sleep or a replay, a deadline is right forever. What the
 * UI shows is derived here from a deadline and a "now" the caller passes in.
 */

/** Param 665, as the config API sends it: seconds per step. */
export interface StepSeconds {
  readonly chooseSeatsInSeconds: number
  readonly chooseTicketsInSeconds: number
  readonly customerInfoInSeconds: number
  readonly chooseProductsInSeconds: number
}

const secondsKey: Readonly<Record<OrderStep, keyof StepSeconds>> = {
  chooseSeats: "chooseSeatsInSeconds",
  chooseTickets: "chooseTicketsInSeconds",
  chooseProducts: "chooseProductsInSeconds",
  customerInfo: "customerInfoInSeconds",
}

/** A step's full time from param 665. */
export const secondsOfStep = (param665: StepSeconds, step: OrderStep): number => param665[secondsKey[step]]

/** The deadline for `StepTimerStarted` or `StepTimerExtended`: the step's full time from `fromIso`. */
export const stepDeadline = (param665: StepSeconds, step: OrderStep, fromIso: string): string =>
  addSeconds(fromIso, secondsOfStep(param665, step))

export interface StepTimerView {
  readonly step: OrderStep
  readonly deadline: string
  /** whole seconds left, never negative */
  readonly secondsLeft: number
  readonly isExpired: boolean
}

/** Spec §4: an expired cart timer offers to extend the step or refresh (start over). */
export interface ExpiryOffer {
  readonly step: OrderStep
  readonly choices: readonly ["extend", "refresh"]
}

export interface TimerState {
  readonly steps: ReadonlyArray<StepTimerView>
  readonly expired: ReadonlyArray<OrderStep>
  /** for the step that expired first; null while nothing has expired */
  readonly offer: ExpiryOffer | null
  /** seconds until the earliest seat hold lapses; null when no seat is held */
  readonly holdSecondsLeft: number | null
}

const secondsUntil = (deadline: string, nowMs: number): number =>
  Math.max(0, Math.floor((instantMs(deadline) - nowMs) / 1000))

/**
 * A step is expired once now reaches its deadline, or when the reconciler recorded the expiry (the device
 * clock may be behind the server's; the recorded expiry wins).
 */
export const timerState = (cart: Cart, nowIso: string): TimerState => {
  const nowMs = instantMs(nowIso)
  const steps: Array<StepTimerView> = []
  for (const [step, timer] of Object.entries(cart.timers) as Array<[OrderStep, Cart["timers"][OrderStep]]>) {
    if (timer === undefined) continue
    steps.push({
      step,
      deadline: timer.deadline,
      secondsLeft: secondsUntil(timer.deadline, nowMs),
      isExpired: timer.expiredAt !== null || nowMs >= instantMs(timer.deadline),
    })
  }
  const expired = steps.filter((view) => view.isExpired)
  const first = [...expired].sort((a, b) => instantMs(a.deadline) - instantMs(b.deadline))[0]
  const holds = cart.presentations.flatMap((p) =>
    p.seats.length > 0 && p.holdExpiresAt !== null ? [p.holdExpiresAt] : [],
  )
  return {
    steps,
    expired: expired.map((view) => view.step),
    offer: first === undefined ? null : { step: first.step, choices: ["extend", "refresh"] },
    holdSecondsLeft:
      holds.length === 0 ? null : Math.min(...holds.map((deadline) => secondsUntil(deadline, nowMs))),
  }
}
