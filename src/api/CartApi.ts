import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { OrderStep } from "../domain/cart/values.ts"
import { BoundedArray, LIMITS } from "../domain/shared/wireLimits.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { SmsDailyLimit } from "./messagingErrors.ts"
import { LockedSeat, SeatRef } from "./SeatsApi.ts"
import { CartSession } from "./sessions.ts"
import { LangQuery, PositiveInt } from "./shared.ts"

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
  seats: BoundedArray(SeatRef, LIMITS.seats),
})

export const CartRequest = Schema.Struct({
  cart: Schema.Struct({
    presentations: BoundedArray(CartPresentation, LIMITS.presentations),
    vouchers: Schema.optional(BoundedArray(Schema.Unknown, LIMITS.lines)),
    products: Schema.optional(
      BoundedArray(Schema.Struct({ id: PositiveInt, quantity: PositiveInt }), LIMITS.lines),
    ),
  }),
  uuid: Schema.optional(WireText),
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

/**
 * Verifying the buyer's mobile number or e-mail address for this cart with a one-time code (ours; the spec has
 * the flags `mobileVerification` and `emailVerification`, off by default, and leaves the calls unshown). A code
 * goes out by SMS or e-mail; a right code marks that value verified for the cart until the cart ends, and the
 * commit refuses (`ContactNotVerified`) customer info whose mobile / e-mail the flags ask to verify and the cart
 * has not verified. What counts as the same value: src/domain/order/contactVerification.ts.
 */
export const ContactChannel = Schema.Literals(["mobile", "email"])

export const SendContactCodeRequest = Schema.Struct({
  channel: ContactChannel,
  value: WireText,
})

export const CheckContactCodeRequest = Schema.Struct({
  channel: ContactChannel,
  value: WireText,
  code: WireText,
})

/** The values this cart has verified, as their keys (05XXXXXXXX, a lower-case e-mail address). */
export const VerifiedContacts = Schema.Struct({
  verified: Schema.Array(Schema.Struct({ channel: ContactChannel, key: Schema.String })),
})
export type VerifiedContacts = typeof VerifiedContacts.Type

/**
 * A code cannot be sent (400): the value is not a mobile number / e-mail address (`invalid_mobileNumber`, the
 * spec's code, and `invalid_email`), or the site does not verify that channel (`verificationOff`: nothing is
 * sent where nothing would be checked).
 */
export class ContactCodeRefused extends Schema.TaggedError<ContactCodeRefused>()(
  "ContactCodeRefused",
  {
    error: Schema.Literals(["invalid_mobileNumber", "invalid_email", "verificationOff"]),
    channel: ContactChannel,
  },
  { httpApiStatus: 400 },
) {}

/**
 * Spec §8 SMS_FAILED ('Error sending message'), and its e-mail twin: too many codes asked in a short time, for
 * this value (3 in 10 minutes) or by this cart (6 in 10 minutes, any values).
 */
export class ContactCodeNotSent extends Schema.TaggedError<ContactCodeNotSent>()(
  "ContactCodeNotSent",
  { error: Schema.Literals(["SMS_FAILED", "EMAIL_FAILED"]), channel: ContactChannel },
  { httpApiStatus: 429 },
) {}

/**
 * Spec §8 INVALID_SMS_CODE ('Code is invalid'), and its e-mail twin: the code is wrong, expired, already used,
 * was tried too often (5 wrong tries spend it), or none was sent to this value for this cart.
 */
export class InvalidContactCode extends Schema.TaggedError<InvalidContactCode>()(
  "InvalidContactCode",
  { error: Schema.Literals(["INVALID_SMS_CODE", "INVALID_EMAIL_CODE"]), channel: ContactChannel },
  { httpApiStatus: 400 },
) {}

export class CartApi extends HttpApiGroup.make("cart")
  .add(
    HttpApiEndpoint.post("token", "/cart/token", {
      payload: Schema.Struct({ recaptchaToken: Schema.optional(WireText) }),
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
  )
  .add(
    HttpApiEndpoint.post("sendContactCode", "/cart/contact-verification", {
      /** the language the SMS or e-mail is written in */
      query: { lang: LangQuery },
      payload: SendContactCodeRequest,
      success: Schema.Struct({ success: Schema.Boolean }),
      error: [HumanCheckFailed, ContactCodeRefused, ContactCodeNotSent, SmsDailyLimit],
    }).middleware(CartSession),
  )
  .add(
    HttpApiEndpoint.post("checkContactCode", "/cart/contact-verification/check", {
      payload: CheckContactCodeRequest,
      success: VerifiedContacts,
      error: [HumanCheckFailed, ContactCodeRefused, InvalidContactCode],
    }).middleware(CartSession),
  )
  .add(
    HttpApiEndpoint.get("verifiedContacts", "/cart/contact-verification", {
      success: VerifiedContacts,
      error: HumanCheckFailed,
    }).middleware(CartSession),
  ) {}
