import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * A cap on the seats one cart holds across presentations (issue 14, item 4: one cart, from one human check,
 * held 30 seats, 10 in each of 3 presentations). The per-presentation cap (`p_cap`, MAX_SEATS_PER_CART) stays;
 * across all presentations a cart may hold at most twice that: a family's two or three films in one order, not
 * a hall's worth of seats kept from other buyers.
 *
 * `hold_seats` and `hold_ga_places` keep their bodies under new names and are wrapped by functions of the old
 * names and signatures (so `hold_seats_batch` and every caller are unchanged). The wrapper locks the cart's row
 * first, as the inner function does, so the count cannot be raced by the cart's own concurrent holds, and
 * answers `cap` when the cart's live holds elsewhere plus this hold would pass the total.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER FUNCTION hold_seats(integer, text, integer[], integer, integer)
    RENAME TO hold_seats_in_presentation`
  yield* sql`ALTER FUNCTION hold_ga_places(integer, text, integer, integer, integer, integer)
    RENAME TO hold_ga_places_in_presentation`
  yield* sql`
    CREATE FUNCTION hold_seats(p_presentation integer, p_cart text, p_seats integer[], p_hold_seconds integer,
      p_cap integer)
    RETURNS TABLE (outcome text, expires_at timestamptz)
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      v_kept integer;
    BEGIN
      PERFORM 1 FROM carts c WHERE c.token = p_cart FOR UPDATE;
      IF FOUND THEN
        -- what the cart would hold after this call: its live holds, less those this call holds again
        SELECT count(*) INTO v_kept FROM seat_allocations a
          WHERE a.cart_token = p_cart AND a.kind = 'hold' AND a.expires_at > marquee_now()
            AND NOT (a.presentation_id = p_presentation AND a.seat_id = ANY (p_seats));
        IF v_kept + cardinality(p_seats) > 2 * p_cap THEN
          RETURN QUERY SELECT 'cap'::text, NULL::timestamptz;
          RETURN;
        END IF;
      END IF;
      RETURN QUERY SELECT * FROM hold_seats_in_presentation(p_presentation, p_cart, p_seats, p_hold_seconds, p_cap);
    END
    $$`
  yield* sql`
    CREATE FUNCTION hold_ga_places(p_presentation integer, p_cart text, p_section integer, p_count integer,
      p_hold_seconds integer, p_cap integer)
    RETURNS TABLE (outcome text, expires_at timestamptz, slots integer[])
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      v_kept integer;
    BEGIN
      PERFORM 1 FROM carts c WHERE c.token = p_cart FOR UPDATE;
      IF FOUND THEN
        SELECT count(*) INTO v_kept FROM seat_allocations a
          WHERE a.cart_token = p_cart AND a.kind = 'hold' AND a.expires_at > marquee_now();
        IF v_kept + p_count > 2 * p_cap THEN
          RETURN QUERY SELECT 'cap'::text, NULL::timestamptz, NULL::integer[];
          RETURN;
        END IF;
      END IF;
      RETURN QUERY SELECT * FROM hold_ga_places_in_presentation(p_presentation, p_cart, p_section, p_count,
        p_hold_seconds, p_cap);
    END
    $$`
})
