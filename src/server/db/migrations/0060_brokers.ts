import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Brokers in live monitoring (issue 18, spec §4 "Brokers can lock, unlock and save event presentations for sale").
 *
 * - `staff_users.is_broker`: a staff member who may lock, unlock and save presentations of their own businesses.
 *   Off by default: seeing numbers is every staff member's, taking a show off sale is not. The demo data makes
 *   `admin` and `partner.haifa` brokers (src/server/db/seed/people.ts); this sets `admin` on databases seeded
 *   before it.
 * - `presentations.broker_locked_by / broker_locked_at`: the presentation is held by a broker (for the broker's
 *   event, a group sale being agreed): off sale to buyers while set. The lock writes `is_on_sale = false` in the
 *   same statement, so every shop path that already reads the sale switch (what's on, the seat lock, best
 *   available, the commit) refuses it without a second rule. `broker_was_on_sale` keeps the switch as it was, so
 *   unlocking puts back exactly that (a show whose sales had closed does not reopen by an unlock).
 * - `sale_saved_by / sale_saved_at`: who last saved the presentation for sale (put it on sale), and when.
 * - A statement trigger advances `live_change_seq` (migration 0045) when the sale switch or a lock changes, so the
 *   other open staff apps refresh.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE staff_users ADD COLUMN is_broker boolean NOT NULL DEFAULT false`
  yield* sql`UPDATE staff_users SET is_broker = true WHERE username = 'admin'`
  yield* sql`
    ALTER TABLE presentations
      ADD COLUMN broker_locked_by integer REFERENCES staff_users (id),
      ADD COLUMN broker_locked_at timestamptz,
      ADD COLUMN broker_was_on_sale boolean,
      ADD COLUMN sale_saved_by integer REFERENCES staff_users (id),
      ADD COLUMN sale_saved_at timestamptz`
  yield* sql`
    CREATE TRIGGER presentations_live_changed AFTER UPDATE OF is_on_sale, broker_locked_at ON presentations
      FOR EACH STATEMENT EXECUTE FUNCTION live_changed()`
})
