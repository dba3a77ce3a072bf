import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef, useState } from "react"
import { CartReset, StepTimerExtended, StepTimerStarted } from "../../domain/cart/events.ts"
import { type Cart, findPresentation } from "../../domain/cart/state.ts"
import { type StepTimerView, stepDeadline, timerState } from "../../domain/cart/timers.ts"
import type { OrderStep } from "../../domain/cart/values.ts"
import { type CartLog, eventMeta } from "../cart/cartLog.ts"
import { renewHolds, unlockSeats } from "../cart/seatCommands.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import type { SeatsClient } from "../seating/seatsClient.ts"
import { useNow } from "./useNow.ts"

export interface StepTimerControl {
  readonly timer: StepTimerView | null
  readonly busy: boolean
  /** the expiry offer's "extend": the step's full time again from now */
  readonly extend: () => Promise<void>
  /** the expiry offer's "refresh": release the seats and start the order over */
  readonly startAgain: () => Promise<void>
}

/**
 * A step's own lock timer (spec §2, param 665): started when the buyer reaches the step with seats held, shown as
 * a countdown, and offered for extension or a fresh start once it runs out. The deadline is a cart event, so a
 * reload shows the same countdown. Starting or extending it renews the server's holds for the step's seconds.
 */
export const useStepTimer = (
  log: CartLog,
  cart: Cart,
  client: SeatsClient,
  presentationId: number,
  step: OrderStep,
): StepTimerControl => {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const starting = useRef(false)
  const held = findPresentation(cart, presentationId)?.seats ?? []
  const running = cart.timers[step] !== undefined

  const param665 = async () => (await queryClient.ensureQueryData(configQueryOptions())).params["665"]

  useEffect(() => {
    if (running || held.length === 0 || starting.current) return
    starting.current = true
    void (async () => {
      try {
        const meta = eventMeta()
        const deadline = stepDeadline(await param665(), step, meta.at)
        await log.store.append([StepTimerStarted.make({ ...meta, step, deadline })])
        // the seats must last as long as the step the buyer now sees (spec §4: the current step's seconds)
        await renewHolds(log, client, step)
      } catch {
        // no config (offline on first visit): the step runs without a countdown
      } finally {
        starting.current = false
      }
    })()
  })

  const now = useNow(running)
  const timer = timerState(cart, now).steps.find((view) => view.step === step) ?? null

  const extend = async () => {
    setBusy(true)
    try {
      const meta = eventMeta()
      const deadline = stepDeadline(await param665(), step, meta.at)
      await log.store.append([StepTimerExtended.make({ ...meta, step, deadline })])
      await renewHolds(log, client, step)
    } finally {
      setBusy(false)
    }
  }

  const startAgain = async () => {
    setBusy(true)
    try {
      const seats = findPresentation(log.store.state(), presentationId)?.seats ?? []
      // best effort: holds lapse by themselves anyway
      if (seats.length > 0)
        await unlockSeats(
          log,
          client,
          presentationId,
          seats.map((seat) => ({ VenueSectionId: seat.VenueSectionId, x: seat.x, y: seat.y })),
        ).catch(() => undefined)
      await log.store.append([CartReset.make({ ...eventMeta(), keepCustomerInfo: true })])
    } finally {
      setBusy(false)
    }
  }

  return { timer, busy, extend, startAgain }
}
