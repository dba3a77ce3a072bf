import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { InvalidSmsCode } from "../../api/CustomerApi.ts"
import { MobileNumberInUse } from "../../api/CustomerAreaApi.ts"
import { InvalidMobileNumber, SmsDailyLimit, SmsFailed } from "../../api/messagingErrors.ts"
import { israeliMobile } from "../../domain/order/customerInfo.ts"
import {
  CODE_MINUTES,
  CODES_PER_WINDOW,
  codeHash,
  codeMatches,
  MAX_TRIES,
  newCode,
  WINDOW_MINUTES,
} from "../customer/oneTimeCodes.ts"
import { serverSecret } from "../db/serverSecret.ts"
import { SmsDailyBudget, takeSms } from "../notifications/smsAllowance.ts"

/**
 * Changing a signed-in customer's mobile number (spec §6 "update mobile (allowed)"): a code goes to the NEW
 * number, and only that code, typed back by the same customer, makes it theirs. The codes follow
 * src/server/customer/oneTimeCodes.ts (6 digits, 5 minutes, only an HMAC kept, bound to customer AND number, a
 * new one ends the older ones, 3 per window per number and per customer, 5 wrong tries per customer). They live
 * in their own table, so such a code can never serve as a sign-in code. Israeli mobile numbers only.
 *
 * A number another account already has is refused only after its code was proven: only the phone's holder
 * learns that an account uses it.
 */

const SECRET = "customer_mobile_codes"

const mobileOf = (typed: string) => {
  const mobile = israeliMobile(typed)
  return mobile !== null
    ? Effect.succeed(mobile)
    : Effect.fail(new InvalidMobileNumber({ error: "invalid_mobileNumber" }))
}

export class MobileChange extends Context.Service<
  MobileChange,
  {
    readonly sendCode: (input: {
      readonly customerId: number
      readonly mobileNumber: string
      readonly locale: string
    }) => Effect.Effect<void, InvalidMobileNumber | SmsFailed | SmsDailyLimit>
    readonly confirm: (input: {
      readonly customerId: number
      readonly mobileNumber: string
      readonly smsCode: string
    }) => Effect.Effect<string, InvalidMobileNumber | InvalidSmsCode | MobileNumberInUse>
  }
>()("marquee/customerArea/MobileChange") {
  static readonly layer = Layer.effect(
    MobileChange,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const pepperOf = serverSecret(SECRET).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      const smsBudget = yield* SmsDailyBudget
      const subject = (customerId: number, mobile: string) => `${customerId}:${mobile}`

      const sendCode = Effect.fn("MobileChange.sendCode")(function* (input: {
        readonly customerId: number
        readonly mobileNumber: string
        readonly locale: string
      }) {
        const mobile = yield* mobileOf(input.mobileNumber)
        const pepper = yield* pepperOf
        const code = newCode()
        const sent = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              // one customer's requests queue here, so the window counts cannot be raced past
              yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`mobile-change:${input.customerId}`}))`
              const recent = yield* sql<{ toNumber: number; byCustomer: number }>`
                SELECT count(*) FILTER (WHERE mobile = ${mobile})::int AS "toNumber",
                  count(*) FILTER (WHERE customer_id = ${input.customerId})::int AS "byCustomer"
                FROM customer_mobile_codes
                WHERE (mobile = ${mobile} OR customer_id = ${input.customerId})
                  AND created_at > marquee_now() - make_interval(mins => ${WINDOW_MINUTES})`
              const counts = recent[0]
              if (
                (counts?.toNumber ?? 0) >= CODES_PER_WINDOW ||
                (counts?.byCustomer ?? 0) >= CODES_PER_WINDOW
              )
                return false
              // the phone's day and the chain's budget (issue 20), taken before anything is written
              const refused = yield* takeSms({ mobile, budget: smsBudget }).pipe(
                Effect.provideService(SqlClient.SqlClient, sql),
              )
              if (refused !== undefined) return refused
              yield* sql`UPDATE customer_mobile_codes SET consumed_at = marquee_now()
                WHERE customer_id = ${input.customerId} AND consumed_at IS NULL`
              yield* sql`
                INSERT INTO customer_mobile_codes (customer_id, mobile, code_hash, expires_at)
                VALUES (${input.customerId}, ${mobile}, ${codeHash(pepper, subject(input.customerId, mobile), code)},
                  marquee_now() + make_interval(mins => ${CODE_MINUTES}))`
              yield* sql`
                INSERT INTO outbox (kind, recipient, payload)
                VALUES ('sms', ${mobile}, ${JSON.stringify({ template: "contactCode", code, locale: input.locale })}::jsonb)`
              return true
            }),
          )
          .pipe(Effect.orDie)
        if (typeof sent === "object")
          return yield* new SmsDailyLimit({ error: "SMS_FAILED", retryAfterSeconds: sent.retryAfterSeconds })
        if (!sent) return yield* new SmsFailed({ error: "SMS_FAILED" })
      })

      const confirm = Effect.fn("MobileChange.confirm")(function* (input: {
        readonly customerId: number
        readonly mobileNumber: string
        readonly smsCode: string
      }) {
        const mobile = yield* mobileOf(input.mobileNumber)
        const pepper = yield* pepperOf
        const outcome = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`mobile-change:${input.customerId}`}))`
              const tried = yield* sql<{ n: number }>`
                SELECT coalesce(sum(attempts), 0)::int AS n FROM customer_mobile_codes
                WHERE customer_id = ${input.customerId}
                  AND created_at > marquee_now() - make_interval(mins => ${WINDOW_MINUTES})`
              const triedSoFar = tried[0]?.n ?? 0
              if (triedSoFar >= MAX_TRIES) return "invalid" as const
              const rows = yield* sql<{ id: number; codeHash: string }>`
                SELECT id::float8 AS id, code_hash AS "codeHash" FROM customer_mobile_codes
                WHERE customer_id = ${input.customerId} AND mobile = ${mobile} AND consumed_at IS NULL
                  AND expires_at > marquee_now()
                ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`
              const row = rows[0]
              if (row === undefined) return "invalid" as const
              if (!codeMatches(pepper, subject(input.customerId, mobile), input.smsCode, row.codeHash)) {
                yield* sql`UPDATE customer_mobile_codes SET attempts = attempts + 1,
                    consumed_at = CASE WHEN ${triedSoFar + 1} >= ${MAX_TRIES} THEN marquee_now() END
                  WHERE id = ${row.id}`
                return "invalid" as const
              }
              yield* sql`UPDATE customer_mobile_codes SET consumed_at = marquee_now() WHERE id = ${row.id}`
              const taken = yield* sql`
                SELECT 1 FROM customers WHERE mobile = ${mobile} AND id <> ${input.customerId} LIMIT 1`
              if (taken.length > 0) return "inUse" as const
              yield* sql`UPDATE customers SET mobile = ${mobile} WHERE id = ${input.customerId}`
              return "changed" as const
            }),
          )
          .pipe(Effect.orDie)
        if (outcome === "invalid") return yield* new InvalidSmsCode({ error: "INVALID_SMS_CODE" })
        if (outcome === "inUse") return yield* new MobileNumberInUse({ error: "MOBILE_NUMBER_IN_USE" })
        return mobile
      })

      return MobileChange.of({ sendCode, confirm })
    }),
  )
}
