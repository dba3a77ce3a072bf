import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { ContactChannel, VerifiedContact } from "../../domain/order/contactVerification.ts"

/**
 * The SQL of the cart's contact verification (table `contact_verifications`, migration 0020). Times are the
 * server's clock (`marquee_now()`). The service (ContactVerification.ts) keeps the rules; the commit reads
 * `verifiedContacts`.
 */

/** A cart's value on one channel, by its key (`contact`). */
export interface CartContact {
  readonly cartToken: string
  readonly channel: ContactChannel
  readonly contact: string
}

/** Codes sent in the last `minutes` to this value (any cart) and by this cart (any value). */
export const recentCodes = Effect.fn("ContactVerificationRepo.recentCodes")(function* (
  input: CartContact & { readonly minutes: number },
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ toValue: number; byCart: number }>`
    SELECT
      (SELECT count(*)::int FROM contact_verifications
       WHERE channel = ${input.channel} AND contact = ${input.contact}
         AND created_at > marquee_now() - make_interval(mins => ${input.minutes})) AS "toValue",
      (SELECT count(*)::int FROM contact_verifications
       WHERE cart_token = ${input.cartToken}
         AND created_at > marquee_now() - make_interval(mins => ${input.minutes})) AS "byCart"`
  return { toValue: rows[0]?.toValue ?? 0, byCart: rows[0]?.byCart ?? 0 }
})

/** Serialises the sends to one value, so the window's count cannot be raced past (transaction-scoped). */
export const lockContact = Effect.fn("ContactVerificationRepo.lockContact")(function* (
  channel: ContactChannel,
  contact: string,
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`contact:${channel}:${contact}`}))`
})

/** A new code ends every older live one to the same value (any cart): only the latest message counts. */
export const endOlderCodes = Effect.fn("ContactVerificationRepo.endOlderCodes")(function* (
  channel: ContactChannel,
  contact: string,
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    UPDATE contact_verifications SET consumed_at = marquee_now()
    WHERE channel = ${channel} AND contact = ${contact} AND consumed_at IS NULL AND verified_at IS NULL`
})

/** Wrong tries at codes to this value (any cart) sent in the last `minutes`. */
export const wrongTries = Effect.fn("ContactVerificationRepo.wrongTries")(function* (
  channel: ContactChannel,
  contact: string,
  minutes: number,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ n: number }>`
    SELECT coalesce(sum(attempts), 0)::int AS n FROM contact_verifications
    WHERE channel = ${channel} AND contact = ${contact}
      AND created_at > marquee_now() - make_interval(mins => ${minutes})`
  return rows[0]?.n ?? 0
})

export const insertCode = Effect.fn("ContactVerificationRepo.insertCode")(function* (
  input: CartContact & { readonly codeHash: string; readonly minutes: number },
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    INSERT INTO contact_verifications (cart_token, channel, contact, code_hash, expires_at, created_at)
    VALUES (${input.cartToken}, ${input.channel}, ${input.contact}, ${input.codeHash},
      marquee_now() + make_interval(mins => ${input.minutes}), marquee_now())`
})

/** The cart's latest live code for this value (not spent, not expired), locked for the check. */
export const liveCode = Effect.fn("ContactVerificationRepo.liveCode")(function* (input: CartContact) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ id: number; codeHash: string }>`
    SELECT id::float8 AS id, code_hash AS "codeHash" FROM contact_verifications
    WHERE cart_token = ${input.cartToken} AND channel = ${input.channel} AND contact = ${input.contact}
      AND consumed_at IS NULL AND expires_at > marquee_now()
    ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`
  return Option.fromNullishOr(rows[0])
})

/** A wrong try: counted on the code, which is spent when it is the value's last allowed one (`spend`). */
export const countWrongTry = Effect.fn("ContactVerificationRepo.countWrongTry")(function* (
  id: number,
  spend: boolean,
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    UPDATE contact_verifications SET attempts = attempts + 1,
      consumed_at = CASE WHEN ${spend} THEN marquee_now() END
    WHERE id = ${id}`
})

export const markVerified = Effect.fn("ContactVerificationRepo.markVerified")(function* (id: number) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`UPDATE contact_verifications SET consumed_at = marquee_now(), verified_at = marquee_now() WHERE id = ${id}`
})

/** The values this cart has verified (a verification lasts as long as the cart). */
export const verifiedContacts = Effect.fn("ContactVerificationRepo.verifiedContacts")(function* (
  cartToken: string,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ channel: ContactChannel; key: string }>`
    SELECT DISTINCT channel, contact AS key FROM contact_verifications
    WHERE cart_token = ${cartToken} AND verified_at IS NOT NULL
    ORDER BY channel, key`
  return rows as ReadonlyArray<VerifiedContact>
})

/** The code's message, through the outbox (src/server/payment/outbox.ts), in the buyer's language. */
export const enqueueContactCode = Effect.fn("ContactVerificationRepo.enqueueContactCode")(function* (input: {
  readonly channel: ContactChannel
  readonly recipient: string
  readonly code: string
  readonly locale: string
}) {
  const sql = yield* SqlClient.SqlClient
  const payload = { template: "contactCode", code: input.code, locale: input.locale }
  yield* sql`
    INSERT INTO outbox (kind, recipient, payload)
    VALUES (${input.channel === "mobile" ? "sms" : "email"}, ${input.recipient}, ${JSON.stringify(payload)}::jsonb)`
})
