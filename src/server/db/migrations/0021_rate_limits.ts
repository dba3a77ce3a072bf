import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Counters for abuse limits (src/server/limits/RateLimits.ts): how often a key (a reservation's SMS, a client's
 * address) was used in its current fixed window. Kept in the database so every server process counts together;
 * a key keeps only its current window's row.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rate_limits (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      used integer NOT NULL,
      PRIMARY KEY (key, window_start)
    )`
})
