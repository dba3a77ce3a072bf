import { Data, Effect } from "effect"
import { VoucherBalance, VoucherLookupFailed } from "../../api/PaymentApi.ts"
import { VoucherPaymentCleared, VoucherPaymentSet } from "../../domain/cart/events.ts"
import { agorot } from "../../domain/cart/values.ts"
import { voucherPaymentAmount } from "../../domain/pricing/voucherPayment.ts"
import { commonRefusal, decodeAs, fromTransport, humanCheckState, retryLostAnswers } from "./answers.ts"
import { CartStorageFailed, UnableToProcessOrder } from "./errors.ts"
import { PaymentCart, PaymentHttp } from "./ports.ts"

/**
 * Paying part of the order with a system voucher (spec §5): look up its balance, and record it in the cart as
 * the one voucher payment. The amount is the lesser of the order's total and the balance; nothing to take is the
 * spec's "no balance left to redeem the benefit" (`voucherBalance`), and the cart refuses it too.
 */

/** The lookup's refusals (VoucherLookupFailed codes) and the cart's own `voucherBalance`. */
export class VoucherRefused extends Data.TaggedError("VoucherRefused")<{
  readonly code: "codeNotFound" | "voucherExpired" | "voucherBalance" | "voucherNotActive"
}> {}

/** A voucher once the order is committed would not change what the server charges: refused here. */
export class VoucherTooLate extends Data.TaggedError("VoucherTooLate") {}

export const applyVoucher = Effect.fn("applyVoucher")(function* (reference: string) {
  const cart = yield* PaymentCart
  const http = yield* PaymentHttp
  const trimmed = reference.trim()
  if (trimmed === "") return yield* new VoucherRefused({ code: "codeNotFound" })
  if (cart.state().reservation !== null || cart.state().commit?.status === "pending")
    return yield* new VoucherTooLate()

  const human = humanCheckState()
  const lookUp = Effect.gen(function* () {
    const cartToken = cart.cartToken()
    const recaptchaToken = yield* human.token(cartToken)
    const answer = yield* http
      .send({
        method: "GET",
        path: "/payment/voucher",
        query: { reference: trimmed, recaptchaToken },
        headers: cartToken === null ? {} : { "x-cart-token": cartToken },
      })
      .pipe(Effect.mapError(fromTransport))
    if (answer.status === 200) {
      const balance = decodeAs(VoucherBalance, answer.body)
      return balance === undefined ? yield* new UnableToProcessOrder() : balance
    }
    const refused = decodeAs(VoucherLookupFailed, answer.body)
    return yield* refused === undefined ? commonRefusal(answer) : new VoucherRefused({ code: refused.error })
  }).pipe(Effect.mapError(human.noteRefusal))
  const { payment } = yield* retryLostAnswers(lookUp)

  if (voucherPaymentAmount(cart.state().totals.total, payment.balance) <= 0)
    return yield* new VoucherRefused({ code: "voucherBalance" })
  const after = yield* cart
    .append([
      VoucherPaymentSet.make({
        ...cart.meta(),
        voucherPayment: {
          id: payment.id,
          systemVoucher: payment.reference,
          systemVoucherItemId: payment.systemVoucherItemId,
          balance: agorot(payment.balance),
        },
      }),
    ])
    .pipe(Effect.mapError(() => new CartStorageFailed()))
  // the cart's rule has the last word (the total may have changed meanwhile)
  if (after.voucherPayment?.systemVoucher !== payment.reference)
    return yield* new VoucherRefused({ code: "voucherBalance" })
  // no amount here: what the voucher pays counts the booking charges, which the pay figures add
  return { balance: payment.balance, benefitName: payment.benefitName }
})

export const removeVoucher = Effect.fn("removeVoucher")(function* () {
  const cart = yield* PaymentCart
  if (cart.state().reservation !== null) return yield* new VoucherTooLate()
  yield* cart
    .append([VoucherPaymentCleared.make(cart.meta())])
    .pipe(Effect.mapError(() => new CartStorageFailed()))
})
