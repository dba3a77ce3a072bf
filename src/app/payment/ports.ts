import { Context, Data, type Effect } from "effect"
import type { CartEvent } from "../../domain/cart/events.ts"
import type { Cart } from "../../domain/cart/state.ts"

/**
 * What the payment pipelines need from the outside world, as services: HTTP, the cart log, the human check,
 * leaving for the provider's page, and telling the dialog where things stand. The browser provides them in
 * `runtime.ts`; tests provide fakes (a scripted fetch, an in-memory log).
 */

/** A request the pipelines make; `path` is below `/api`. */
export interface HttpRequest {
  readonly method: "GET" | "POST"
  readonly path: string
  readonly query?: Readonly<Record<string, string | undefined>>
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: unknown
}

/** Whatever status came back, with the JSON body (null when there was none or it was not JSON). */
export interface HttpAnswer {
  readonly status: number
  readonly body: unknown
}

/** No answer at all: the network failed or the request timed out. The request may or may not have arrived. */
export class TransportFailed extends Data.TaggedError("TransportFailed")<{
  readonly reason: "network" | "timeout"
}> {}

export class PaymentHttp extends Context.Service<
  PaymentHttp,
  { readonly send: (request: HttpRequest) => Effect.Effect<HttpAnswer, TransportFailed> }
>()("marquee/payment/PaymentHttp") {}

/** The cart log: its projection and an append that resolves once the events are stored. */
export class PaymentCart extends Context.Service<
  PaymentCart,
  {
    readonly state: () => Cart
    readonly append: (events: ReadonlyArray<CartEvent>) => Effect.Effect<Cart, CartWriteFailed>
    readonly cartToken: () => string | null
    /** event metadata: a fresh id and the browser clock's instant */
    readonly meta: () => { readonly eventId: string; readonly at: string }
  }
>()("marquee/payment/PaymentCart") {}

export class CartWriteFailed extends Data.TaggedError("CartWriteFailed")<{ readonly cause: unknown }> {}

/** A fresh human-check token for one call (spec's `recaptchaToken`). */
export class HumanCheck extends Context.Service<
  HumanCheck,
  { readonly token: () => Effect.Effect<string, TransportFailed> }
>()("marquee/payment/HumanCheck") {}

/** Leaves for the provider's hosted page (a whole-page navigation in the browser). */
export class Navigator extends Context.Service<
  Navigator,
  { readonly leaveFor: (url: string) => Effect.Effect<void> }
>()("marquee/payment/Navigator") {}

/** The spec's payment dialog states (spec §4), as the pipelines reach them. */
export type PaymentStage =
  | "loading"
  | "awaitingEntry"
  | "awaitingVerification"
  | "processing"
  | "awaitingBankApp"
  | "redirecting"
  | "returned"
  | "cancelledRestarting"

export class PaymentProgress extends Context.Service<
  PaymentProgress,
  { readonly report: (stage: PaymentStage) => Effect.Effect<void> }
>()("marquee/payment/PaymentProgress") {}

/** Everything a payment pipeline may ask for. */
export type PaymentServices = PaymentHttp | PaymentCart | HumanCheck | Navigator | PaymentProgress
