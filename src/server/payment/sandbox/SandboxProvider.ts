import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { PaymentMethod } from "../../../api/PaymentApi.ts"
import { type PaymentProvider, PaymentProviders, type ProviderStatus } from "../PaymentProvider.ts"
import {
  createSandboxPayment,
  findSandboxPayment,
  refundOrVoidSandboxPayment,
  type SandboxKind,
  signatureMatches,
  WebhookBody,
  webhookSecret,
} from "./SandboxLedger.ts"
import { refundSandboxPart } from "./SandboxRefunds.ts"

/**
 * A sandbox adapter of the payment provider port. It behaves like the real kinds (hosted page on its own
 * path, signed webhooks, a status that can be asked for) while its "provider side" is the sandbox pages of
 * `routes.ts` and the `sandbox_payments` ledger.
 */
export interface SandboxConfig {
  readonly name: string
  readonly kind: SandboxKind
  readonly methods: ReadonlyArray<PaymentMethod>
}

/** The providers of this deployment; `locations.card_provider = 'secondary'` takes cards through the second. */
export const SANDBOX_PROVIDERS: ReadonlyArray<SandboxConfig> = [
  { name: "sandbox-card", kind: "card", methods: ["card"] },
  { name: "sandbox-card-2", kind: "card", methods: ["card"] },
  { name: "sandbox-paypal", kind: "paypal", methods: ["paypal"] },
  { name: "sandbox-blik", kind: "blik", methods: ["blik"] },
  { name: "sandbox-redirect", kind: "redirect", methods: ["redirect"] },
]

const decodeBody = Schema.decodeUnknownOption(Schema.fromJsonString(WebhookBody))

export const makeSandboxProvider = (config: SandboxConfig) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const secret = yield* webhookSecret(config.name)
    const withSql = Effect.provideService(SqlClient.SqlClient, sql)

    const provider: PaymentProvider = {
      name: config.name,
      methods: config.methods,
      createPayment: (input) =>
        createSandboxPayment({
          provider: config.name,
          merchantPaymentId: input.paymentId,
          method: input.method,
          amount: input.amount,
          maxInstalments: input.maxInstalments,
          returnUrl: input.returnUrl,
          saveCard: input.saveCard,
          useToken: input.savedCardToken,
        }).pipe(
          Effect.map((reference) => ({
            providerReference: reference,
            formUrl: `/sandbox/${config.name}/${reference}?lang=${encodeURIComponent(input.locale)}`,
          })),
          withSql,
        ),
      getStatus: (reference) =>
        findSandboxPayment(config.name, reference).pipe(
          Effect.map(
            Option.map(
              (payment): ProviderStatus => ({
                state: payment.state,
                failure: payment.failure,
                amount: payment.amount,
                savedCard:
                  payment.savedCard === null
                    ? null
                    : {
                        token: payment.savedCard.token,
                        last4: payment.savedCard.last4,
                        brand: payment.savedCard.brand,
                        expMonth: payment.savedCard.expMonth,
                        expYear: payment.savedCard.expYear,
                      },
              }),
            ),
          ),
          withSql,
        ),
      refundOrVoid: (reference) => refundOrVoidSandboxPayment(config.name, reference).pipe(withSql),
      refund: (reference, refundId, amount) =>
        refundSandboxPart(config.name, reference, refundId, amount).pipe(withSql),
      verifyWebhook: (rawBody, signature) =>
        Effect.sync(() => {
          if (!signatureMatches(secret, rawBody, signature)) return Option.none()
          return decodeBody(rawBody).pipe(
            Option.map((body) => ({
              eventId: body.id,
              providerReference: body.reference,
              paymentId: body.paymentId,
              type: body.type,
              payload: JSON.parse(rawBody) as unknown,
            })),
          )
        }),
    }
    return provider
  })

/** Every sandbox provider, chosen by method and location. */
export const sandboxProvidersLayer = Layer.effect(
  PaymentProviders,
  Effect.gen(function* () {
    const providers = yield* Effect.forEach(SANDBOX_PROVIDERS, makeSandboxProvider)
    const byName = new Map(providers.map((p) => [p.name, p]))
    const get = (name: string) => byName.get(name) as PaymentProvider
    return PaymentProviders.of({
      byName: (name) => Option.fromNullishOr(byName.get(name)),
      choose: (method, cardProvider) => {
        if (method === "card") return get(cardProvider === "secondary" ? "sandbox-card-2" : "sandbox-card")
        return get(`sandbox-${method}`)
      },
    })
  }),
)
