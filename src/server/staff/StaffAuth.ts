import { createHash, randomBytes } from "node:crypto"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { StaffLoginFailed, StaffLoginLimited } from "../../api/StaffApi.ts"
import { giveBackToLimit, type Limit, takeFromLimits } from "../limits/RateLimits.ts"
import { hashStaffPassword, needsRehash, staffPasswordMatches } from "./staffPasswords.ts"

/**
 * Staff sign-in for live monitoring (spec §6 staff): username and password (Argon2id), and the session it opens.
 *
 * - Unknown username, inactive account and wrong password are one answer (401 LOGIN_FAILED), and an unknown
 *   username is verified against a dummy hash so the time taken does not tell them apart either.
 * - Wrong passwords are limited per username (5 in 15 minutes) and per client (30 in 15 minutes, enough for an
 *   office behind one address). Each attempt takes from both limits before the password is checked, so parallel
 *   guesses cannot slip past the count; a right password gives its use back, so only wrong ones stay counted.
 *   Past a limit even the right password is refused (429 TOO_MANY_ATTEMPTS) until the window turns.
 * - The token is 32 random bytes; the database keeps only its SHA-256. A session lasts 12 hours (a shift), and
 *   logout ends it for good.
 */

const SESSION_HOURS = 12
const WINDOW_SECONDS = 15 * 60
export const WRONG_PASSWORDS_PER_USER = 5
export const WRONG_PASSWORDS_PER_CLIENT = 30

export const staffTokenHash = (token: string): string => createHash("sha256").update(token).digest("hex")

export interface StaffIdentity {
  readonly userId: number
  readonly businessIds: ReadonlyArray<number>
}

export interface StaffProfile extends StaffIdentity {
  readonly firstName: string
  readonly lastName: string
  readonly isBroker: boolean
}

export class StaffAuth extends Context.Service<
  StaffAuth,
  {
    readonly signIn: (input: {
      readonly username: string
      readonly password: string
      readonly client: string
    }) => Effect.Effect<
      { readonly token: string; readonly userId: number },
      StaffLoginFailed | StaffLoginLimited
    >
    /** the staff member a token stands for; None for nobody (missing, unknown, expired, logged out, inactive) */
    readonly resolve: (token: string | undefined) => Effect.Effect<Option.Option<StaffIdentity>>
    readonly profile: (userId: number) => Effect.Effect<StaffProfile>
    readonly logout: (token: string | undefined) => Effect.Effect<void>
  }
>()("marquee/staff/StaffAuth") {
  static readonly layer = Layer.effect(
    StaffAuth,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const provideSql = Effect.provideService(SqlClient.SqlClient, sql)

      const signIn = Effect.fn("StaffAuth.signIn")(function* (input: {
        readonly username: string
        readonly password: string
        readonly client: string
      }) {
        const limits: ReadonlyArray<Limit> = [
          {
            key: `staffLogin:user:${input.username.trim().toLowerCase()}`,
            limit: WRONG_PASSWORDS_PER_USER,
            windowSeconds: WINDOW_SECONDS,
          },
          {
            key: `staffLogin:client:${input.client}`,
            limit: WRONG_PASSWORDS_PER_CLIENT,
            windowSeconds: WINDOW_SECONDS,
          },
        ]
        const allowed = yield* takeFromLimits(limits).pipe(provideSql)
        const rows = yield* sql<{ id: number; passwordHash: string }>`
          SELECT id, password_hash AS "passwordHash" FROM staff_users
          WHERE username = ${input.username} AND is_active`.pipe(Effect.orDie)
        const row = rows[0]
        const matches = yield* Effect.promise(() => staffPasswordMatches(row?.passwordHash, input.password))
        if (!allowed) return yield* new StaffLoginLimited({ error: "TOO_MANY_ATTEMPTS" })
        if (!matches || row === undefined) return yield* new StaffLoginFailed({ error: "LOGIN_FAILED" })
        // a right password is not a wrong one: give back what this attempt took
        yield* Effect.forEach(limits, giveBackToLimit).pipe(provideSql)
        if (needsRehash(row.passwordHash)) {
          const rehashed = yield* Effect.promise(() => hashStaffPassword(input.password))
          yield* sql`UPDATE staff_users SET password_hash = ${rehashed} WHERE id = ${row.id}`.pipe(
            Effect.orDie,
          )
        }
        const token = randomBytes(32).toString("base64url")
        yield* sql`
          INSERT INTO staff_sessions (token_hash, staff_user_id, expires_at)
          VALUES (${staffTokenHash(token)}, ${row.id}, marquee_now() + make_interval(hours => ${SESSION_HOURS}))`.pipe(
          Effect.orDie,
        )
        return { token, userId: row.id }
      })

      const resolve = Effect.fn("StaffAuth.resolve")(function* (token: string | undefined) {
        if (token === undefined || token === "") return Option.none<StaffIdentity>()
        const rows = yield* sql<{ userId: number; businessIds: ReadonlyArray<number> }>`
          SELECT u.id AS "userId", u.business_ids AS "businessIds"
          FROM staff_sessions s JOIN staff_users u ON u.id = s.staff_user_id
          WHERE s.token_hash = ${staffTokenHash(token)} AND s.revoked_at IS NULL
            AND s.expires_at > marquee_now() AND u.is_active`
        const row = rows[0]
        return row === undefined
          ? Option.none<StaffIdentity>()
          : Option.some({ userId: row.userId, businessIds: row.businessIds.map(Number) })
      }, Effect.orDie)

      const profile = Effect.fn("StaffAuth.profile")(function* (userId: number) {
        const rows = yield* sql<{
          firstName: string
          lastName: string
          businessIds: ReadonlyArray<number>
          isBroker: boolean
        }>`
          SELECT first_name AS "firstName", last_name AS "lastName", business_ids AS "businessIds",
            is_broker AS "isBroker"
          FROM staff_users WHERE id = ${userId}`
        const row = rows[0]
        if (row === undefined) return yield* Effect.die(new Error(`staff user ${userId} vanished`))
        return {
          userId,
          firstName: row.firstName,
          lastName: row.lastName,
          businessIds: row.businessIds.map(Number),
          isBroker: row.isBroker,
        }
      }, Effect.orDie)

      const logout = Effect.fn("StaffAuth.logout")(function* (token: string | undefined) {
        if (token === undefined || token === "") return
        yield* sql`UPDATE staff_sessions SET revoked_at = marquee_now()
          WHERE token_hash = ${staffTokenHash(token)} AND revoked_at IS NULL`
      }, Effect.orDie)

      return StaffAuth.of({ signIn, resolve, profile, logout })
    }),
  )
}
