import { randomBytes } from "node:crypto"
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1"
import { Clock, Config, Effect, Layer, Option, Redacted, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { HumanCheckFailed } from "../../../api/HumanCheckApi.ts"
import { HumanCheck } from "./HumanCheck.ts"

/** How long a challenge may be solved and redeemed after it was issued (signed into its salt). */
const CHALLENGE_TTL_MS = 10 * 60 * 1000
/** Failures from one client within one such window (from the epoch) count towards `recaptcha_repeated`. */
const FAILURE_WINDOW_SECONDS = 10 * 60
/** The failure that makes it `recaptcha_repeated` instead of `RECAPTCHA_REQUIRED`. */
const REPEATED_AFTER = 3
/** Spent signatures past their expiry are deleted on one verification in this many. */
const PRUNE_EVERY = 100
/** A real token is a few hundred characters; anything far longer is not worth decoding. */
const MAX_TOKEN_LENGTH = 4096
const ALGORITHM = "SHA-256"
const SECRET_NAME = "human_check_hmac"

/** What the browser sends as `recaptchaToken`, base64-decoded: altcha v1's payload. */
const Payload = Schema.Struct({
  algorithm: Schema.Literal(ALGORITHM),
  challenge: Schema.String,
  number: Schema.Int,
  salt: Schema.String,
  signature: Schema.String,
})
type Payload = typeof Payload.Type
const decodePayload = Schema.decodeUnknownOption(Payload)

const parseToken = (token: string): Option.Option<Payload> => {
  if (token.length > MAX_TOKEN_LENGTH) return Option.none()
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(token, "base64").toString("utf8"))
  } catch {
    return Option.none()
  }
  return decodePayload(json).pipe(Option.filter((payload) => payload.number >= 0))
}

/** The `expires` (Unix seconds) the server signed into the challenge's salt, in milliseconds. */
const expiresAtMillis = (payload: Payload): Option.Option<number> => {
  const expires = Number(extractParams(payload).expires)
  return Number.isSafeInteger(expires) && expires > 0 ? Option.some(expires * 1000) : Option.none()
}

/**
 * The shared HMAC key: every server process on one database must sign and check with the same key (two
 * processes serve one chain), so it lives in `server_secrets`. The first process to start creates it; an
 * `ON CONFLICT DO NOTHING` race is harmless because everybody then reads the row that won.
 */
const sharedKey = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const candidate = randomBytes(32).toString("hex")
  yield* sql`
    INSERT INTO server_secrets (name, value) VALUES (${SECRET_NAME}, ${candidate})
    ON CONFLICT (name) DO NOTHING`
  const rows = yield* sql<{ readonly value: string }>`
    SELECT value FROM server_secrets WHERE name = ${SECRET_NAME}`
  const row = rows[0]
  if (row === undefined) return yield* Effect.die(new Error(`server_secrets has no ${SECRET_NAME}`))
  return row.value
})

/**
 * `HumanCheck` by self-hosted proof of work ([altcha](https://altcha.org) v1 challenges): the server signs a
 * puzzle, the browser brute-forces it (about `maxnumber / 2` SHA-256 hashes), the server checks the answer
 * and the signature. No third party is involved.
 *
 * - Key: `HUMAN_CHECK_HMAC_KEY` when set (then every process must be given the same one), else the key in
 *   `server_secrets`, created on first start.
 * - Difficulty: `HUMAN_CHECK_MAX_NUMBER`, default 20 000: about 0.3 s on a laptop, around a second on a mid-range phone (measured 1.6 s worst case at 50 000 on the server CPU).
 * - Expiry: 10 minutes, signed into the salt and checked against Effect's `Clock`.
 * - Replay: a token is single use across all processes — its signature goes into `human_check_spent`.
 * - Repeated failures: counted per client in `rate_limits` (issue 20: every process shares one count), in fixed
 *   10-minute windows of Effect's `Clock` (the time the expiry is judged by); a success clears the client's count.
 *
 * Needs a migrated SqlClient with `server_secrets` and `human_check_spent` (migration 0006).
 */
export const altchaHumanCheckLayer: Layer.Layer<HumanCheck, never, SqlClient.SqlClient> = Layer.effect(
  HumanCheck,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const maxNumber = yield* Config.Int("HUMAN_CHECK_MAX_NUMBER").pipe(Config.withDefault(20_000))
    if (maxNumber < 1) {
      return yield* Effect.die(
        new Error(`HUMAN_CHECK_MAX_NUMBER must be a positive integer, got ${maxNumber}`),
      )
    }
    const configuredKey = yield* Config.option(Config.Redacted("HUMAN_CHECK_HMAC_KEY"))
    const hmacKey =
      Option.isSome(configuredKey) && Redacted.value(configuredKey.value) !== ""
        ? Redacted.value(configuredKey.value)
        : yield* sharedKey

    let verifications = 0
    const failureKey = (client: string) => `humanCheckFailed:${client}`

    /** Counts the failure in the database and answers with the code the client has earned. */
    const fail = (client: string, reason: string) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const window = sql`date_bin(make_interval(secs => ${FAILURE_WINDOW_SECONDS}),
          ${new Date(now).toISOString()}::timestamptz, timestamptz 'epoch')`
        // the client's older windows go as it is counted, as RateLimits.takeFromLimit does
        yield* sql`DELETE FROM rate_limits WHERE key = ${failureKey(client)} AND window_start < ${window}`.pipe(
          Effect.orDie,
        )
        const rows = yield* sql<{ readonly used: number }>`
          INSERT INTO rate_limits (key, window_start, used) VALUES (${failureKey(client)}, ${window}, 1)
          ON CONFLICT (key, window_start) DO UPDATE SET used = rate_limits.used + 1
          RETURNING used`.pipe(Effect.orDie)
        const count = rows[0]?.used ?? REPEATED_AFTER
        yield* Effect.annotateCurrentSpan({ "humanCheck.reason": reason, "humanCheck.failures": count })
        return yield* new HumanCheckFailed({
          error: count >= REPEATED_AFTER ? "recaptcha_repeated" : "RECAPTCHA_REQUIRED",
        })
      })

    const pruneSpent = (now: number) =>
      sql`DELETE FROM human_check_spent WHERE expires_at < ${new Date(now).toISOString()}::timestamptz`.pipe(
        Effect.ignore({ log: "Warn", message: "HumanCheck: pruning human_check_spent failed" }),
      )

    const challenge = Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const issued = yield* Effect.promise(() =>
        createChallenge({
          algorithm: ALGORITHM,
          hmacKey,
          maxnumber: maxNumber,
          expires: new Date(now + CHALLENGE_TTL_MS),
        }),
      )
      return {
        algorithm: issued.algorithm,
        challenge: issued.challenge,
        maxnumber: maxNumber,
        salt: issued.salt,
        signature: issued.signature,
      }
    }).pipe(Effect.withSpan("HumanCheck.challenge"))

    const verify = Effect.fn("HumanCheck.verify")(function* (token: string | undefined, client: string) {
      verifications += 1
      const now = yield* Clock.currentTimeMillis
      if (verifications % PRUNE_EVERY === 0) yield* pruneSpent(now)

      if (token === undefined || token.trim() === "") return yield* fail(client, "missing")
      const payload = parseToken(token.trim())
      if (Option.isNone(payload)) return yield* fail(client, "undecodable")
      const expiresAt = expiresAtMillis(payload.value)
      if (Option.isNone(expiresAt)) return yield* fail(client, "no expiry")
      if (expiresAt.value < now) return yield* fail(client, "expired")

      // Expiry is checked above against Effect's Clock, so altcha's own Date.now() check is turned off.
      const valid = yield* Effect.tryPromise(() => verifySolution(payload.value, hmacKey, false)).pipe(
        Effect.orElseSucceed(() => false),
      )
      if (!valid) return yield* fail(client, "invalid")

      const spent = yield* sql<{ readonly signature: string }>`
        INSERT INTO human_check_spent (signature, expires_at)
        VALUES (${payload.value.signature}, ${new Date(expiresAt.value).toISOString()}::timestamptz)
        ON CONFLICT (signature) DO NOTHING
        RETURNING signature`.pipe(Effect.orDie)
      if (spent.length === 0) return yield* fail(client, "spent")

      yield* sql`DELETE FROM rate_limits WHERE key = ${failureKey(client)}`.pipe(Effect.orDie)
    })

    return HumanCheck.of({ challenge, verify })
  }).pipe(Effect.orDie),
)
