import { createHash, randomBytes } from "node:crypto"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { InvalidSmsCode } from "../../../api/CustomerApi.ts"
import { SignInCodeBackoff, SmsFailed } from "../../../api/messagingErrors.ts"
import { serverSecret } from "../../db/serverSecret.ts"
import { takeFromLimit, takeFromLimits } from "../../limits/RateLimits.ts"
import { budgetLeft, SmsDailyBudget, secondsToNextDay, takePhone } from "../../notifications/smsAllowance.ts"
import { issueLoginCode } from "../issueLoginCode.ts"
import {
  CODE_TRIES_PER_CLIENT,
  CODES_PER_WINDOW,
  codeMatches,
  MAX_TRIES,
  WINDOW_MINUTES,
} from "../oneTimeCodes.ts"

/**
 * The customer area's code sign-ins (CustomerSignInApi.ts): a code to a phone, named afterwards by an opaque
 * challenge. The code rules are oneTimeCodes.ts's, shared with the checkout's sign-in on the same table
 * (`customer_login_codes`): a new code to a number ends every older one, whichever sign-in sent it, and the wrong
 * tries per number (5 in 10 minutes) count across both. On top of them:
 * - resends back off per identifier (what was typed: the number, the ID number's hash, the reservation number):
 *   the 2nd send waits 30 s after the 1st, the 3rd 60 s, then the 10-minute window ends; the wait is counted
 *   whether or not an account was found, so it tells nothing;
 * - every try counts against the identifier (10 in 10 minutes) and the client (30 an hour), whichever phone;
 * - sends count per client too (20 an hour), and per identifier per day (20, issue 20): the back-off alone let one
 *   number be sent about 430 codes a day by callers spread over many addresses;
 * - every SMS takes from the day's allowance (src/server/notifications/smsAllowance.ts, issue 20): the chain's
 *   budget, checked before anything is looked up, so every identifier is refused alike once it is spent; and the
 *   phone's day (SMS_PER_PHONE_A_DAY, whichever identifier reached the phone). A typed number's day is counted at
 *   every send, account or not, and refuses alike past it; a phone reached through an ID number or a reservation
 *   is only known when the account is, so past its day that send answers as usual and sends nothing (a refusal
 *   would tell that the identifier has an account, and whose phone it reaches).
 * An unknown identifier gets a challenge like any other, and no message: its challenge is stored nowhere, so its
 * validation fails as a wrong code does.
 */

const BACKOFF_SECONDS = 30
const SENDS_PER_CLIENT = { limit: 20, windowSeconds: 3600 }
const SENDS_PER_IDENTIFIER_A_DAY = { limit: 20, windowSeconds: 86_400 }
const TRIES_PER_IDENTIFIER = { limit: 10, windowSeconds: WINDOW_MINUTES * 60 }

/**
 * What a send is for the day's SMS allowance: an e-mail (none), or an SMS, with the number when one was typed
 * (`typedMobile`: counted against that phone at once, whether or not it has an account).
 */
export type SendChannel = { readonly sms: false } | { readonly sms: true; readonly typedMobile?: string }

/** Where a code goes and what it opens; None: no account (nothing is sent, the answer is the same). */
export interface CodeTarget {
  readonly mobile: string
  /** the account; null: a checkout number the chain has not met, which becomes a customer when the code is right */
  readonly customerId: number | null
}

export const challengeHash = (challenge: string): string =>
  createHash("sha256").update(challenge).digest("hex")

export class SignInCodes extends Context.Service<
  SignInCodes,
  {
    /** sends a code for `identifier` to the target's phone; answers the challenge to validate it with */
    readonly send: (input: {
      readonly identifier: string
      readonly target: Option.Option<CodeTarget>
      readonly client: string
      readonly locale: string
      /** the number typed to sign in, when the identifier is one */
      readonly typedMobile?: string
    }) => Effect.Effect<string, SignInCodeBackoff | SmsFailed>
    /**
     * counts one message for `identifier` and the client: refused while the back-off lasts, past the limits, or,
     * for an SMS, past the chain's budget or the typed number's day
     */
    readonly throttle: (
      identifier: string,
      client: string,
      channel: SendChannel,
    ) => Effect.Effect<void, SignInCodeBackoff | SmsFailed>
    /** the chain's SMS messages a day (`SMS_DAILY_BUDGET`) */
    readonly smsBudget: number
    /** the customer the right code opens (made for a new checkout number) */
    readonly validate: (input: {
      readonly challenge: string | undefined
      readonly smsCode: string
      readonly client: string
    }) => Effect.Effect<number, InvalidSmsCode>
  }
>()("marquee/customer/SignInCodes") {
  static readonly layer = Layer.effect(
    SignInCodes,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const pepperOf = serverSecret("customer_login_codes").pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
      )
      const limits = (effect: ReturnType<typeof takeFromLimits>) =>
        effect.pipe(Effect.provideService(SqlClient.SqlClient, sql))
      const smsBudget = yield* SmsDailyBudget
      /** the day's SMS are spent: ask again when the next day begins in Jerusalem */
      const dayIsSpent = Effect.gen(function* () {
        const retryAfterSeconds = yield* secondsToNextDay().pipe(
          Effect.provideService(SqlClient.SqlClient, sql),
        )
        return yield* new SignInCodeBackoff({ error: "SMS_FAILED", retryAfterSeconds })
      })

      /** Seconds to wait before another send for this identifier, or 0 (and the send is counted). */
      const backoff = (identifier: string) =>
        sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`signin:${identifier}`}))`
            const rows = yield* sql<{ windowAge: number; sends: number; sinceLast: number }>`
              SELECT extract(epoch FROM marquee_now() - window_start)::float8 AS "windowAge", sends,
                extract(epoch FROM marquee_now() - last_sent_at)::float8 AS "sinceLast"
              FROM customer_sign_in_sends WHERE identifier = ${identifier}`
            const row = rows[0]
            const windowSeconds = WINDOW_MINUTES * 60
            if (row !== undefined && row.windowAge < windowSeconds) {
              const wait =
                row.sends >= CODES_PER_WINDOW
                  ? windowSeconds - row.windowAge
                  : BACKOFF_SECONDS * 2 ** (row.sends - 1) - row.sinceLast
              if (wait > 0) return Math.ceil(wait)
              yield* sql`
                UPDATE customer_sign_in_sends SET sends = sends + 1, last_sent_at = marquee_now()
                WHERE identifier = ${identifier}`
              return 0
            }
            yield* sql`
              INSERT INTO customer_sign_in_sends (identifier, window_start, sends, last_sent_at)
              VALUES (${identifier}, marquee_now(), 1, marquee_now())
              ON CONFLICT (identifier) DO UPDATE SET window_start = marquee_now(), sends = 1, last_sent_at = marquee_now()`
            return 0
          }),
        )

      const throttle = Effect.fn("SignInCodes.throttle")(function* (
        identifier: string,
        client: string,
        channel: SendChannel,
      ) {
        const allowed = yield* limits(
          takeFromLimits([{ key: `signInSend:client:${client}`, ...SENDS_PER_CLIENT }]),
        )
        if (!allowed) return yield* new SmsFailed({ error: "SMS_FAILED" })
        // the chain's budget, before anything else is counted or looked up: every identifier alike
        if (
          channel.sms &&
          !(yield* budgetLeft(smsBudget).pipe(Effect.provideService(SqlClient.SqlClient, sql)))
        )
          return yield* dayIsSpent
        const wait = yield* backoff(identifier).pipe(Effect.orDie)
        if (wait > 0) return yield* new SignInCodeBackoff({ error: "SMS_FAILED", retryAfterSeconds: wait })
        // counted once the back-off lets the send through, so waiting out the back-off spends none of the day's
        const today = yield* limits(
          takeFromLimit({ key: `signInSend:identifier:${identifier}`, ...SENDS_PER_IDENTIFIER_A_DAY }),
        )
        if (!today) {
          const { windowSeconds } = SENDS_PER_IDENTIFIER_A_DAY
          // until the day's window ends (windows start at the epoch, as RateLimits counts them)
          const left = yield* sql<{ left: number }>`
            SELECT ceil(extract(epoch FROM date_bin(make_interval(secs => ${windowSeconds}), marquee_now(),
              timestamptz 'epoch') + make_interval(secs => ${windowSeconds}) - marquee_now()))::int AS "left"`.pipe(
            Effect.map((found) => found[0]?.left ?? windowSeconds),
            Effect.orDie,
          )
          return yield* new SignInCodeBackoff({ error: "SMS_FAILED", retryAfterSeconds: Math.max(1, left) })
        }
        // a typed number's day counts every send to it, account or not, so both answer alike past it
        if (channel.sms && channel.typedMobile !== undefined) {
          const phoneAllowed = yield* takePhone(channel.typedMobile).pipe(
            Effect.provideService(SqlClient.SqlClient, sql),
          )
          if (!phoneAllowed) return yield* dayIsSpent
        }
      })

      const send = Effect.fn("SignInCodes.send")(function* (input: {
        readonly identifier: string
        readonly target: Option.Option<CodeTarget>
        readonly client: string
        readonly locale: string
        readonly typedMobile?: string
      }) {
        const typedMobile = input.typedMobile
        yield* throttle(
          input.identifier,
          input.client,
          typedMobile === undefined ? { sms: true } : { sms: true, typedMobile },
        )
        const challenge = randomBytes(32).toString("base64url")
        if (Option.isNone(input.target)) return challenge
        const { mobile, customerId } = input.target.value
        // the checkout's count and lock of this number (CustomerAuth.ts): one count of codes and tries for both
        const sent = yield* issueLoginCode({
          mobile,
          pepper: yield* pepperOf,
          locale: input.locale,
          challengeHash: challengeHash(challenge),
          customerId,
          identifier: input.identifier,
          sms: { budget: smsBudget, phoneTaken: mobile === typedMobile },
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie)
        if (typeof sent === "object") {
          // the phone's day, reached through an ID number or a reservation: answered as a sent code (see above)
          if (sent.spent === "phone") return challenge
          return yield* new SignInCodeBackoff({
            error: "SMS_FAILED",
            retryAfterSeconds: sent.retryAfterSeconds,
          })
        }
        if (!sent) return yield* new SmsFailed({ error: "SMS_FAILED" })
        return challenge
      })

      const refused = new InvalidSmsCode({ error: "INVALID_SMS_CODE" })

      const validate = Effect.fn("SignInCodes.validate")(function* (input: {
        readonly challenge: string | undefined
        readonly smsCode: string
        readonly client: string
      }) {
        const clientAllowed = yield* limits(
          takeFromLimits([{ key: `signInTries:client:${input.client}`, ...CODE_TRIES_PER_CLIENT }]),
        )
        if (input.challenge === undefined || input.challenge === "" || input.challenge.length > 100) {
          return yield* refused
        }
        const found = yield* sql<{ id: number; mobile: string; identifier: string | null }>`
          SELECT id::float8 AS id, mobile, identifier FROM customer_login_codes
          WHERE challenge_hash = ${challengeHash(input.challenge)}`.pipe(Effect.orDie)
        const code = found[0]
        if (code === undefined || !clientAllowed) return yield* refused
        const pepper = yield* pepperOf
        const customerId = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${code.mobile}`}))`
              const identifierAllowed = yield* limits(
                takeFromLimits([
                  {
                    key: `signInTries:identifier:${code.identifier ?? code.mobile}`,
                    ...TRIES_PER_IDENTIFIER,
                  },
                ]),
              )
              // wrong tries per number over the window, whichever sign-in sent the codes (oneTimeCodes.ts)
              const tried = yield* sql<{ n: number }>`
                SELECT coalesce(sum(attempts), 0)::int AS n FROM customer_login_codes
                WHERE mobile = ${code.mobile} AND created_at > marquee_now() - make_interval(mins => ${WINDOW_MINUTES})`
              const triedBefore = tried[0]?.n ?? 0
              if (!identifierAllowed || triedBefore >= MAX_TRIES) return Option.none<number>()
              const rows = yield* sql<{ codeHash: string; customerId: number | null }>`
                SELECT code_hash AS "codeHash", customer_id AS "customerId" FROM customer_login_codes
                WHERE id = ${code.id} AND consumed_at IS NULL AND expires_at > marquee_now() FOR UPDATE`
              const row = rows[0]
              if (row === undefined) return Option.none<number>()
              if (!codeMatches(pepper, code.mobile, input.smsCode, row.codeHash)) {
                yield* sql`
                  UPDATE customer_login_codes SET attempts = attempts + 1,
                    consumed_at = CASE WHEN ${triedBefore + 1} >= ${MAX_TRIES} THEN marquee_now() END
                  WHERE id = ${code.id}`
                return Option.none<number>()
              }
              yield* sql`UPDATE customer_login_codes SET consumed_at = marquee_now() WHERE id = ${code.id}`
              if (row.customerId !== null) return Option.some(row.customerId)
              // a checkout number the chain has not met: it becomes a customer, as in the pay step's sign-in
              const existing = yield* sql<{ id: number }>`
                SELECT id FROM customers WHERE mobile = ${code.mobile} ORDER BY id LIMIT 1`
              const id =
                existing[0]?.id ??
                (yield* sql<{ id: number }>`
                  INSERT INTO customers (first_name, last_name, mobile, created_at)
                  VALUES ('', '', ${code.mobile}, marquee_now()) RETURNING id`)[0]?.id
              return Option.fromNullishOr(id)
            }),
          )
          .pipe(Effect.orDie)
        if (Option.isNone(customerId)) return yield* refused
        return customerId.value
      })

      return SignInCodes.of({ send, throttle, validate, smsBudget })
    }),
  )
}
