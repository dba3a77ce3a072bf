import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"

/**
 * The sandbox provider's book of partial refunds (`sandbox_refunds`, migration 0028): a captured payment gives back
 * part of its amount, as a customer's cancellation of some tickets asks. The merchant names each refund
 * (`refundId`); asking again with the same id is the same refund, never a second one, and the refunds of a payment
 * never add up to more than it captured. The payment itself stays `captured` (a real acquirer reports partial
 * refunds beside the payment, not as its state).
 */
export const refundSandboxPart = Effect.fn("SandboxLedger.refundPart")(function* (
  provider: string,
  reference: string,
  refundId: string,
  amount: number,
) {
  const sql = yield* SqlClient.SqlClient
  return yield* sql
    .withTransaction(
      Effect.gen(function* () {
        const payments = yield* sql<{ amount: number; state: string }>`
          SELECT amount_agorot::float8 AS amount, state FROM sandbox_payments
          WHERE provider = ${provider} AND reference = ${reference} FOR UPDATE`
        const payment = payments[0]
        if (payment === undefined || payment.state !== "captured" || amount <= 0) return Option.none<string>()
        const same = yield* sql<{ reference: string }>`
          SELECT reference FROM sandbox_refunds WHERE provider = ${provider} AND refund_id = ${refundId}`
        if (same[0] !== undefined)
          return same[0].reference === reference ? Option.some(refundId) : Option.none<string>()
        const given = yield* sql<{ total: number }>`
          SELECT coalesce(sum(amount_agorot), 0)::float8 AS total FROM sandbox_refunds
          WHERE provider = ${provider} AND reference = ${reference}`
        if ((given[0]?.total ?? 0) + amount > payment.amount) return Option.none<string>()
        yield* sql`
          INSERT INTO sandbox_refunds (provider, reference, refund_id, amount_agorot)
          VALUES (${provider}, ${reference}, ${refundId}, ${amount})`
        return Option.some(refundId)
      }),
    )
    .pipe(Effect.orDie)
})
