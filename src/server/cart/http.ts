import { randomBytes } from "node:crypto"
import { DateTime, Effect, Layer, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { CartHoldState } from "../../api/CartApi.ts"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentCart } from "../../api/sessions.ts"
import { placeKeyOf, placeKeyOfSeat } from "../../domain/seating/seatKeys.ts"
import { clientOf } from "../limits/RateLimits.ts"
import { HumanCheck } from "../providers/humanCheck/HumanCheck.ts"
import { heldBy } from "../seats/lockedSeats.ts"
import { SeatHolds } from "../seats/SeatHolds.ts"
import { SeatHoldsRepo } from "../seats/SeatHoldsRepo.ts"
import { SeatplanRepo } from "../seats/SeatplanRepo.ts"
import { ContactVerification } from "./ContactVerification.ts"

/** 24 random bytes: a cart token cannot be guessed, so one buyer cannot release another's seats. */
const newCartToken = () => randomBytes(24).toString("base64url")

export const CartHttp = HttpApiBuilder.group(
  MarqueeApi,
  "cart",
  Effect.fn(function* (handlers) {
    const humanCheck = yield* HumanCheck
    const repo = yield* SeatHoldsRepo
    const plans = yield* SeatplanRepo
    const holds = yield* SeatHolds
    const contacts = yield* ContactVerification

    const holdState = Effect.fn("Cart.holdState")(function* (
      cartToken: string,
      presentationId: number,
      asked: ReadonlyArray<{ VenueSectionId: number; XCoordinate: number; YCoordinate: number }>,
    ) {
      const empty: CartHoldState = { presentationId, held: [], lost: [], expiresAt: null }
      const presentation = yield* repo.presentation(presentationId)
      if (Option.isNone(presentation) || presentation.value.seatplanId === null)
        return {
          ...empty,
          lost: asked.map((a) => ({ VenueSectionId: a.VenueSectionId, x: a.XCoordinate, y: a.YCoordinate })),
        }
      const plan = yield* plans.index(presentation.value.venueId, presentation.value.seatplanId)
      const live = (yield* repo.live(presentationId, cartToken)).filter((a) => a.isMine)
      const held = heldBy(Option.getOrUndefined(plan), live)
      const heldKeys = new Set(held.map(placeKeyOf))
      const lost = asked
        .filter((a) => !heldKeys.has(placeKeyOfSeat(a)))
        .map((a) => ({ VenueSectionId: a.VenueSectionId, x: a.XCoordinate, y: a.YCoordinate }))
      const expiresAtMs = live.reduce<number | null>((max, a) => Math.max(max ?? 0, a.expiresAtMs ?? 0), null)
      const expiresAt = expiresAtMs === null ? null : new Date(expiresAtMs).toISOString()
      return { presentationId, held, lost, expiresAt } satisfies CartHoldState
    })

    return handlers
      .handle("token", ({ payload, request }) =>
        Effect.gen(function* () {
          const client = clientOf(request.remoteAddress)
          yield* humanCheck.verify(payload.recaptchaToken, client)
          const token = newCartToken()
          // the client is kept with the cart: the seats it holds count towards the client's cap (migration 0024)
          yield* repo.createCart(token, client)
          return { token, maxSeatsPerPresentation: holds.maxSeatsPerCart }
        }),
      )
      .handle("sync", ({ payload }) =>
        Effect.gen(function* () {
          const { token: cartToken } = yield* CurrentCart
          const presentations = yield* Effect.forEach(payload.cart.presentations, (p) =>
            holdState(cartToken, p.presentationId, p.seats),
          )
          const now = yield* DateTime.now
          return { presentations, serverTime: DateTime.formatIso(now) }
        }),
      )
      .handle("renewHolds", ({ payload }) =>
        Effect.gen(function* () {
          const { token } = yield* CurrentCart
          const renewed = yield* holds.renew(token, payload.step)
          const now = yield* DateTime.now
          return {
            presentations: renewed.map((r) => ({
              presentationId: r.presentationId,
              expiresAt: new Date(r.expiresAtMs).toISOString(),
            })),
            serverTime: DateTime.formatIso(now),
          }
        }),
      )
      .handle("sendContactCode", ({ payload, query }) =>
        Effect.gen(function* () {
          const { token } = yield* CurrentCart
          yield* contacts.send({ cartToken: token, ...payload, locale: query.lang ?? "he" })
          return { success: true }
        }),
      )
      .handle("checkContactCode", ({ payload }) =>
        Effect.gen(function* () {
          const { token } = yield* CurrentCart
          return { verified: yield* contacts.check({ cartToken: token, ...payload }) }
        }),
      )
      .handle("verifiedContacts", () =>
        Effect.gen(function* () {
          const { token } = yield* CurrentCart
          return { verified: yield* contacts.verified(token) }
        }),
      )
  }),
).pipe(Layer.provide([SeatHoldsRepo.layer, SeatplanRepo.layer, SeatHolds.layer, ContactVerification.layer]))
