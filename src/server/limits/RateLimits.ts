import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { clientKeyOf } from "./clientKey.ts"

/**
 * Abuse limits: at most `limit` uses of `key` per fixed window of `windowSeconds` (windows start at the epoch,
 * by the server's clock). Counted in the database in one statement, so concurrent requests and every server
 * process share one count and none can slip past it; the key's older windows are dropped as it is counted.
 */
export interface Limit {
  /** a name and what it counts, e.g. `sendTickets:reservation:12` */
  readonly key: string
  readonly limit: number
  readonly windowSeconds: number
}

/** Counts one use; true when it is within the limit (a refused use is counted too: hammering does not help). */
export const takeFromLimit = Effect.fn("RateLimits.take")(function* ({ key, limit, windowSeconds }: Limit) {
  const sql = yield* SqlClient.SqlClient
  const window = sql`date_bin(make_interval(secs => ${windowSeconds}), marquee_now(), timestamptz 'epoch')`
  yield* sql`DELETE FROM rate_limits WHERE key = ${key} AND window_start < ${window}`
  const rows = yield* sql<{ used: number }>`
    INSERT INTO rate_limits (key, window_start, used) VALUES (${key}, ${window}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET used = rate_limits.used + 1
    RETURNING used`
  return (rows[0]?.used ?? Number.POSITIVE_INFINITY) <= limit
}, Effect.orDie)

/**
 * Whether `key` has uses left in its current window, counting nothing: for limits that count only failures (a
 * lookup that found nothing) but must stop every try once reached.
 */
export const hasUsesLeft = Effect.fn("RateLimits.hasUsesLeft")(function* ({
  key,
  limit,
  windowSeconds,
}: Limit) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ used: number }>`
    SELECT used FROM rate_limits WHERE key = ${key}
      AND window_start = date_bin(make_interval(secs => ${windowSeconds}), marquee_now(), timestamptz 'epoch')`
  return (rows[0]?.used ?? 0) < limit
}, Effect.orDie)

/**
 * Gives back one use taken in the current window (a use that turned out not to count, such as a right password
 * where only wrong ones are limited). Taking first and giving back after keeps the count race-free.
 */
export const giveBackToLimit = Effect.fn("RateLimits.giveBack")(function* ({ key, windowSeconds }: Limit) {
  const sql = yield* SqlClient.SqlClient
  const window = sql`date_bin(make_interval(secs => ${windowSeconds}), marquee_now(), timestamptz 'epoch')`
  yield* sql`UPDATE rate_limits SET used = used - 1 WHERE key = ${key} AND window_start = ${window} AND used > 0`
}, Effect.orDie)

/** Counts one use of each limit (all of them, so each counts every attempt); true when every one allows it. */
export const takeFromLimits = (limits: ReadonlyArray<Limit>) =>
  Effect.forEach(limits, takeFromLimit).pipe(Effect.map((allowed) => allowed.every(Boolean)))

/** The client a limit counts per: the request's remote address as `clientKeyOf` reduces it (an IPv6 /64). */
export const clientOf = (remoteAddress: Option.Option<string>) =>
  clientKeyOf(Option.getOrUndefined(remoteAddress))
