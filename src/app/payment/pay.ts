import { Deferred, Effect, Exit } from "effect"
import { CompletionResult, type PaymentFailureCode, PaymentForm } from "../../api/PaymentApi.ts"
import { PaymentOpened, PaymentSettled } from "../../domain/cart/events.ts"
import { agorot, type PaymentMethod } from "../../domain/cart/values.ts"
import { decodeAs, fromTransport, PaymentSchedules, paymentRefusal, retryLostAnswers } from "./answers.ts"
import {
  CartStorageFailed,
  OrderCancelledRestarting,
  type PayError,
  PaymentCancelled,
  paymentFailure,
  SeatHoldLost,
  UnableToProcessOrder,
} from "./errors.ts"
import { type PlaceOrderOptions, placeOrder } from "./placeOrder.ts"
import {
  Navigator,
  PaymentCart,
  PaymentHttp,
  PaymentProgress,
  type PaymentServices,
  type PaymentStage,
} from "./ports.ts"

/**
 * `pay`: place the order (or take the one the log already has), open a payment with the provider, remember it
 * in the log, and leave for the provider's hosted page. `completePayment`: on the way back, ask the server how
 * the payment ended (it asks the provider itself) and record the answer. Card numbers are never typed on our
 * pages: the hosted page takes them.
 */

export interface PayOptions extends PlaceOrderOptions {
  readonly method: PaymentMethod
  readonly locale: string
  /** a saved card of the logged-in customer (card payments only); the provider's page asks only its CVV */
  readonly savedCardId?: string
  readonly ssn?: string
  /**
   * Issue 16: the cart is an unpaid hold (`cart.isHold`) and the buyer reserves now: the order is committed and
   * no payment is opened; it is paid later (the customer area) or lapses at its deadline.
   */
  readonly reserveOnly?: boolean
}

/** Where `pay` or `completePayment` left the buyer. */
export type PayOutcome =
  | { readonly _tag: "Paid"; readonly reservationIdentifier: string; readonly documentKey: string }
  | { readonly _tag: "Redirecting"; readonly url: string }
  /** the provider still waits for the buyer (they came back without finishing): continue at `url` */
  | { readonly _tag: "AwaitingEntry"; readonly reservationIdentifier: string; readonly url: string | null }
  /** the provider is still working after the polling window; ask again later */
  | { readonly _tag: "StillProcessing"; readonly reservationIdentifier: string; readonly paymentId: string }
  /** an unpaid hold, committed: paid later, by `deadline` (ISO), or released then */
  | { readonly _tag: "Held"; readonly reservationIdentifier: string; readonly deadline: string | null }

type Services = PaymentServices

const report = (stage: PaymentStage) =>
  Effect.gen(function* () {
    const progress = yield* PaymentProgress
    yield* progress.report(stage)
  })

const append = (events: Parameters<PaymentCart["Service"]["append"]>[0]) =>
  Effect.gen(function* () {
    const cart = yield* PaymentCart
    return yield* cart.append(events).pipe(Effect.mapError(() => new CartStorageFailed()))
  })

const tokenHeader = (token: string | null): Record<string, string> =>
  token === null ? {} : { "x-cart-token": token }

// ── the provider's hosted page ────────────────────────────────────────────────────────────────────────────

const requestForm = (reservationIdentifier: string, options: PayOptions, total: number | null) =>
  Effect.gen(function* () {
    const http = yield* PaymentHttp
    const cart = yield* PaymentCart
    const source = cart.state().presentations.find((p) => p.seats.length > 0)?.facts
    const answer = yield* http
      .send({
        method: "GET",
        path: `/payment/form/${encodeURIComponent(options.locale)}`,
        query: {
          reservationIdentifier,
          method: options.method,
          numberOfPayments: String(options.numberOfPayments),
          total: total === null ? undefined : String(total),
          locationId: source === undefined ? undefined : String(source.locationId),
          authProfileId: source === undefined ? undefined : String(source.authProfileId),
          ssn: options.ssn,
          savedCardId: options.method === "card" ? options.savedCardId : undefined,
        },
        headers: tokenHeader(cart.cartToken()),
      })
      .pipe(Effect.mapError(fromTransport))
    if (answer.status === 200) {
      const form = decodeAs(PaymentForm, answer.body)
      return form === undefined ? yield* new UnableToProcessOrder() : form
    }
    return yield* paymentRefusal(answer)
  })

// ── completion ────────────────────────────────────────────────────────────────────────────────────────────

/** Provider states worth waiting on: the money may still be captured within the polling window. */
const WAITING = new Set(["awaitingVerification", "processing", "awaitingBankApp"])

class StillWaiting {
  readonly _tag = "StillWaiting"
}

const askCompletion = (reservationIdentifier: string, paymentId: string) =>
  Effect.gen(function* () {
    const http = yield* PaymentHttp
    const cart = yield* PaymentCart
    const answer = yield* http
      .send({
        method: "POST",
        path: "/payment/complete",
        headers: tokenHeader(cart.cartToken()),
        body: { reservationIdentifier, paymentId },
      })
      .pipe(Effect.mapError(fromTransport))
    if (answer.status === 200) {
      const result = decodeAs(CompletionResult, answer.body)
      return result === undefined ? yield* new UnableToProcessOrder() : result
    }
    return yield* paymentRefusal(answer)
  })

/** Records the server's verdict in the log, if the log still has that payment open (another tab may have). */
const settle = (
  reservationIdentifier: string,
  paymentId: string,
  outcome: "paid" | "failed" | "cancelled",
  orderStatus: "awaitingPayment" | "paid" | "voided",
  failure: PaymentFailureCode | null,
  documentKey: string | null,
) =>
  Effect.gen(function* () {
    const cart = yield* PaymentCart
    const payment = cart.state().reservation?.payment
    if (payment?.paymentId !== paymentId || payment.status !== "open") return
    yield* append([
      PaymentSettled.make({
        ...cart.meta(),
        reservationIdentifier,
        paymentId,
        outcome,
        orderStatus,
        failure,
        documentKey,
      }),
    ])
  })

const failureOf = (code: PaymentFailureCode | null, cancelled: boolean): PayError =>
  code !== null ? paymentFailure(code) : cancelled ? new PaymentCancelled() : paymentFailure("paymentError")

/**
 * Asks the server how the payment ended, waiting while the provider is still working (3-D Secure, processing,
 * the bank app), and records a final answer in the log. A paid order answers `Paid` with its document key.
 */
export const completePayment = Effect.fn("completePayment")(function* (
  reservationIdentifier: string,
  paymentId: string,
) {
  const cart = yield* PaymentCart
  const schedules = yield* PaymentSchedules
  yield* report("returned")
  const result = yield* retryLostAnswers(askCompletion(reservationIdentifier, paymentId)).pipe(
    Effect.tap((result) =>
      WAITING.has(result.paymentState) ? report(result.paymentState as PaymentStage) : Effect.void,
    ),
    Effect.flatMap((result) =>
      WAITING.has(result.paymentState) && result.status === "awaitingPayment"
        ? Effect.fail(new StillWaiting())
        : Effect.succeed(result),
    ),
    Effect.retry({ schedule: schedules.processing, while: (error) => error instanceof StillWaiting }),
    Effect.catch((error) => (error instanceof StillWaiting ? Effect.succeed(null) : Effect.fail(error))),
    Effect.tapError((error) => {
      // the server's refusal of the payment itself (402) is the payment's end too
      if (error._tag === "NetworkLost" || error._tag === "UnableToProcessOrder") return Effect.void
      const voided = error._tag === "SeatHoldLost" || error._tag === "OrderCancelledRestarting"
      return settle(
        reservationIdentifier,
        paymentId,
        "failed",
        voided ? "voided" : "awaitingPayment",
        codeOf(error),
        null,
      ).pipe(Effect.ignore)
    }),
  )
  if (result === null)
    return { _tag: "StillProcessing", reservationIdentifier, paymentId } satisfies PayOutcome

  if (result.status === "paid" && result.documentKey !== null) {
    yield* settle(reservationIdentifier, paymentId, "paid", "paid", null, result.documentKey)
    return { _tag: "Paid", reservationIdentifier, documentKey: result.documentKey } satisfies PayOutcome
  }
  if (result.paymentState === "failed" || result.paymentState === "cancelled" || result.status === "voided") {
    const cancelled = result.paymentState === "cancelled"
    yield* settle(
      reservationIdentifier,
      paymentId,
      cancelled ? "cancelled" : "failed",
      result.status,
      result.failure,
      null,
    )
    if (result.status === "voided")
      return yield* result.failure === "orderCancelled" ? new OrderCancelledRestarting() : new SeatHoldLost()
    return yield* failureOf(result.failure, cancelled)
  }
  // awaiting entry (the buyer came back without finishing), or captured but not yet completed
  const payment = cart.state().reservation?.payment
  yield* report("awaitingEntry")
  return {
    _tag: "AwaitingEntry",
    reservationIdentifier,
    url: payment?.paymentId === paymentId ? payment.paymentFormURL : null,
  } satisfies PayOutcome
})

/** The contract code behind a payment error, for the log. */
const codeOf = (error: PayError): PaymentFailureCode => {
  switch (error._tag) {
    case "CardNumberError":
      return "cardNumber"
    case "CardDateError":
      return "cardDate"
    case "CvvError":
      return "cvv"
    case "BinValidationError":
      return "binValidation"
    case "CardDeclined":
      return "declined"
    case "ThreeDSecureFailed":
      return "threeDSecureFailed"
    case "BlikError":
      return error.expired ? "blikExpired" : "blikError"
    case "PaymentCancelled":
      return "paypalCancelled"
    case "RedirectProviderError":
      return "redirectProviderError"
    case "SeatHoldLost":
      return "seatHoldLost"
    case "OrderCancelledRestarting":
      return "orderCancelled"
    default:
      return "paymentError"
  }
}

// ── pay ───────────────────────────────────────────────────────────────────────────────────────────────────

const payOnce = (options: PayOptions) =>
  Effect.gen(function* () {
    const cart = yield* PaymentCart
    const navigator = yield* Navigator
    yield* report("loading")
    const order = yield* placeOrder(options)
    if (order.status === "paid" && order.documentKey !== null)
      return {
        _tag: "Paid",
        reservationIdentifier: order.reservationIdentifier,
        documentKey: order.documentKey,
      } satisfies PayOutcome
    if (options.reserveOnly === true && cart.state().isHold && order.status === "awaitingPayment")
      return {
        _tag: "Held",
        reservationIdentifier: order.reservationIdentifier,
        deadline: order.paymentDeadline,
      } satisfies PayOutcome

    // a payment already opened for this order (a reload, a second tab, the back button): never open another
    // while it may still be paid; ask how it stands, and continue it when the provider still waits
    const open = cart.state().reservation?.payment
    if (open !== undefined && open !== null && open.status === "open") {
      const outcome = yield* completePayment(order.reservationIdentifier, open.paymentId)
      if (outcome._tag !== "AwaitingEntry" || outcome.url === null) return outcome
      yield* report("redirecting")
      yield* navigator.leaveFor(outcome.url)
      return { _tag: "Redirecting", url: outcome.url } satisfies PayOutcome
    }

    yield* report("loading")
    const form = yield* retryLostAnswers(requestForm(order.reservationIdentifier, options, order.amountDue))
    // remembered before leaving: whoever comes back (return redirect, reload) finds this payment to ask about
    yield* append([
      PaymentOpened.make({
        ...cart.meta(),
        reservationIdentifier: order.reservationIdentifier,
        paymentId: form.paymentId,
        method: form.method,
        provider: form.provider,
        amount: agorot(form.amount),
        numberOfPayments: form.numberOfPayments,
        paymentFormURL: form.paymentFormURL,
      }),
    ])
    yield* report("redirecting")
    yield* navigator.leaveFor(form.paymentFormURL)
    return { _tag: "Redirecting", url: form.paymentFormURL } satisfies PayOutcome
  })

/**
 * Runs `effect` once at a time: a call while one runs waits for it and gets the same result instead of starting
 * a second (a double click on Pay). With the log's commit key and open payment, that makes one charge per order.
 */
export const singleFlight = <A, E, R>() => {
  let running: Deferred.Deferred<A, E> | null = null
  return (effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.suspend(() => {
      if (running !== null) return Deferred.await(running)
      const deferred = Deferred.makeUnsafe<A, E>()
      running = deferred
      return Effect.exit(effect).pipe(
        Effect.flatMap((exit) => {
          running = null
          Deferred.doneUnsafe(deferred, exit)
          return exit
        }),
        Effect.onInterrupt(() =>
          Effect.sync(() => {
            running = null
            Deferred.doneUnsafe(deferred, Exit.interrupt())
          }),
        ),
      )
    })
}

export type PayEffect = Effect.Effect<PayOutcome, PayError, Services>

/** `pay` for one cart: calls made while one is running join it. */
export const makePay = () => {
  const flight = singleFlight<PayOutcome, PayError, Services>()
  return (options: PayOptions): PayEffect => flight(payOnce(options).pipe(Effect.withSpan("pay")))
}
