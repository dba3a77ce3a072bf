import type { SeatRef } from "../../api/SeatsApi.ts"
import {
  type CartEvent,
  SeatLocked,
  SeatLockLost,
  SeatLockRejected,
  StepTimerExpired,
} from "../../domain/cart/events.ts"
import type { Cart } from "../../domain/cart/state.ts"
import { timerState } from "../../domain/cart/timers.ts"
import type { SeatPlace } from "../../domain/cart/values.ts"
import { placeKeyOf } from "../../domain/seating/seatKeys.ts"
import type { SeatsClient } from "../seating/seatsClient.ts"
import { type CartLog, eventMeta } from "./cartLog.ts"
import { toCartSeat } from "./seatCommands.ts"

/**
 * Brings the cart log in line with the server without overwriting anything: it appends corrections.
 * - a step whose deadline passed → `StepTimerExpired`;
 * - a seat the log holds but the server no longer does (the hold lapsed, or was taken over) → `SeatLockLost`;
 * - a lock whose answer never arrived (lost signal) → `SeatLocked` if the server holds all its seats for this
 *   cart, else `SeatLockRejected`. Only commands older than `settleAfterMs` are settled, so an answer that is
 *   merely slow is not pre-empted.
 */

export interface ReconcileOptions {
  readonly now?: () => Date
  readonly settleAfterMs?: number
}

export const corrections = async (
  cart: Cart,
  cartToken: string | null,
  client: SeatsClient,
  options: ReconcileOptions = {},
): Promise<ReadonlyArray<CartEvent>> => {
  const now = options.now ?? (() => new Date())
  const settleAfterMs = options.settleAfterMs ?? 30_000
  const nowIso = now().toISOString()
  const events: Array<CartEvent> = []

  for (const step of timerState(cart, nowIso).expired)
    if (cart.timers[step]?.expiredAt === null) events.push(StepTimerExpired.make({ ...eventMeta(now), step }))

  if (cartToken === null) return events
  const asked = new Map<number, Array<SeatPlace>>()
  for (const presentation of cart.presentations)
    if (presentation.seats.length > 0)
      asked.set(
        presentation.facts.id,
        presentation.seats.map((s) => ({ ...s })),
      )
  const unsettled = Object.entries(cart.commands).filter(
    ([, command]) =>
      command.kind === "lock" &&
      command.status === "pending" &&
      now().getTime() - Date.parse(command.requestedAt) >= settleAfterMs,
  )
  for (const [, command] of unsettled)
    asked.set(command.presentationId, [...(asked.get(command.presentationId) ?? []), ...command.seats])
  if (asked.size === 0) return events

  const answer = await client.sync(
    cartToken,
    [...asked].map(([presentationId, seats]) => ({
      presentationId,
      seats: seats.map(
        (seat): SeatRef => ({
          PresentationId: presentationId,
          VenueSectionId: seat.VenueSectionId,
          XCoordinate: seat.x,
          YCoordinate: seat.y,
        }),
      ),
    })),
  )
  if (answer._tag === "Refused") return events

  for (const state of answer.value.presentations) {
    const held = new Map(state.held.map((seat) => [placeKeyOf(seat), seat]))
    const inCart = cart.presentations.find((p) => p.facts.id === state.presentationId)?.seats ?? []
    const lost = inCart.filter((seat) => !held.has(placeKeyOf(seat)))
    if (lost.length > 0)
      events.push(
        SeatLockLost.make({
          ...eventMeta(now),
          presentationId: state.presentationId,
          seats: lost.map((seat) => ({ VenueSectionId: seat.VenueSectionId, x: seat.x, y: seat.y })),
        }),
      )
    for (const [commandId, command] of unsettled) {
      if (command.presentationId !== state.presentationId) continue
      const seats = command.seats.map((seat) => held.get(placeKeyOf(seat)))
      if (seats.every((seat) => seat !== undefined) && state.expiresAt !== null)
        events.push(
          SeatLocked.make({
            ...eventMeta(now),
            commandId,
            presentationId: command.presentationId,
            expiresAt: state.expiresAt,
            seats: seats.map(toCartSeat),
          }),
        )
      else events.push(SeatLockRejected.make({ ...eventMeta(now), commandId, reason: "lock_seat_error" }))
    }
  }
  return events
}

/** One pass: compute the corrections from the current projection and append them. */
export const reconcile = async (cart: CartLog, client: SeatsClient, options: ReconcileOptions = {}) => {
  const events = await corrections(cart.store.state(), cart.cartToken(), client, options)
  return events.length === 0 ? cart.store.state() : cart.store.append(events)
}

/**
 * Runs `reconcile` at start, when the browser comes back online, when the page becomes visible again, and at
 * the next deadline the cart knows of. Runs never overlap; a failed run (no network) waits for the next trigger.
 */
export const startReconciler = (cart: CartLog, client: SeatsClient, options: ReconcileOptions = {}) => {
  let running: Promise<unknown> | null = null
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const now = options.now ?? (() => new Date())

  const scheduleNextDeadline = () => {
    clearTimeout(timer)
    const state = timerState(cart.store.state(), now().toISOString())
    const waits = [
      ...state.steps.filter((s) => !s.isExpired).map((s) => s.secondsLeft),
      ...(state.holdSecondsLeft === null ? [] : [state.holdSecondsLeft]),
    ].filter((seconds) => seconds > 0)
    if (waits.length > 0) timer = setTimeout(run, Math.min(...waits) * 1000 + 250)
  }

  const run = (): void => {
    if (running !== null) {
      again = true
      return
    }
    running = reconcile(cart, client, options)
      .catch(() => undefined)
      .finally(() => {
        running = null
        scheduleNextDeadline()
        if (again) {
          again = false
          run()
        }
      })
  }
  const onVisible = () => {
    if (document.visibilityState === "visible") run()
  }
  window.addEventListener("online", run)
  document.addEventListener("visibilitychange", onVisible)
  run()
  return () => {
    clearTimeout(timer)
    window.removeEventListener("online", run)
    document.removeEventListener("visibilitychange", onVisible)
  }
}
