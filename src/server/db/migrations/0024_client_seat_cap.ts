import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * A cap on the seats one client holds across all its carts (issue 14, item 4: with a human check per cart, a bot
 * opens cart after cart and holds a hall's worth of seats, twenty at a time). 0023 caps one cart; this caps the
 * client, keyed by what `src/server/limits/clientKey.ts` makes of the request's address (an IPv4 address, an IPv6
 * /64), stored on the cart when it is made.
 *
 * The cap itself lives in `seat_hold_limits` (one row, 0 or no row: no cap): the server writes its configured
 * `MAX_SEATS_PER_CLIENT` there when it starts (src/server/seats/SeatHolds.ts), so these functions keep their
 * signatures and `hold_seats_batch` (0017) is unchanged. Carts made before this migration have no key and are
 * not counted.
 *
 * The wrappers of 0023 are redefined with one more check. Two carts of one client race for the same count: a
 * transaction-scoped advisory lock on the client's key serializes that client's holds (and only that client's;
 * taken after the cart's row, as every hold does, so the order of locks is the same everywhere). The count is
 * of live holds in every cart of the client, less those this call holds again.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE carts ADD COLUMN client_key text`
  yield* sql`CREATE INDEX carts_client_key_idx ON carts (client_key) WHERE client_key IS NOT NULL`
  yield* sql`
    CREATE TABLE seat_hold_limits (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      seats_per_client integer NOT NULL CHECK (seats_per_client >= 0)
    )`
  // Over the cap for the client: what its carts hold live elsewhere plus p_count. Locks the client's key first.
  yield* sql`
    CREATE FUNCTION client_holds_over_cap(p_client text, p_cart text, p_presentation integer, p_seats integer[],
      p_count integer)
    RETURNS boolean
    LANGUAGE plpgsql AS $$
    DECLARE
      v_cap integer;
      v_kept integer;
    BEGIN
      SELECT l.seats_per_client INTO v_cap FROM seat_hold_limits l;
      IF p_client IS NULL OR coalesce(v_cap, 0) = 0 THEN
        RETURN false;
      END IF;
      PERFORM pg_advisory_xact_lock(hashtextextended('marquee.client_holds:' || p_client, 0));
      SELECT count(*) INTO v_kept FROM seat_allocations a JOIN carts c ON c.token = a.cart_token
        WHERE c.client_key = p_client AND a.kind = 'hold' AND a.expires_at > marquee_now()
          AND NOT (a.cart_token = p_cart AND a.presentation_id = p_presentation
            AND coalesce(a.seat_id = ANY (p_seats), false));
      RETURN v_kept + p_count > v_cap;
    END
    $$`
  yield* sql`
    CREATE OR REPLACE FUNCTION hold_seats(p_presentation integer, p_cart text, p_seats integer[],
      p_hold_seconds integer, p_cap integer)
    RETURNS TABLE (outcome text, expires_at timestamptz)
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      v_kept integer;
      v_client text;
    BEGIN
      SELECT c.client_key INTO v_client FROM carts c WHERE c.token = p_cart FOR UPDATE;
      IF FOUND THEN
        -- what the cart would hold after this call: its live holds, less those this call holds again (a
        -- general-admission hold has no seat id: 0023 let such holds out of the count, coalesce keeps them in)
        SELECT count(*) INTO v_kept FROM seat_allocations a
          WHERE a.cart_token = p_cart AND a.kind = 'hold' AND a.expires_at > marquee_now()
            AND NOT (a.presentation_id = p_presentation AND coalesce(a.seat_id = ANY (p_seats), false));
        IF v_kept + cardinality(p_seats) > 2 * p_cap THEN
          RETURN QUERY SELECT 'cap'::text, NULL::timestamptz;
          RETURN;
        END IF;
        IF client_holds_over_cap(v_client, p_cart, p_presentation, p_seats, cardinality(p_seats)) THEN
          RETURN QUERY SELECT 'client_cap'::text, NULL::timestamptz;
          RETURN;
        END IF;
      END IF;
      RETURN QUERY SELECT * FROM hold_seats_in_presentation(p_presentation, p_cart, p_seats, p_hold_seconds, p_cap);
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
      END IF;
      RETURN QUERY SELECT * FROM hold_ga_places_in_presentation(p_presentation, p_cart, p_section, p_count,
        p_hold_seconds, p_cap);
    END
    $$`
})
