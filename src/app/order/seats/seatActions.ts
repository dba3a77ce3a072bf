import type { SeatStatuses } from "../../../api/SeatsApi.ts"
import { CartReset, StepTimerExtended, StepTimerStarted } from "../../../domain/cart/events.ts"
import {
  type Cart,
  type CartSeat,
  findPresentation,
  pendingLockSeats,
  type SeatCommand,
} from "../../../domain/cart/state.ts"
import {
  type StepSeconds,
  type StepTimerView,
  stepDeadline,
  timerState,
} from "../../../domain/cart/timers.ts"
import type { SeatPlace } from "../../../domain/cart/values.ts"
import {
  LOCK_REFUSALS,
  type LockRefusal,
  narrowRefusal,
  UNLOCK_REFUSALS,
  type UNRECOGNISED_REFUSAL,
  type UnlockRefusal,
} from "../../../domain/seating/refusals.ts"
import { placeKeyOf, placeKeyOfSeat } from "../../../domain/seating/seatKeys.ts"
import { type CartLog, eventMeta } from "../../cart/cartLog.ts"
import { reconcile } from "../../cart/reconciler.ts"
import { lockSeats, renewHolds, unlockSeats } from "../../cart/seatCommands.ts"
import type { SeatsClient } from "../../seating/seatsClient.ts"
import type { SeatMarks } from "../../seatmap/seatRows.ts"

/**
 * The seat screen's cart actions, one lazy chunk: what holding seats takes (the event store, the domain's events
 * and rules with Effect Schema, the seat commands). SeatSelectionPage draws the seats without it and loads it
 * right after its first render, beside the cart itself (useCart); until both are there the seats cannot be
 * picked.
 * The two components are here, not imported by the page, because they append cart events themselves.
 */
export { BestAvailable, GaQuantity } from "./HoldByQuantity.tsx"
export { OtherShowings } from "./OtherShowings.tsx"
/** What the screen says of a refused hold or release: only an action can make one, so its words come with them. */
export { lockProblemText, unlockProblemText } from "./seatProblems.ts"

const NO_SEATS: ReadonlyArray<CartSeat> = []

export const heldSeats = (cart: Cart, presentationId: number): ReadonlyArray<CartSeat> =>
  findPresentation(cart, presentationId)?.seats ?? NO_SEATS

/** What the seat list marks as this cart's: its holds, and the places a lock is still waiting for. */
export const seatMarks = (cart: Cart, presentationId: number): SeatMarks => ({
  mine: heldSeats(cart, presentationId),
  pending: pendingLockSeats(cart)
    .filter((entry) => entry.presentationId === presentationId)
    .map((entry) => entry.seat),
})

/** The seat step's countdown; null before the first hold started it. */
export const seatTimer = (cart: Cart, nowIso: string): StepTimerView | null =>
  timerState(cart, nowIso).steps.find((step) => step.step === "chooseSeats") ?? null

export const hasPendingCommand = (cart: Cart): boolean =>
  Object.values(cart.commands).some((command) => command.status === "pending")

/** The command a seat call just appended: commands keep insertion order and each call adds a fresh id. */
const lastCommand = (cart: Cart, kind: SeatCommand["kind"]): SeatCommand | undefined =>
  Object.values(cart.commands)
    .filter((command) => command.kind === kind)
    .at(-1)

export type PickOutcome =
  | { readonly kind: "held" }
  | { readonly kind: "released" }
  | { readonly kind: "unlockFailed"; readonly reason: UnlockRefusal | typeof UNRECOGNISED_REFUSAL }
  | { readonly kind: "refused"; readonly reason: LockRefusal | typeof UNRECOGNISED_REFUSAL }

/**
 * A tap on a seat: releases it when the cart holds it, asks to hold it otherwise. Throws when there was no
 * answer (offline): the intent stays pending in the log and the reconciler settles it later.
 */
export const pickPlace = async (
  log: CartLog,
  client: SeatsClient,
  presentationId: number,
  place: SeatPlace,
  mine: boolean,
): Promise<PickOutcome> => {
  if (mine) {
    const after = await unlockSeats(log, client, presentationId, [place])
    const command = lastCommand(after, "unlock")
    return command?.status === "refused"
      ? { kind: "unlockFailed", reason: narrowRefusal(UNLOCK_REFUSALS, command.reason ?? "") }
      : { kind: "released" }
  }
  const after = await lockSeats(log, client, presentationId, [place])
  const command = lastCommand(after, "lock")
  return command?.status === "refused"
    ? { kind: "refused", reason: narrowRefusal(LOCK_REFUSALS, command.reason ?? "") }
    : { kind: "held" }
}

/** The seat step's timer (param 665) starts with the first hold. */
export const startSeatTimer = async (
  log: CartLog,
  presentationId: number,
  param665: () => Promise<StepSeconds>,
): Promise<void> => {
  const state = log.store.state()
  const holds = findPresentation(state, presentationId)?.seats.length ?? 0
  if (holds === 0 || state.timers.chooseSeats !== undefined) return
  const seconds = await param665()
  const meta = eventMeta()
  const deadline = stepDeadline(seconds, "chooseSeats", meta.at)
  await log.store.append([StepTimerStarted.make({ ...meta, step: "chooseSeats", deadline })])
}

/** The expiry offer's "extend": the step's full time again, and the server's holds with it. */
export const extendSeatTimer = async (
  log: CartLog,
  client: SeatsClient,
  param665: () => Promise<StepSeconds>,
): Promise<void> => {
  const seconds = await param665()
  const meta = eventMeta()
  const deadline = stepDeadline(seconds, "chooseSeats", meta.at)
  await log.store.append([StepTimerExtended.make({ ...meta, step: "chooseSeats", deadline })])
  await renewHolds(log, client, "chooseSeats")
}

/** Spec §4 "refresh": release what the server still holds (best effort: holds lapse anyway), empty the cart. */
export const startAgain = async (
  log: CartLog,
  client: SeatsClient,
  presentationId: number,
  held: ReadonlyArray<CartSeat>,
): Promise<void> => {
  if (held.length > 0)
    await unlockSeats(
      log,
      client,
      presentationId,
      held.map((seat) => ({ VenueSectionId: seat.VenueSectionId, x: seat.x, y: seat.y })),
    ).catch(() => undefined)
  await log.store.append([CartReset.make({ ...eventMeta(), keepCustomerInfo: true })])
}

/**
 * The statuses are a second witness: when a fresh answer no longer lists a held seat as ours, the reconciler
 * settles it now instead of at its next trigger (a reconnect whose first request failed, a lapsed hold).
 */
export const settleIfStatusesDisagree = (
  log: CartLog,
  client: SeatsClient,
  cart: Cart,
  held: ReadonlyArray<CartSeat>,
  statuses: SeatStatuses,
): void => {
  if (held.length === 0 || hasPendingCommand(cart)) return
  const ours = new Set(statuses.seats.filter((seat) => seat.isSelected).map((seat) => placeKeyOfSeat(seat)))
  if (held.every((seat) => ours.has(placeKeyOf(seat)))) return
  void reconcile(log, client).catch(() => undefined)
}

/**
 * A held seat that left the cart without this cart asking (the reconciler's `SeatLockLost`: the hold lapsed or
 * was taken over), to be reported by row and seat; undefined when every seat that left was released on purpose.
 */
export const lostHold = (
  cart: Cart,
  presentationId: number,
  before: ReadonlyArray<CartSeat>,
  held: ReadonlyArray<CartSeat>,
): CartSeat | undefined => {
  if (findPresentation(cart, presentationId) === undefined) return undefined
  const now = new Set(held.map(placeKeyOf))
  // the latest command naming a seat says whether this cart let it go
  const latest = new Map<string, SeatCommand>()
  for (const command of Object.values(cart.commands))
    if (command.presentationId === presentationId)
      for (const seat of command.seats) {
        const key = placeKeyOf(seat)
        const seen = latest.get(key)
        if (seen === undefined || seen.requestedAt <= command.requestedAt) latest.set(key, command)
      }
  const released = new Set([...latest].filter(([, command]) => command.kind === "unlock").map(([key]) => key))
  return before.find((seat) => !now.has(placeKeyOf(seat)) && !released.has(placeKeyOf(seat)))
}
