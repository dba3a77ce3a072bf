import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Live monitoring's server-sent events (issue 18): a counter that moves whenever a live number may have moved.
 *
 * `live_change_seq` is advanced once per statement that writes seats (a hold, a sale, a release, a cancellation),
 * an order's payment or status, or a ticket reference. A sequence, not a counter row: `nextval` takes no row lock
 * and never waits, so the seat-lock path gains no contention, on one server or many (every app server reads the
 * same sequence). A rolled-back statement may still advance it: that is one spurious refresh, never a missed one.
 * The events stream (src/server/staff/eventsHttp.ts) reads `last_value` once a second and tells the open staff
 * apps to refetch when it moved.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE SEQUENCE live_change_seq`
  yield* sql`
    CREATE FUNCTION live_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM nextval('live_change_seq');
      RETURN NULL;
    END
    $$`
  yield* sql`
    CREATE TRIGGER seat_allocations_live_changed AFTER INSERT OR UPDATE OR DELETE ON seat_allocations
      FOR EACH STATEMENT EXECUTE FUNCTION live_changed()`
  yield* sql`
    CREATE TRIGGER reservations_live_changed AFTER INSERT OR UPDATE OR DELETE ON reservations
      FOR EACH STATEMENT EXECUTE FUNCTION live_changed()`
  yield* sql`
    CREATE TRIGGER ticket_reference_options_live_changed AFTER INSERT OR UPDATE OR DELETE ON ticket_reference_options
      FOR EACH STATEMENT EXECUTE FUNCTION live_changed()`
})
