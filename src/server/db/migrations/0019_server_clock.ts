import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * SQL reads the server's clock (src/server/clock.ts), not the database's: `marquee_now()` is `now()` plus the
 * offset the server puts in the `marquee.clock_offset_ms` setting of each connection (src/server/db/database.ts),
 * 0 where it is unset (psql, a connection opened by hand). So a server started with `MARQUEE_CLOCK_START` holds
 * seats, lapses carts and sells presentations as on that day, and SQL deadlines agree with TypeScript's.
 *
 * Every function already defined here that reads `now()` is redefined to read `marquee_now()` instead:
 * `hold_seats` and `hold_ga_places` (0006), `hold_seats_batch` (0017, which replaced 0007's),
 * `seat_allocations_order_guard` (0009, the trigger keeps pointing at it). They are rewritten from their own
 * definitions (`pg_get_functiondef`) rather than copied out here, because shipped migrations are never edited
 * and a copy of several hundred lines could drift from what is actually installed; the rewrite changes only the
 * calls to `now()`. Functions added later must call `marquee_now()` themselves
 * (tests/server/db/serverClock.integration.test.ts fails on any that reads `now()`).
 *
 * The carts' default lapse (0014) follows the server's clock too. The `created_at`, `updated_at`, `received_at`
 * and `sent_at` defaults stay on the database's real time: they record when a row was written, for audit,
 * and no rule compares them with a deadline.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // STABLE like now(): one value per statement, usable in index conditions (`expires_at > marquee_now()`).
  yield* sql`
    CREATE FUNCTION marquee_now() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT now()
        + coalesce(nullif(current_setting('marquee.clock_offset_ms', true), '')::bigint, 0) * interval '1 millisecond'
    $$`
  yield* sql`
    DO $$
    DECLARE
      f oid;
    BEGIN
      FOR f IN
        SELECT p.oid FROM pg_proc p
        WHERE p.pronamespace = (SELECT n.oid FROM pg_namespace n WHERE n.nspname = current_schema())
          AND p.prokind = 'f' AND p.proname <> 'marquee_now' AND p.prosrc ~ '[[:<:]]now[(][)]'
      LOOP
        -- [[:<:]] is the start of a word: marquee_now() and a function named like foo_now() stay as they are
        EXECUTE regexp_replace(pg_get_functiondef(f), '[[:<:]]now[(][)]', 'marquee_now()', 'g');
      END LOOP;
    END
    $$`
  yield* sql`ALTER TABLE carts ALTER COLUMN expires_at SET DEFAULT marquee_now() + interval '24 hours'`
})
