import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * `hold_seats_batch` (0017, clock of 0019) with the hold written out in it, not called through `hold_seats`
 * (0024's wrapper around 0023's `hold_seats_in_presentation`), for the seat-lock path's throughput (issue 13).
 * The outcomes, their order and every guarantee are those of the functions it replaces; what changed is the
 * work per request, measured by `npm run bench -- seat-locks`:
 * - one subtransaction per request instead of two (the batch's own, for a busy lock, and the insert's, for a
 *   taken seat): a taken seat now rolls the request's whole subtransaction back, which also gives up its lock
 *   of the cart row, harmless since it wrote nothing. Each subtransaction that writes takes a subtransaction id,
 *   and past 64 in one transaction PostgreSQL's snapshots overflow to a shared log that every connection then
 *   reads: the batcher (src/server/seats/HoldBatcher.ts) sends at most 60 requests per batch;
 * - the cart's row locked once instead of three times;
 * - one read of the cart's live holds gives the three figures that were three counts: holds kept elsewhere
 *   (the per-cart cap of 0023, twice the showing's), holds on this showing besides the named seats (the
 *   showing's cap, 0006), and the named seats the cart already holds (`newly_held`, 0017);
 * - the per-client cap (0024) read once per batch, and its count only made when a cap is set;
 * - the renewal of the cart's other holds on the showing (0006: one timer per cart) only when there are any, so a
 *   fresh hold is one row version, not an insert and then an update of the same row.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE OR REPLACE FUNCTION hold_seats_batch(p_requests jsonb, p_hold_seconds integer, p_cap integer)
    RETURNS TABLE (idx integer, outcome text, expires_at_ms double precision, taken_before integer[],
      newly_held integer[])
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      r record;
      v_now timestamptz := marquee_now();
      v_until timestamptz := marquee_now() + make_interval(secs => p_hold_seconds);
      v_client_cap integer;
      v_presentation integer;
      v_cart text;
      v_client text;
      v_seats integer[];
      v_blocks integer[];
      v_taken integer[];
      v_mine integer[];
      v_total integer;
      v_already integer;
      v_rows integer;
      v_outcome text;
    BEGIN
      SELECT coalesce(l.seats_per_client, 0) INTO v_client_cap FROM seat_hold_limits l;
      v_client_cap := coalesce(v_client_cap, 0);
      FOR r IN SELECT value, ordinality FROM jsonb_array_elements(p_requests) WITH ORDINALITY LOOP
        v_presentation := (r.value->>'presentation')::integer;
        v_cart := r.value->>'cart';
        v_seats := ARRAY(SELECT jsonb_array_elements_text(r.value->'seats')::integer);
        v_blocks := ARRAY(SELECT jsonb_array_elements_text(r.value->'blocks')::integer);
        v_taken := '{}';
        v_mine := '{}';
        BEGIN
          -- the cart's own calls wait here one after another, so what it holds cannot change until commit
          SELECT c.client_key INTO v_client FROM carts c WHERE c.token = v_cart FOR UPDATE;
          IF NOT FOUND THEN
            v_outcome := 'unknown_cart';
          ELSE
            SELECT coalesce(array_agg(a.seat_id), '{}') INTO v_taken FROM seat_allocations a
              WHERE a.presentation_id = v_presentation AND a.seat_id = ANY (v_blocks)
                AND (a.kind = 'sale' OR a.expires_at > v_now);
            SELECT count(*)::integer,
                count(*) FILTER (WHERE a.presentation_id = v_presentation
                  AND NOT coalesce(a.seat_id = ANY (v_seats), false))::integer,
                coalesce(array_agg(a.seat_id) FILTER (WHERE a.presentation_id = v_presentation
                  AND coalesce(a.seat_id = ANY (v_seats), false)), '{}')
              INTO v_total, v_already, v_mine
              FROM seat_allocations a
              WHERE a.cart_token = v_cart AND a.kind = 'hold' AND a.expires_at > v_now;
            IF v_total - cardinality(v_mine) + cardinality(v_seats) > 2 * p_cap THEN
              v_outcome := 'cap';
            ELSIF v_client_cap > 0 AND v_client IS NOT NULL
              AND client_holds_over_cap(v_client, v_cart, v_presentation, v_seats, cardinality(v_seats)) THEN
              v_outcome := 'client_cap';
            ELSIF v_already + cardinality(v_seats) > p_cap THEN
              v_outcome := 'cap';
            ELSE
              -- seats in id order, so overlapping holds wait on each other in one order; a sale or another
              -- cart's live hold never matches the update, and then fewer rows than seats: taken, all undone
              INSERT INTO seat_allocations AS a (presentation_id, section_id, seat_id, kind, expires_at, created_at,
                cart_token)
              SELECT v_presentation, s.section_id, s.id, 'hold', v_until, v_now, v_cart
              FROM seats s
              WHERE s.id = ANY (v_seats)
              ORDER BY s.id
              ON CONFLICT (presentation_id, seat_id) DO UPDATE
                SET cart_token = EXCLUDED.cart_token, expires_at = EXCLUDED.expires_at,
                  created_at = EXCLUDED.created_at
                WHERE a.kind = 'hold' AND (a.expires_at <= v_now OR a.cart_token = EXCLUDED.cart_token);
              GET DIAGNOSTICS v_rows = ROW_COUNT;
              IF v_rows < cardinality(v_seats) THEN
                RAISE EXCEPTION 'seat not available' USING ERRCODE = 'MQ409';
              END IF;
              IF v_already > 0 THEN
                UPDATE seat_allocations a SET expires_at = v_until
                  WHERE a.cart_token = v_cart AND a.presentation_id = v_presentation AND a.kind = 'hold'
                    AND a.expires_at > v_now AND a.expires_at <> v_until;
              END IF;
              v_outcome := 'held';
            END IF;
          END IF;
        EXCEPTION
          WHEN SQLSTATE 'MQ409' THEN
            v_outcome := 'taken';
          WHEN lock_not_available OR deadlock_detected THEN
            v_outcome := 'busy';
        END;
        idx := r.ordinality::integer - 1;
        outcome := v_outcome;
        expires_at_ms := CASE WHEN v_outcome = 'held' THEN extract(epoch FROM v_until) * 1000 END;
        taken_before := v_taken;
        newly_held := CASE WHEN v_outcome = 'held'
          THEN ARRAY(SELECT unnest(v_seats) EXCEPT SELECT unnest(v_mine))
          ELSE '{}'::integer[] END;
        RETURN NEXT;
      END LOOP;
    END
    $$`
})
