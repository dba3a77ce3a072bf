import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * `hold_seats_batch` answers, per request, which seats the hold newly gave the cart (`newly_held`), so that a
 * hold the single-seat rule then refuses gives back exactly those and keeps the seats the cart held before.
 *
 * It used to be worked out in TypeScript as "the seats not taken just before the hold", from a read made
 * before the hold waited for its cart's lock: a seat another cart let go while this hold waited was read as
 * taken, held by this call anyway, and then kept by a cart whose call had been refused (found by the 1,000
 * overlapping locks test on a loaded machine). Now the cart's row is locked first, so its own holds cannot
 * change under the read, and `newly_held` is the named seats this cart did not already hold. The read of the
 * blocks for the rule happens after the same lock, closer to the hold.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DROP FUNCTION hold_seats_batch(jsonb, integer, integer)`
  yield* sql`
    CREATE FUNCTION hold_seats_batch(p_requests jsonb, p_hold_seconds integer, p_cap integer)
    RETURNS TABLE (idx integer, outcome text, expires_at_ms double precision, taken_before integer[],
      newly_held integer[])
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      r record;
      v_presentation integer;
      v_cart text;
      v_seats integer[];
      v_blocks integer[];
      v_taken integer[];
      v_mine integer[];
      v_outcome text;
      v_expires timestamptz;
    BEGIN
      FOR r IN SELECT value, ordinality FROM jsonb_array_elements(p_requests) WITH ORDINALITY LOOP
        v_presentation := (r.value->>'presentation')::integer;
        v_cart := r.value->>'cart';
        v_seats := ARRAY(SELECT jsonb_array_elements_text(r.value->'seats')::integer);
        v_blocks := ARRAY(SELECT jsonb_array_elements_text(r.value->'blocks')::integer);
        v_taken := '{}';
        v_mine := '{}';
        BEGIN
          -- the cart's own calls wait here one after another, so what it holds cannot change until commit
          PERFORM 1 FROM carts c WHERE c.token = v_cart FOR UPDATE;
          SELECT coalesce(array_agg(a.seat_id), '{}') INTO v_taken FROM seat_allocations a
            WHERE a.presentation_id = v_presentation AND a.seat_id = ANY (v_blocks)
              AND (a.kind = 'sale' OR a.expires_at > now());
          SELECT coalesce(array_agg(a.seat_id), '{}') INTO v_mine FROM seat_allocations a
            WHERE a.presentation_id = v_presentation AND a.seat_id = ANY (v_seats) AND a.cart_token = v_cart
              AND a.kind = 'hold' AND a.expires_at > now();
          SELECT h.outcome, h.expires_at INTO v_outcome, v_expires
            FROM hold_seats(v_presentation, v_cart, v_seats, p_hold_seconds, p_cap) h;
        EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
          v_outcome := 'busy';
          v_expires := NULL;
        END;
        idx := r.ordinality::integer - 1;
        outcome := v_outcome;
        expires_at_ms := extract(epoch FROM v_expires) * 1000;
        taken_before := v_taken;
        newly_held := CASE WHEN v_outcome = 'held'
          THEN ARRAY(SELECT unnest(v_seats) EXCEPT SELECT unnest(v_mine))
          ELSE '{}'::integer[] END;
        RETURN NEXT;
      END LOOP;
    END
    $$`
})
