import type { MembershipSeatRef } from "../../../api/MembershipsApi.ts"
import { MembershipSeatHeld, MembershipSeatLetGo } from "../../../domain/cart/otherOrderEvents.ts"
import type { CartLog } from "../../cart/cartLog.ts"
import { eventMeta } from "../../cart/cartLog.ts"
import { apiSend } from "../../lib/api.ts"

/**
 * The membership seat's commands (spec §7 `PUT /membership/lock-seat`, `/unlock-seat`). The server is the
 * authority: only its yes is written to the cart log (`MembershipSeatHeld`, `MembershipSeatLetGo`); a no comes
 * back as the code the screen names. The lock reads the buyer's selections (how many of which membership).
 */

type Place = Pick<MembershipSeatRef, "VenueSectionId" | "XCoordinate" | "YCoordinate">

/** What a seat call ended with: done, or the refusal's code (`network` when no answer came). */
export type SeatCallOutcome = { readonly ok: true } | { readonly ok: false; readonly code: string }

interface LockAnswer {
  readonly lockedSeat?: { RowName: string; SeatName: string }
  readonly expiresAt?: string
  readonly error?: string
}

const refusal = (body: { error?: unknown } | null): SeatCallOutcome => ({
  ok: false,
  code: typeof body?.error === "string" ? body.error : "unknown",
})

const send = async <A>(cart: CartLog, path: string, body: unknown) => {
  const token = cart.cartToken()
  if (token === null) return null
  return apiSend<A>("PUT", path, body, { headers: { "x-cart-token": token } }).catch(() => null)
}

export const lockMembershipSeat = async (
  cart: CartLog,
  membershipId: number,
  place: Place,
): Promise<SeatCallOutcome> => {
  const lines = cart.store.state().memberships.filter((line) => line.membershipId === membershipId)
  const answer = await send<LockAnswer>(cart, "/membership/lock-seat", {
    seat: { MembershipId: membershipId, ...place },
    selections: lines.map((line) => ({
      MembershipId: line.membershipId,
      membershipPriceId: line.membershipPriceId,
      quantity: line.quantity,
    })),
  })
  if (answer === null) return { ok: false, code: "network" }
  const seat = answer.body?.lockedSeat
  const expiresAt = answer.body?.expiresAt
  if (!answer.ok || seat === undefined || expiresAt === undefined) return refusal(answer.body)
  await cart.store.append([
    MembershipSeatHeld.make({
      ...eventMeta(),
      membershipId,
      ...place,
      RowName: seat.RowName,
      SeatName: seat.SeatName,
      expiresAt,
    }),
  ])
  return { ok: true }
}

export const unlockMembershipSeat = async (
  cart: CartLog,
  membershipId: number,
  place: Place,
): Promise<SeatCallOutcome> => {
  const answer = await send<{ error?: string }>(cart, "/membership/unlock-seat", {
    seat: { MembershipId: membershipId, ...place },
  })
  if (answer === null) return { ok: false, code: "network" }
  // a seat the server no longer holds for this cart is let go all the same
  if (!answer.ok && answer.status !== 409) return refusal(answer.body)
  await cart.store.append([MembershipSeatLetGo.make({ ...eventMeta(), membershipId })])
  return { ok: true }
}
