import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Lock velocity (issue 20, "Limits that hold across server processes"): at most `seats_per_client_minute` new seats
 * held per client per minute, across all of its carts and every server process. The per-cart and per-client caps
 * (0023, 0024) bound what a client holds at once; this bounds how fast it churns: a bot that holds a showing's seats,
 * lets them go and takes them again with fresh carts (denial of inventory) is slowed to a buyer's pace.
 *
 * - Counted in `rate_limits` (0021) under `seatHolds:client:<key>`, in windows of a minute by the server's clock, as
 *   every other limit is; the client's older windows go as it is counted.
 * - Only seats newly taken count (renewing the cart's own seats does not); a request over the limit holds nothing
 *   and counts nothing (`velocity`). The count is taken in the request's own subtransaction, so a hold that then
 *   fails (`taken`) gives its seats back to the count.
 * - 0 (no row in `seat_hold_limits` either) is no limit. The server writes its `MAX_SEATS_PER_CLIENT_MINUTE` there when
 *   it starts (src/server/seats/SeatHolds.ts), as it does the per-client cap.
 * - The increment is one statement (`ON CONFLICT … WHERE` the sum stays within the limit), so concurrent batches of
 *   one client cannot both slip under it; it holds the client's counter row to the end of the batch's transaction,
 *   which orders one client's holds, not different clients'.
 *
 * `hold_seats_batch` is 0070's, with this one check added after the caps; `hold_ga_places` is 0024's with the same
 * check (a general-admission place is always new), its count given back when the places could not be held.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE seat_hold_limits
      ADD COLUMN seats_per_client_minute integer NOT NULL DEFAULT 0 CHECK (seats_per_client_minute >= 0)`
  yield* sql`
    CREATE FUNCTION client_hold_velocity_over(p_client text, p_new integer, p_limit integer)
    RETURNS boolean
    LANGUAGE plpgsql AS $$
    DECLARE
      v_key text := 'seatHolds:client:' || p_client;
      v_window timestamptz := date_bin(interval '1 minute', marquee_now(), timestamptz 'epoch');
      v_used integer;
    BEGIN
      IF p_new > p_limit THEN
        RETURN true;
      END IF;
      DELETE FROM rate_limits WHERE key = v_key AND window_start < v_window;
      INSERT INTO rate_limits AS r (key, window_start, used) VALUES (v_key, v_window, p_new)
        ON CONFLICT (key, window_start) DO UPDATE SET used = r.used + EXCLUDED.used
          WHERE r.used + EXCLUDED.used <= p_limit
        RETURNING r.used INTO v_used;
      RETURN v_used IS NULL;
    END
    $$`
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
      v_velocity_cap integer;
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
      SELECT coalesce(l.seats_per_client, 0), coalesce(l.seats_per_client_minute, 0)
        INTO v_client_cap, v_velocity_cap FROM seat_hold_limits l;
      v_client_cap := coalesce(v_client_cap, 0);
      v_velocity_cap := coalesce(v_velocity_cap, 0);
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
            ELSIF v_velocity_cap > 0 AND v_client IS NOT NULL AND cardinality(v_seats) > cardinality(v_mine)
              AND client_hold_velocity_over(v_client, cardinality(v_seats) - cardinality(v_mine), v_velocity_cap) THEN
              v_outcome := 'velocity';
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
  yield* sql`
    CREATE OR REPLACE FUNCTION hold_ga_places(p_presentation integer, p_cart text, p_section integer,
      p_count integer, p_hold_seconds integer, p_cap integer)
    RETURNS TABLE (outcome text, expires_at timestamptz, slots integer[])
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      v_kept integer;
      v_client text;
      v_velocity_cap integer;
      v_counted boolean := false;
      v_result record;
    BEGIN
      SELECT c.client_key INTO v_client FROM carts c WHERE c.token = p_cart FOR UPDATE;
      IF FOUND THEN
        SELECT count(*) INTO v_kept FROM seat_allocations a
          WHERE a.cart_token = p_cart AND a.kind = 'hold' AND a.expires_at > marquee_now();
        IF v_kept + p_count > 2 * p_cap THEN
          RETURN QUERY SELECT 'cap'::text, NULL::timestamptz, NULL::integer[];
          RETURN;
        END IF;
        -- general-admission places are new slots each time: none of this call's are held already
        IF client_holds_over_cap(v_client, p_cart, p_presentation, ARRAY[]::integer[], p_count) THEN
          RETURN QUERY SELECT 'client_cap'::text, NULL::timestamptz, NULL::integer[];
          RETURN;
        END IF;
        SELECT coalesce(l.seats_per_client_minute, 0) INTO v_velocity_cap FROM seat_hold_limits l;
        IF coalesce(v_velocity_cap, 0) > 0 AND v_client IS NOT NULL THEN
          IF client_hold_velocity_over(v_client, p_count, v_velocity_cap) THEN
            RETURN QUERY SELECT 'velocity'::text, NULL::timestamptz, NULL::integer[];
            RETURN;
          END IF;
          v_counted := true;
        END IF;
      END IF;
      SELECT * INTO v_result FROM hold_ga_places_in_presentation(p_presentation, p_cart, p_section, p_count,
        p_hold_seconds, p_cap);
      IF v_counted AND v_result.outcome <> 'held' THEN
        -- nothing was held: the places go back to the client's count for this minute
        UPDATE rate_limits SET used = greatest(used - p_count, 0)
          WHERE key = 'seatHolds:client:' || v_client
            AND window_start = date_bin(interval '1 minute', marquee_now(), timestamptz 'epoch');
      END IF;
      RETURN QUERY SELECT v_result.outcome, v_result.expires_at, v_result.slots;
    END
    $$`
})
