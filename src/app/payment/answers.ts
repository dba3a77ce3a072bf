import { Context, Data, Effect, Result, Schedule, Schema } from "effect"
import { OrderAlreadyPaid as OrderAlreadyPaidBody } from "../../api/CommitRefusals.ts"
import { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import { PaymentFailed } from "../../api/PaymentApi.ts"
import {
  HumanCheckRefused,
  NetworkLost,
  OrderAlreadyPaid,
  paymentFailure,
  SavedCardUnavailable,
  UnableToProcessOrder,
} from "./errors.ts"
import { type HttpAnswer, HumanCheck, type TransportFailed } from "./ports.ts"

/**
 * Reading the server's answers: bodies are decoded with the contract's own schemas, so a field the server
 * renamed is a visible failure (`UnableToProcessOrder`), not a silent `undefined`.
 */

/** The contract's JSON body of a tagged error, or undefined when the body is something else. */
export const decodeAs = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  body: unknown,
): S["Type"] | undefined => {
  const decoded = Schema.decodeUnknownResult(schema)(body)
  return Result.isSuccess(decoded) ? decoded.success : undefined
}

/** A retryable "no answer yet": no response at all, a server error, or a human-check token to renew. */
export class RetryableAnswer extends Data.TaggedError("RetryableAnswer")<{
  readonly reason: "network" | "timeout" | "server" | "humanCheck"
}> {}

export const fromTransport = (error: TransportFailed) => new RetryableAnswer({ reason: error.reason })

/**
 * How often a request whose answer was lost is sent again: 4 more times over about 5 s. The requests that use
 * it are safe to repeat (the commit carries its idempotency key; completion and the form change nothing twice).
 */
export const RETRY_LOST_ANSWER = Schedule.max([Schedule.exponential("400 millis"), Schedule.recurs(4)])

/** While the provider is still working: every 2 s for up to 90 s (BLIK gives the bank app 60 s). */
export const POLL_WHILE_PROCESSING = Schedule.max([Schedule.spaced("2 seconds"), Schedule.recurs(45)])

/** The two schedules, as a reference tests can shorten (the shape stays: bounded, then a typed failure). */
export const PaymentSchedules = Context.Reference<{
  readonly lostAnswer: Schedule.Schedule<unknown, unknown>
  readonly processing: Schedule.Schedule<unknown, unknown>
}>("marquee/payment/PaymentSchedules", {
  defaultValue: () => ({ lostAnswer: RETRY_LOST_ANSWER, processing: POLL_WHILE_PROCESSING }),
})

/** After the bounded retries, a lost answer is `NetworkLost`. */
export const retryLostAnswers = <A, E, R>(
  effect: Effect.Effect<A, E | RetryableAnswer, R>,
): Effect.Effect<A, Exclude<E, RetryableAnswer> | NetworkLost, R> =>
  Effect.flatMap(PaymentSchedules, (schedules) =>
    effect.pipe(
      Effect.retry({
        schedule: schedules.lostAnswer,
        while: (error) => error instanceof RetryableAnswer,
      }),
      Effect.mapError((error) =>
        error instanceof RetryableAnswer ? new NetworkLost() : (error as Exclude<E, RetryableAnswer>),
      ),
    ),
  ) as Effect.Effect<A, Exclude<E, RetryableAnswer> | NetworkLost, R>

/**
 * The refusals every payment call shares: the human check (a fresh token is retried; a repeated failure is
 * final), a paid order, a server error (retried). Anything unrecognised is
 * `UnableToProcessOrder`: it is never shown raw.
 */
export const commonRefusal = (answer: HttpAnswer) => {
  if (answer.status >= 500) return new RetryableAnswer({ reason: "server" })
  const humanCheck = decodeAs(HumanCheckFailed, answer.body)
  if (humanCheck !== undefined)
    return humanCheck.error === "RECAPTCHA_REQUIRED"
      ? new RetryableAnswer({ reason: "humanCheck" })
      : new HumanCheckRefused()
  const paid = decodeAs(OrderAlreadyPaidBody, answer.body)
  if (paid !== undefined) return new OrderAlreadyPaid({ reservationIdentifier: paid.reservationIdentifier })
  return new UnableToProcessOrder()
}

/** The form and completion calls add the provider's refusal (`PaymentFailed`, 402) to the shared ones. */
export const paymentRefusal = (answer: HttpAnswer) => {
  const payment = decodeAs(PaymentFailed, answer.body)
  if (payment !== undefined) return paymentFailure(payment.error)
  if ((answer.body as { error?: unknown } | null)?.error === "savedCardNotFound")
    return new SavedCardUnavailable()
  return commonRefusal(answer)
}

/**
 * A human-check token for a call, when one is needed: the server takes a live cart token as proof of a solved
 * check, so one is earned only without a cart token or after the server asked for it (`RECAPTCHA_REQUIRED`).
 * `asked` is the caller's flag, set by `noteRefusal` and kept across retries.
 */
export const humanCheckState = () => {
  let asked = false
  const state = {
    noteRefusal: <E>(error: E): E => {
      if (error instanceof RetryableAnswer && error.reason === "humanCheck") asked = true
      return error
    },
    /** a fresh token when one is needed (every attempt earns its own: a token is good for one call) */
    token: (cartToken: string | null) =>
      Effect.gen(function* () {
        if (!asked && cartToken !== null) return undefined
        const humanCheck = yield* HumanCheck
        return yield* humanCheck.token().pipe(Effect.mapError(fromTransport))
      }),
  }
  return state
}

export type HumanCheckState = ReturnType<typeof humanCheckState>
