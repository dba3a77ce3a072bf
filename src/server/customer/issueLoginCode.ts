import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { takeSms } from "../notifications/smsAllowance.ts"
import { CODE_MINUTES, CODES_PER_WINDOW, codeHash, newCode, WINDOW_MINUTES } from "./oneTimeCodes.ts"

/**
 * Sends a sign-in code to `mobile` by SMS, by the rules of oneTimeCodes.ts, for the checkout's login
 * (CustomerAuth.ts) and the customer area's (signIn/SignInCodes.ts) alike: one count of codes per number for both,
 * under a lock of the number (its requests queue, so the count cannot be raced past), a new code ending every
 * older one, the code written with the SMS to the outbox in one transaction. False when the number has had its
 * codes for the window. `challenge`, `customerId` and `identifier` bind an area sign-in's code to its challenge,
 * the account and what was typed to find it (null for the checkout's). The message takes from the day's SMS
 * allowance (src/server/notifications/smsAllowance.ts): the chain's `budget`, and the phone's day unless the caller
 * already counted it (`phoneTaken`: a typed number, counted whether or not it has an account); refused, nothing is
 * written and the refusal is the answer.
 */
export const issueLoginCode = (input: {
  readonly mobile: string
  readonly pepper: string
  readonly locale: string
  readonly challengeHash?: string
  readonly customerId?: number | null
  readonly identifier?: string
  readonly sms: { readonly budget: number; readonly phoneTaken: boolean }
}) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const { mobile } = input
    const code = newCode()
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`SELECT pg_advisory_xact_lock(hashtext(${`login:${mobile}`}))`
        const recent = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM customer_login_codes
          WHERE mobile = ${mobile} AND created_at > marquee_now() - make_interval(mins => ${WINDOW_MINUTES})`
        if ((recent[0]?.n ?? 0) >= CODES_PER_WINDOW) return false
        const refused = yield* takeSms({ mobile, ...input.sms })
        if (refused !== undefined) return refused
        // a new code ends every older one: only the latest message opens the account
        yield* sql`
          UPDATE customer_login_codes SET consumed_at = marquee_now()
          WHERE mobile = ${mobile} AND consumed_at IS NULL`
        // created by the server's clock, which the window above counts by
        yield* sql`
          INSERT INTO customer_login_codes (mobile, code_hash, expires_at, created_at, challenge_hash, customer_id,
            identifier)
          VALUES (${mobile}, ${codeHash(input.pepper, mobile, code)},
            marquee_now() + make_interval(mins => ${CODE_MINUTES}), marquee_now(), ${input.challengeHash ?? null},
            ${input.customerId ?? null}, ${input.identifier ?? null})`
        yield* sql`
          INSERT INTO outbox (kind, recipient, payload)
          VALUES ('sms', ${mobile}, ${JSON.stringify({ template: "loginCode", code, locale: input.locale })}::jsonb)`
        return true
      }),
    )
  })
