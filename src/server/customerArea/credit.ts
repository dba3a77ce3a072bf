import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * The customer's transaction credit (issue 15: a refund may go "to transaction credit"): a ledger of
 * `customer_credit_entries`, positive when a cancellation gives money back, negative when it is spent; the
 * balance is their sum. Entries are written in the transaction that gives or spends the money.
 */

export const creditBalance = Effect.fn("Credit.balance")(function* (customerId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ balance: number }>`
    SELECT coalesce(sum(amount_agorot), 0)::float8 AS balance FROM customer_credit_entries
    WHERE customer_id = ${customerId}`.pipe(Effect.orDie)
  return rows[0]?.balance ?? 0
})

export const addCredit = Effect.fn("Credit.add")(function* (entry: {
  readonly customerId: number
  readonly amount: number
  readonly reason: "reservationCancelled" | "voucherCancelled"
  readonly reservationId: number | null
  readonly systemVoucherId: number | null
}) {
  if (entry.amount <= 0) return
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    INSERT INTO customer_credit_entries (customer_id, amount_agorot, reason, reservation_id, system_voucher_id,
      created_at)
    VALUES (${entry.customerId}, ${entry.amount}, ${entry.reason}, ${entry.reservationId}, ${entry.systemVoucherId},
      marquee_now())`.pipe(Effect.orDie)
})
