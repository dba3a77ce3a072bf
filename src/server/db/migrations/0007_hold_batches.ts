import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Many buyers' holds and releases in one statement.
 *
 * Under load a round trip per hold caps a server near half of what the database can do; each server process
 * instead sends the holds that arrived while its previous batch ran as one call. Every request in a batch is
 * still all or nothing on its own (`hold_seats` rolls its own subtransaction back), a busy lock fails that
 * request only (outcome 'busy', retried by the caller), and the batch commits as one transaction.
 *
 * `hold_seats_batch` also answers, per request, which of the seats it names in `blocks` were taken just before
 * its hold: the single-seat rule runs in TypeScript on that answer (see SeatHolds), so the common case needs
 * no read before the hold.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE FUNCTION hold_seats_batch(p_requests jsonb, p_hold_seconds integer, p_cap integer)
    RETURNS TABLE (idx integer, outcome text, expires_at_ms double precision, taken_before integer[])
    LANGUAGE plpgsql AS $$
    DECLARE
      r record;
      v_presentation integer;
      v_seats integer[];
      v_blocks integer[];
      v_taken integer[];
      v_outcome text;
      v_expires timestamptz;
    BEGIN
      FOR r IN SELECT value, ordinality FROM jsonb_array_elements(p_requests) WITH ORDINALITY LOOP
        v_presentation := (r.value->>'presentation')::integer;
        v_seats := ARRAY(SELECT jsonb_array_elements_text(r.value->'seats')::integer);
        v_blocks := ARRAY(SELECT jsonb_array_elements_text(r.value->'blocks')::integer);
        SELECT coalesce(array_agg(a.seat_id), '{}') INTO v_taken FROM seat_allocations a
          WHERE a.presentation_id = v_presentation AND a.seat_id = ANY (v_blocks)
            AND (a.kind = 'sale' OR a.expires_at > now());
        BEGIN
          SELECT h.outcome, h.expires_at INTO v_outcome, v_expires
            FROM hold_seats(v_presentation, r.value->>'cart', v_seats, p_hold_seconds, p_cap) h;
        EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
          v_outcome := 'busy';
          v_expires := NULL;
        END;
        idx := r.ordinality::integer - 1;
        outcome := v_outcome;
        expires_at_ms := extract(epoch FROM v_expires) * 1000;
        taken_before := v_taken;
        RETURN NEXT;
      END LOOP;
    END
    $$`

  // Releases only the cart's own holds, and only if it holds every one named (else nothing, an unlock error).
  yield* sql`
    CREATE FUNCTION release_seats_batch(p_requests jsonb)
    RETURNS TABLE (idx integer, seat_id integer, section_id integer, ga_slot integer)
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      r record;
      v_presentation integer;
      v_cart text;
      v_seats integer[];
      v_ga_sections integer[];
      v_ga_slots integer[];
      v_ids bigint[];
    BEGIN
      FOR r IN SELECT value, ordinality FROM jsonb_array_elements(p_requests) WITH ORDINALITY LOOP
        v_presentation := (r.value->>'presentation')::integer;
        v_cart := r.value->>'cart';
        v_seats := ARRAY(SELECT jsonb_array_elements_text(r.value->'seats')::integer);
        v_ga_sections := ARRAY(SELECT jsonb_array_elements_text(r.value->'gaSections')::integer);
        v_ga_slots := ARRAY(SELECT jsonb_array_elements_text(r.value->'gaSlots')::integer);
        SELECT array_agg(a.id) INTO v_ids FROM (
          SELECT a.id FROM seat_allocations a
          WHERE a.presentation_id = v_presentation AND a.cart_token = v_cart AND a.kind = 'hold'
            AND (a.seat_id = ANY (v_seats)
              OR (a.section_id, a.ga_slot) IN (SELECT * FROM unnest(v_ga_sections, v_ga_slots)))
          ORDER BY a.id
          FOR UPDATE) a;
        IF coalesce(cardinality(v_ids), 0) = cardinality(v_seats) + cardinality(v_ga_slots) THEN
          RETURN QUERY
            DELETE FROM seat_allocations a WHERE a.id = ANY (v_ids)
            RETURNING (r.ordinality::integer - 1), a.seat_id, a.section_id, a.ga_slot;
        END IF;
      END LOOP;
    END
    $$`
})
