import { hash, verify } from "@node-rs/argon2"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { SignInLimited } from "../../../api/CustomerSignInApi.ts"
import { LoginRequired } from "../../../api/sessions.ts"
import { type Limit, takeFromLimits } from "../../limits/RateLimits.ts"

/**
 * E-mail + password (spec §7 `POST /customer/login`). Passwords are Argon2id PHC strings (@node-rs/argon2, its
 * default algorithm and the OWASP parameters it ships with); up to 1,024 characters are accepted (the contract's
 * bound), so a 64-character passphrase or longer works.
 * - Every try counts against the typed e-mail (10 in 15 minutes) and the client (30 an hour), known account or
 *   not; past either, 429 with the seconds to wait, before any hash is checked.
 * - An unknown e-mail is verified against a dummy hash, so it takes as long as a wrong password, and both answer
 *   the same 401 `LOGIN_FAILED`.
 */

const PER_ACCOUNT = { limit: 10, windowSeconds: 15 * 60 }
const PER_CLIENT = { limit: 30, windowSeconds: 3600 }

export const passwordLimits = (email: string, client: string): ReadonlyArray<Limit> => [
  { key: `passwordLogin:account:${email}`, ...PER_ACCOUNT },
  { key: `passwordLogin:client:${client}`, ...PER_CLIENT },
]

export const hashPassword = (password: string) => Effect.promise(() => hash(password))

export class PasswordSignIn extends Context.Service<
  PasswordSignIn,
  {
    /** the customer these credentials open */
    readonly check: (input: {
      readonly email: string
      readonly password: string
      readonly client: string
    }) => Effect.Effect<number, LoginRequired | SignInLimited>
  }
>()("marquee/customer/PasswordSignIn") {
  static readonly layer = Layer.effect(
    PasswordSignIn,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      // made once per process: verifying against it costs what a real account's check does
      const dummyHash = yield* hashPassword("marquee: no account has this password")

      const check = Effect.fn("PasswordSignIn.check")(function* (input: {
        readonly email: string
        readonly password: string
        readonly client: string
      }) {
        const email = input.email.trim().toLowerCase().slice(0, 320)
        const allowed = yield* takeFromLimits(passwordLimits(email, input.client)).pipe(
          Effect.provideService(SqlClient.SqlClient, sql),
        )
        if (!allowed) return yield* new SignInLimited({ error: "LOGIN_FAILED", retryAfterSeconds: 15 * 60 })
        const rows = yield* sql<{ id: number; passwordHash: string }>`
          SELECT id, password_hash AS "passwordHash" FROM customers
          WHERE lower(email) = ${email} AND password_hash IS NOT NULL ORDER BY id LIMIT 1`.pipe(Effect.orDie)
        const row = Option.fromNullishOr(rows[0])
        const stored = Option.match(row, { onNone: () => dummyHash, onSome: (r) => r.passwordHash })
        const matches = yield* Effect.promise(() => verify(stored, input.password).catch(() => false))
        if (Option.isNone(row) || !matches) return yield* new LoginRequired({ error: "LOGIN_FAILED" })
        return row.value.id
      })

      return PasswordSignIn.of({ check })
    }),
  )
}
