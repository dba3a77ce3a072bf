import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { OrderStep } from "../domain/cart/values.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { LockedSeat, SeatRef } from "./SeatsApi.ts"
import { CartSession } from "./sessions.ts"
import { PositiveInt } from "./shared.ts"

/**
 * Carts on the server (spec §7 `POST /cart/token`, `POST /cart`).
 *
 * The cart itself lives in the browser as an event log; the server only knows a cart token, which owns seat
 * holds. `POST /cart` is the reconciler's question "what does the server say my cart holds?": the browser sends
 * the seats its log believes are held, the server answers which are, until when, and which were lost (the spec
 * leaves this call's answer unshown; this is our reading).
 */

export const CartToken = Schema.Struct({
  token: Schema.String,
  /** how many seats this cart may hold per presentation at once */
  maxSeatsPerPresentation: Schema.Int,
})
export type CartToken = typeof CartToken.Type

export const CartPresentation = Schema.Struct({
  presentationId: PositiveInt,
  seats: Schema.Array(SeatRef),
})

export const CartRequest = Schema.Struct({
  cart: Schema.Struct({
    presentations: Schema.Array(CartPresentation),
    vouchers: Schema.optional(Schema.Array(Schema.Unknown)),
    products: Schema.optional(Schema.Array(Schema.Struct({ id: PositiveInt, quantity: PositiveInt }))),
  }),
  uuid: Schema.optional(Schema.String),
})
export type CartRequest = typeof CartRequest.Type

export const CartHoldState = Schema.Struct({
  presentationId: Schema.Int,
  /** seats (and general-admission places) this cart holds now */
  held: Schema.Array(LockedSeat),
  /** seats the request listed that this cart no longer holds (lapsed, or never held) */
  lost: Schema.Array(Schema.Struct({ VenueSectionId: Schema.Int, x: Schema.Int, y: Schema.Int })),
  expiresAt: Schema.NullOr(Schema.String),
})
export type CartHoldState = typeof CartHoldState.Type

export const CartState = Schema.Struct({
  presentations: Schema.Array(CartHoldState),
  serverTime: Schema.String,
})
export type CartState = typeof CartState.Type

/**
 * `PUT /cart/holds` (ours; the spec leaves hold renewal unshown): a step's timer started or was extended, so the
 * cart's live holds last that step's seconds (param 665) from now. A hold that already lapsed is not revived.
 */
export const RenewHoldsRequest = Schema.Struct({ step: OrderStep })

export const RenewedHolds = Schema.Struct({
  presentations: Schema.Array(Schema.Struct({ presentationId: Schema.Int, expiresAt: Schema.String })),
  serverTime: Schema.String,
})
export type RenewedHolds = typeof RenewedHolds.Type

export class CartApi extends HttpApiGroup.make("cart")
  .add(
    HttpApiEndpoint.post("token", "/cart/token", {
      payload: Schema.Struct({ recaptchaToken: Schema.optional(Schema.String) }),
      success: CartToken,
      error: HumanCheckFailed,
    }),
  )
  .add(
    HttpApiEndpoint.post("sync", "/cart", {
      payload: CartRequest,
      success: CartState,
      error: HumanCheckFailed,
    }).middleware(CartSession),
  )
  .add(
    HttpApiEndpoint.put("renewHolds", "/cart/holds", {
      payload: RenewHoldsRequest,
      success: RenewedHolds,
      error: HumanCheckFailed,
    }).middleware(CartSession),
  ) {}
