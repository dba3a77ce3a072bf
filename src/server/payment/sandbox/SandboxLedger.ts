import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import { Effect, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { PaymentFailureCode, PaymentMethod } from "../../../api/PaymentApi.ts"
import { serverSecret } from "../../db/serverSecret.ts"
import type { ProviderPaymentState } from "../PaymentProvider.ts"

/**
 * The sandbox providers' own books: what a provider knows about a payment (`sandbox_payments`), its webhook
 * signing key (`server_secrets`), and how it tells the merchant (a signed POST). Everything a real provider
 * would keep on its side lives here, apart from our `payments` table, so the server can only learn a result
 * the way it would from a real one.
 */

export type SandboxKind = "card" | "paypal" | "blik" | "redirect"

export interface SandboxPayment {
  readonly reference: string
  readonly provider: string
  readonly merchantPaymentId: string
  readonly method: PaymentMethod
  readonly amount: number
  readonly maxInstalments: number
  readonly state: ProviderPaymentState
  readonly failure: PaymentFailureCode | null
  readonly allowedBins: ReadonlyArray<string> | null
  readonly returnUrl: string
  readonly deliverWebhooks: boolean
  readonly code: string | null
  readonly codeExpiresAtMs: number | null
  readonly confirmByMs: number | null
  readonly nowMs: number
  /** the merchant asked to keep the card the buyer pays with */
  readonly saveCard: boolean
  /** the kept card this payment is made with (its page asks only the CVV) */
  readonly usedCard: SandboxCardToken | null
  /** the card kept for the merchant by this payment */
  readonly savedCard: SandboxCardToken | null
}

/** A card the sandbox provider keeps for a merchant: its token and what may be shown, never the number. */
export interface SandboxCardToken {
  readonly token: string
  readonly bin: string
  readonly last4: string
  readonly brand: string
  readonly expMonth: number
  readonly expYear: number
  readonly outcome: "approved" | "declined" | "threeDSecure"
}

/** States a payment can still leave; captured only to refunded, the rest never. */
export const OPEN_STATES: ReadonlyArray<ProviderPaymentState> = [
  "awaitingEntry",
  "awaitingVerification",
  "processing",
  "awaitingBankApp",
]

export const SIGNATURE_HEADER = "x-sandbox-signature"

export const WebhookBody = Schema.Struct({
  id: Schema.String,
  type: Schema.String,
  reference: Schema.String,
  paymentId: Schema.String,
  state: Schema.String,
})
export type WebhookBody = typeof WebhookBody.Type

/** The provider's webhook key, one per provider name, shared by every server process through the database. */
export const webhookSecret = (provider: string) => serverSecret(`sandbox_webhook:${provider}`)

export const sign = (secret: string, rawBody: string): string =>
  `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`

export const signatureMatches = (secret: string, rawBody: string, signature: string | undefined): boolean => {
  if (signature === undefined) return false
  const expected = Buffer.from(sign(secret, rawBody))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

const CARD_JSON = `json_build_object('token', t.token, 'bin', t.bin, 'last4', t.last4, 'brand', t.brand,
  'expMonth', t.exp_month, 'expYear', t.exp_year, 'outcome', t.outcome)`

const SELECT_PAYMENT = `
  SELECT reference, provider, merchant_payment_id AS "merchantPaymentId", method, amount_agorot::float8 AS amount,
    max_instalments AS "maxInstalments", state, failure, allowed_bins AS "allowedBins", return_url AS "returnUrl",
    deliver_webhooks AS "deliverWebhooks", code,
    (extract(epoch FROM code_expires_at) * 1000)::float8 AS "codeExpiresAtMs",
    (extract(epoch FROM confirm_by) * 1000)::float8 AS "confirmByMs",
    (extract(epoch FROM marquee_now()) * 1000)::float8 AS "nowMs",
    save_card AS "saveCard",
    (SELECT ${CARD_JSON} FROM sandbox_card_tokens t WHERE t.token = use_token) AS "usedCard",
    (SELECT ${CARD_JSON} FROM sandbox_card_tokens t WHERE t.token = card_token) AS "savedCard"
  FROM sandbox_payments`

export const findSandboxPayment = Effect.fn("SandboxLedger.find")(function* (
  provider: string,
  reference: string,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql.unsafe<SandboxPayment>(`${SELECT_PAYMENT} WHERE provider = $1 AND reference = $2`, [
    provider,
    reference,
  ])
  return Option.fromNullishOr(rows[0])
}, Effect.orDie)

export const createSandboxPayment = Effect.fn("SandboxLedger.create")(function* (input: {
  readonly provider: string
  readonly merchantPaymentId: string
  readonly method: PaymentMethod
  readonly amount: number
  readonly maxInstalments: number
  readonly returnUrl: string
  readonly saveCard: boolean
  readonly useToken: string | null
}) {
  const sql = yield* SqlClient.SqlClient
  const reference = `sbx_${randomBytes(16).toString("base64url")}`
  // a token is this provider's own: another provider's (or an unknown one) pays with nothing
  const useToken =
    input.useToken === null
      ? null
      : ((yield* sql<{ token: string }>`
          SELECT token FROM sandbox_card_tokens WHERE token = ${input.useToken} AND provider = ${input.provider}`)[0]
          ?.token ?? null)
  // the merchant's payment id is the provider's idempotency key: asking twice opens one payment
  yield* sql`
    INSERT INTO sandbox_payments (reference, provider, merchant_payment_id, method, amount_agorot, max_instalments,
      state, return_url, save_card, use_token)
    VALUES (${reference}, ${input.provider}, ${input.merchantPaymentId}, ${input.method}, ${input.amount},
      ${input.maxInstalments}, 'awaitingEntry', ${input.returnUrl}, ${input.saveCard}, ${useToken})
    ON CONFLICT (provider, merchant_payment_id) DO NOTHING`
  const rows = yield* sql<{ readonly reference: string }>`
    SELECT reference FROM sandbox_payments
    WHERE provider = ${input.provider} AND merchant_payment_id = ${input.merchantPaymentId}`
  return rows[0]?.reference ?? reference
}, Effect.orDie)

/**
 * Moves an open payment to `state`; answers false (and changes nothing) when it is no longer open, so a
 * double submit or a late click on an old page has no second effect. `extra` sets code fields for BLIK.
 */
export const moveSandboxPayment = Effect.fn("SandboxLedger.move")(function* (
  provider: string,
  reference: string,
  state: ProviderPaymentState,
  failure: PaymentFailureCode | null,
  extra: { readonly code?: string; readonly codeSeconds?: number; readonly confirmSeconds?: number } = {},
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly reference: string }>`
    UPDATE sandbox_payments SET state = ${state}, failure = ${failure}, updated_at = marquee_now(),
      event_seq = event_seq + 1,
      code = coalesce(${extra.code ?? null}, code),
      code_expires_at = CASE WHEN ${extra.codeSeconds ?? null}::integer IS NULL THEN code_expires_at
        ELSE marquee_now() + make_interval(secs => ${extra.codeSeconds ?? 0}) END,
      confirm_by = CASE WHEN ${extra.confirmSeconds ?? null}::integer IS NULL THEN confirm_by
        ELSE marquee_now() + make_interval(secs => ${extra.confirmSeconds ?? 0}) END
    WHERE provider = ${provider} AND reference = ${reference} AND state IN ${sql.in(OPEN_STATES)}
    RETURNING reference`
  return rows.length > 0
}, Effect.orDie)

/** Captured → refunded, open → cancelled; anything else stays. Answers the state afterwards. */
export const refundOrVoidSandboxPayment = Effect.fn("SandboxLedger.refundOrVoid")(function* (
  provider: string,
  reference: string,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly state: ProviderPaymentState }>`
    UPDATE sandbox_payments SET
      state = CASE WHEN state = 'captured' THEN 'refunded'
        WHEN state IN ${sql.in(OPEN_STATES)} THEN 'cancelled' ELSE state END,
      failure = CASE WHEN state IN ${sql.in(OPEN_STATES)} THEN 'orderCancelled' ELSE failure END,
      updated_at = marquee_now(), event_seq = event_seq + 1
    WHERE provider = ${provider} AND reference = ${reference}
    RETURNING state`
  return rows[0]?.state ?? "cancelled"
}, Effect.orDie)

/** The event a provider posts after a payment moved: the id is unique per move, so a retry is one event. */
export const webhookEventOf = Effect.fn("SandboxLedger.event")(function* (
  provider: string,
  reference: string,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ merchantPaymentId: string; state: string; seq: number; deliver: boolean }>`
    SELECT merchant_payment_id AS "merchantPaymentId", state, event_seq AS seq, deliver_webhooks AS deliver
    FROM sandbox_payments WHERE provider = ${provider} AND reference = ${reference}`
  const row = rows[0]
  if (row === undefined) return Option.none<{ body: WebhookBody; deliver: boolean }>()
  const body: WebhookBody = {
    id: `${reference}:${row.seq}`,
    type: `payment.${row.state}`,
    reference,
    paymentId: row.merchantPaymentId,
    state: row.state,
  }
  return Option.some({ body, deliver: row.deliver })
}, Effect.orDie)

/**
 * The provider keeps the card a payment was made with and ties the token to the payment (the merchant learns
 * it from the payment's status). Only the BIN, last four digits, brand and expiry are kept, and how the test
 * card behaves when charged again.
 */
export const keepCard = Effect.fn("SandboxLedger.keepCard")(function* (
  provider: string,
  reference: string,
  card: Omit<SandboxCardToken, "token">,
) {
  const sql = yield* SqlClient.SqlClient
  const token = `tok_${randomBytes(16).toString("base64url")}`
  yield* sql`
    INSERT INTO sandbox_card_tokens (token, provider, bin, last4, brand, exp_month, exp_year, outcome)
    VALUES (${token}, ${provider}, ${card.bin}, ${card.last4}, ${card.brand}, ${card.expMonth}, ${card.expYear},
      ${card.outcome})`
  yield* sql`UPDATE sandbox_payments SET card_token = ${token} WHERE provider = ${provider} AND reference = ${reference}`
}, Effect.orDie)
