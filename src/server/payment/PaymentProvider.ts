import { Context, type Effect, type Option } from "effect"
import type { PaymentFailureCode, PaymentMethod } from "../../api/PaymentApi.ts"
import type { ProviderCard } from "../customer/SavedCardsRepo.ts"

/**
 * The payment provider port. Every provider (the sandboxes here, a real acquirer later) speaks these shapes:
 * a payment is created for an amount and answered with the provider's hosted page; the result comes back by a
 * signed webhook and can always be asked for again (`getStatus`), which is the only thing the server trusts.
 */

/** Where a payment stands at the provider. `refunded`: captured, then given back. */
export type ProviderPaymentState =
  | "awaitingEntry"
  | "awaitingVerification"
  | "processing"
  | "awaitingBankApp"
  | "captured"
  | "failed"
  | "cancelled"
  | "refunded"

export interface ProviderStatus {
  readonly state: ProviderPaymentState
  readonly failure: PaymentFailureCode | null
  readonly amount: number
  /** the card the provider kept for this payment when asked to (`saveCard`): its token, never its number */
  readonly savedCard: ProviderCard | null
}

export interface CreatePaymentInput {
  /** our payment id: the provider echoes it in webhooks and on the return URL */
  readonly paymentId: string
  readonly method: PaymentMethod
  readonly amount: number
  readonly maxInstalments: number
  /** where the provider sends the buyer back, a path on our origin */
  readonly returnUrl: string
  readonly locale: string
  /** the buyer asked to keep the card for next time (a logged-in customer's `saveMagCard`) */
  readonly saveCard: boolean
  /** pay with a card the provider kept before: its page asks only for the CVV */
  readonly savedCardToken: string | null
}

export interface CreatedPayment {
  readonly providerReference: string
  /** the provider's hosted page, a path on our origin for the sandboxes */
  readonly formUrl: string
}

/** A webhook whose signature checked out: which payment it is about; its claims are re-read by getStatus. */
export interface WebhookEvent {
  readonly eventId: string
  readonly providerReference: string
  readonly paymentId: string
  readonly type: string
  readonly payload: unknown
}

export interface PaymentProvider {
  readonly name: string
  readonly methods: ReadonlyArray<PaymentMethod>
  readonly createPayment: (input: CreatePaymentInput) => Effect.Effect<CreatedPayment>
  readonly getStatus: (providerReference: string) => Effect.Effect<Option.Option<ProviderStatus>>
  /** gives captured money back, or cancels a payment not captured yet; safe to call twice */
  readonly refundOrVoid: (providerReference: string) => Effect.Effect<ProviderPaymentState>
  /**
   * gives back part of a captured payment (a customer cancelling some tickets); `refundId` is ours, so asking
   * again is the same refund. The provider's refund reference, or None when it refuses (not captured, more than
   * is left)
   */
  readonly refund: (
    providerReference: string,
    refundId: string,
    amount: number,
  ) => Effect.Effect<Option.Option<string>>
  /** None when the signature does not match the raw body */
  readonly verifyWebhook: (
    rawBody: string,
    signature: string | undefined,
  ) => Effect.Effect<Option.Option<WebhookEvent>>
}

/**
 * Which provider serves which method; a location whose `card_provider` is 'secondary' (1173 and 1181 in the
 * spec) takes cards through the second card provider.
 */
export class PaymentProviders extends Context.Service<
  PaymentProviders,
  {
    readonly byName: (name: string) => Option.Option<PaymentProvider>
    readonly choose: (method: PaymentMethod, cardProvider: "default" | "secondary") => PaymentProvider
  }
>()("marquee/payment/PaymentProviders") {}
