import { createHash, randomBytes } from "node:crypto"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { InvalidSmsCode } from "../../api/CustomerApi.ts"
import { InvalidMobileNumber, SignInCodeBackoff, SmsFailed } from "../../api/messagingErrors.ts"
import { israeliMobile } from "../../domain/order/customerInfo.ts"
import { serverSecret } from "../db/serverSecret.ts"
import { takeFromLimits } from "../limits/RateLimits.ts"
import { issueLoginCode } from "./issueLoginCode.ts"
import { CODE_TRIES_PER_CLIENT, codeMatches, MAX_TRIES, WINDOW_MINUTES } from "./oneTimeCodes.ts"
import { SignInCodes } from "./signIn/SignInCodes.ts"

/**
 * Login by mobile number and a one-time SMS code (spec §7 `POST /customer/mobile-login` and
 * `…/mobile-login-validation-area`), and the session it opens: the spec's auth `uuid`.
 *
 * - The code follows oneTimeCodes.ts (6 digits, 5 minutes, kept only as an HMAC, 3 per number in 10 minutes, a
 *   new one ends the older ones, 5 wrong tries per number in 10 minutes); it goes out through the outbox like
 *   every other message.
 * - Asking for a code answers alike whether the number has an account or not (issue 15: the answer never reveals
 *   it); without `evenWithoutCustomer` an unknown number simply gets no message. Resends back off as the area's
 *   mobile sign-in's do, on the same count (SignInCodes.throttle, identifier `mobile:<number>`): 30 s, then 60 s,
 *   then the window's end, counted before the account is looked up so the wait tells nothing either.
 * - The uuid is 32 random bytes; the database keeps only its SHA-256, so a copy of the database opens nothing.
 *   A session lasts 30 days.
 */

const SESSION_DAYS = 30

export interface LoggedIn {
  readonly customerId: number
  readonly uuid: string
}

export const sessionHash = (uuid: string): string => createHash("sha256").update(uuid).digest("hex")

export class CustomerAuth extends Context.Service<
  CustomerAuth,
  {
    readonly sendCode: (input: {
      readonly mobileNumber: string
      readonly evenWithoutCustomer: boolean
      readonly locale: string
      /** the asking client: its sends count too */
      readonly client: string
    }) => Effect.Effect<void, InvalidMobileNumber | SignInCodeBackoff | SmsFailed>
    readonly validate: (input: {
      readonly mobileNumber: string
      readonly smsCode: string
      /** the asking client: its tries count too (the area's sign-in shares the count, SignInCodes.ts) */
      readonly client: string
    }) => Effect.Effect<LoggedIn, InvalidMobileNumber | InvalidSmsCode>
    /** the customer a uuid stands for; None for an anonymous buyer */
    readonly resolve: (uuid: string | undefined) => Effect.Effect<Option.Option<number>>
    readonly logout: (uuid: string | undefined) => Effect.Effect<void>
  }
>()("marquee/customer/CustomerAuth") {
  static readonly layer = Layer.effect(
    CustomerAuth,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const codes = yield* SignInCodes

      const mobileOf = (typed: string) => {
        const mobile = israeliMobile(typed)
        return mobile !== null
          ? Effect.succeed(mobile)
          : Effect.fail(new InvalidMobileNumber({ error: "invalid_mobileNumber" }))
      }

      const pepperOf = serverSecret("customer_login_codes").pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
      )

      const sendCode = Effect.fn("CustomerAuth.sendCode")(function* (input: {
        readonly mobileNumber: string
        readonly evenWithoutCustomer: boolean
        readonly locale: string
        readonly client: string
      }) {
        const mobile = yield* mobileOf(input.mobileNumber)
        // the typed number's day counts this send whether or not it has an account (SignInCodes.ts)
        yield* codes.throttle(`mobile:${mobile}`, input.client, { sms: true, typedMobile: mobile })
        const known = yield* sql`SELECT 1 FROM customers WHERE mobile = ${mobile} LIMIT 1`.pipe(Effect.orDie)
        // no account and none to be made: the same answer as a sent code, and no message
        if (known.length === 0 && !input.evenWithoutCustomer) return
        const sent = yield* issueLoginCode({
          mobile,
          pepper: yield* pepperOf,
          locale: input.locale,
          sms: { budget: codes.smsBudget, phoneTaken: true },
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie)
        // the chain's budget spent since the throttle looked (the phone's day was counted there)
        if (typeof sent === "object")
          return yield* new SignInCodeBackoff({
            error: "SMS_FAILED",
            retryAfterSeconds: sent.retryAfterSeconds,
          })
        if (!sent) return yield* new SmsFailed({ error: "SMS_FAILED" })
      })

      const validate = Effect.fn("CustomerAuth.validate")(function* (input: {
        readonly mobileNumber: string
        readonly smsCode: string
        readonly client: string
      }) {
        const mobile = yield* mobileOf(input.mobileNumber)
        const clientAllowed = yield* takeFromLimits([
          { key: `signInTries:client:${input.client}`, ...CODE_TRIES_PER_CLIENT },
        ]).pipe(Effect.provideService(SqlClient.SqlClient, sql))
        if (!clientAllowed) return yield* new InvalidSmsCode({ error: "INVALID_SMS_CODE" })
        const pepper = yield* pepperOf
        const uuid = randomBytes(32).toString("base64url")
        const customerId = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              // one number's tries queue on the same lock as its codes, so the count below cannot be raced past
              yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${mobile}`}))`
              // wrong tries count per number over the codes' window, not per code: asking for new codes buys
              // no more guesses (MAX_TRIES in WINDOW_MINUTES, then even the right code waits for the window)
              const tried = yield* sql<{ n: number }>`
                SELECT coalesce(sum(attempts), 0)::int AS n FROM customer_login_codes
                WHERE mobile = ${mobile} AND created_at > marquee_now() - make_interval(mins => ${WINDOW_MINUTES})`
              if ((tried[0]?.n ?? 0) >= MAX_TRIES) return Option.none<number>()
              const rows = yield* sql<{ id: number; codeHash: string }>`
                SELECT id::float8 AS id, code_hash AS "codeHash" FROM customer_login_codes
                WHERE mobile = ${mobile} AND consumed_at IS NULL AND expires_at > marquee_now()
                ORDER BY created_at DESC LIMIT 1 FOR UPDATE`
              const row = rows[0]
              if (row === undefined) return Option.none<number>()
              if (!codeMatches(pepper, mobile, input.smsCode, row.codeHash)) {
                yield* sql`
                  UPDATE customer_login_codes SET attempts = attempts + 1,
                    consumed_at = CASE WHEN ${(tried[0]?.n ?? 0) + 1} >= ${MAX_TRIES} THEN marquee_now() END
                  WHERE id = ${row.id}`
                return Option.none<number>()
              }
              yield* sql`UPDATE customer_login_codes SET consumed_at = marquee_now() WHERE id = ${row.id}`
              // a number the chain has not met yet becomes a customer (spec: sendSmsRegardlessOfCustomerExistence)
              const existing = yield* sql<{ id: number }>`
                SELECT id FROM customers WHERE mobile = ${mobile} ORDER BY id LIMIT 1`
              const id =
                existing[0]?.id ??
                (yield* sql<{ id: number }>`
                  INSERT INTO customers (first_name, last_name, mobile, created_at)
                  VALUES ('', '', ${mobile}, marquee_now()) RETURNING id`)[0]?.id
              if (id === undefined) return Option.none<number>()
              yield* sql`
                INSERT INTO customer_sessions (token_hash, customer_id, expires_at)
                VALUES (${sessionHash(uuid)}, ${id}, marquee_now() + make_interval(days => ${SESSION_DAYS}))`
              return Option.some(id)
            }),
          )
          .pipe(Effect.orDie)
        if (Option.isNone(customerId)) return yield* new InvalidSmsCode({ error: "INVALID_SMS_CODE" })
        return { customerId: customerId.value, uuid }
      })

      const resolve = Effect.fn("CustomerAuth.resolve")(function* (uuid: string | undefined) {
        if (uuid === undefined || uuid === "") return Option.none<number>()
        const rows = yield* sql<{ customerId: number }>`
          SELECT customer_id AS "customerId" FROM customer_sessions
          WHERE token_hash = ${sessionHash(uuid)} AND revoked_at IS NULL AND expires_at > marquee_now()`
        return Option.fromNullishOr(rows[0]?.customerId)
      }, Effect.orDie)

      const logout = Effect.fn("CustomerAuth.logout")(function* (uuid: string | undefined) {
        if (uuid === undefined || uuid === "") return
        yield* sql`UPDATE customer_sessions SET revoked_at = marquee_now()
          WHERE token_hash = ${sessionHash(uuid)} AND revoked_at IS NULL`
      }, Effect.orDie)

      return CustomerAuth.of({ sendCode, validate, resolve, logout })
    }),
  ).pipe(Layer.provide(SignInCodes.layer))
}
