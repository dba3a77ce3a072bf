import type { LockedSeat, SeatRef } from "../../api/SeatsApi.ts"
import {
  SeatHoldsRenewed,
  SeatLocked,
  SeatLockRejected,
  SeatLockRequested,
  SeatUnlocked,
  SeatUnlockRejected,
  SeatUnlockRequested,
} from "../../domain/cart/events.ts"
import type { LockedCartSeat } from "../../domain/cart/facts.ts"
import type { OrderStep, SeatPlace } from "../../domain/cart/values.ts"
import type { SeatsClient } from "../seating/seatsClient.ts"
import { type CartLog, eventMeta } from "./cartLog.ts"

/**
 * Seat commands as the architecture describes them: the intent goes into the log with a command id, the
 * request goes to the server, the verdict goes into the log with the same id. If the answer is lost (no signal),
 * the intent stays pending and the reconciler settles it from the server's view — never by sending it again
 * blind. Retrying the same seats is safe anyway: the server treats a cart re-locking its own seat as an extension.
 */

const toRefs = (presentationId: number, seats: ReadonlyArray<SeatPlace>): Array<SeatRef> =>
  seats.map((seat) => ({
    PresentationId: presentationId,
    VenueSectionId: seat.VenueSectionId,
    XCoordinate: seat.x,
    YCoordinate: seat.y,
  }))

/** A seat as the server answered a hold, as the cart log records it (its ticket is chosen later). */
export const toCartSeat = (seat: LockedSeat): LockedCartSeat => ({
  VenueSectionId: seat.VenueSectionId,
  x: seat.x,
  y: seat.y,
  RowName: seat.RowName,
  SeatName: seat.SeatName,
  TicketGroupId: null,
  allocationId: null,
  ticket: null,
})

export const lockSeats = async (
  cart: CartLog,
  client: SeatsClient,
  presentationId: number,
  seats: ReadonlyArray<SeatPlace>,
  isHold = false,
) => {
  const token = cart.cartToken()
  const commandId = crypto.randomUUID()
  await cart.store.append([SeatLockRequested.make({ ...eventMeta(), commandId, presentationId, seats })])
  if (token === null)
    return cart.store.append([
      SeatLockRejected.make({ ...eventMeta(), commandId, reason: "RECAPTCHA_REQUIRED" }),
    ])
  const answer = await client.lock(token, toRefs(presentationId, seats), isHold)
  if (answer._tag === "Refused")
    return cart.store.append([SeatLockRejected.make({ ...eventMeta(), commandId, reason: answer.code })])
  return cart.store.append([
    SeatLocked.make({
      ...eventMeta(),
      commandId,
      presentationId,
      expiresAt: answer.value.expiresAt,
      seats: answer.value.lockedSeats.map(toCartSeat),
    }),
  ])
}

export const unlockSeats = async (
  cart: CartLog,
  client: SeatsClient,
  presentationId: number,
  seats: ReadonlyArray<SeatPlace>,
) => {
  const token = cart.cartToken()
  const commandId = crypto.randomUUID()
  await cart.store.append([SeatUnlockRequested.make({ ...eventMeta(), commandId, presentationId, seats })])
  if (token === null)
    return cart.store.append([
      SeatUnlockRejected.make({ ...eventMeta(), commandId, reason: "RECAPTCHA_REQUIRED" }),
    ])
  const answer = await client.unlock(token, toRefs(presentationId, seats))
  if (answer._tag === "Refused")
    return cart.store.append([SeatUnlockRejected.make({ ...eventMeta(), commandId, reason: answer.code })])
  return cart.store.append([
    SeatUnlocked.make({
      ...eventMeta(),
      commandId,
      presentationId,
      seats: answer.value.unlockedSeats.map((seat) => ({
        VenueSectionId: seat.VenueSectionId,
        x: seat.x,
        y: seat.y,
      })),
    }),
  ])
}

/**
 * A step's timer started or was extended: the server renews the cart's live holds for that step's seconds and
 * the log records the new deadlines. Best effort: without an answer (no signal) nothing is appended, and the
 * reconciler still finds out from the server whether the holds lasted.
 */
export const renewHolds = async (cart: CartLog, client: SeatsClient, step: OrderStep) => {
  const token = cart.cartToken()
  const holdsSomething = cart.store.state().presentations.some((p) => p.seats.length > 0)
  if (token === null || !holdsSomething) return cart.store.state()
  const answer = await client.renewHolds(token, step).catch(() => null)
  if (answer === null || answer._tag === "Refused" || answer.value.presentations.length === 0)
    return cart.store.state()
  return cart.store.append(
    answer.value.presentations.map((renewed) =>
      SeatHoldsRenewed.make({
        ...eventMeta(),
        presentationId: renewed.presentationId,
        expiresAt: renewed.expiresAt,
      }),
    ),
  )
}
