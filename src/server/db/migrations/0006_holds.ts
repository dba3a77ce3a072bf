import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Seat holds that belong to carts, general-admission places that cannot be oversold, and what the human
 * check needs to be shared by every server process.
 *
 * - `carts`: a cart token (from `POST /api/cart/token`) owns holds. Locking a cart's row serialises that
 *   cart's own lock calls, so the per-cart seat cap cannot be raced; different carts never wait on each other.
 * - `seat_allocations.ga_slot`: a general-admission place is a numbered slot 0..capacity-1 of its section.
 *   UNIQUE (presentation_id, section_id, ga_slot) makes "no more than capacity" a database fact, the same
 *   way UNIQUE (presentation_id, seat_id) already does for reserved seats.
 * - `hold_seats(...)`: the whole hold in one statement, so one round trip. See the function's comments.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE carts (
      token text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`ALTER TABLE seat_allocations ADD COLUMN cart_token text REFERENCES carts (token) ON DELETE CASCADE`
  yield* sql`ALTER TABLE seat_allocations ADD COLUMN ga_slot integer CHECK (ga_slot >= 0)`
  yield* sql`
    UPDATE seat_allocations a SET ga_slot = numbered.slot
    FROM (
      SELECT id, row_number() OVER (PARTITION BY presentation_id, section_id ORDER BY id) - 1 AS slot
      FROM seat_allocations WHERE seat_id IS NULL
    ) numbered
    WHERE numbered.id = a.id`
  yield* sql`ALTER TABLE seat_allocations ADD CONSTRAINT seat_allocations_seat_or_slot
    CHECK ((seat_id IS NULL) = (ga_slot IS NOT NULL))`
  yield* sql`ALTER TABLE seat_allocations ADD CONSTRAINT seat_allocations_ga_slot_key
    UNIQUE (presentation_id, section_id, ga_slot)`
  yield* sql`CREATE INDEX seat_allocations_cart_idx ON seat_allocations (cart_token, presentation_id)
    WHERE cart_token IS NOT NULL`
  yield* sql`CREATE TABLE server_secrets (name text PRIMARY KEY, value text NOT NULL)`
  yield* sql`CREATE TABLE human_check_spent (signature text PRIMARY KEY, expires_at timestamptz NOT NULL)`

  // Holds reserved seats for a cart, all or nothing, in one statement.
  //  - Seats are inserted in id order, so two overlapping multi-seat holds wait on each other in the same
  //    order and cannot deadlock; lock_timeout turns any long wait into a fast, retryable failure.
  //  - A conflicting row is taken over only if it is a hold that has expired or already belongs to this cart;
  //    a sale never matches, so no hold ever replaces a sold seat.
  //  - If any seat could not be held, the block's subtransaction rolls back: nothing is held.
  //  - On success every live hold of the cart on this presentation gets the new deadline (one timer per cart).
  // Outcomes: held, taken, cap (would exceed p_cap seats for this cart), unknown_cart, unknown_seat.
  yield* sql`
    CREATE FUNCTION hold_seats(p_presentation integer, p_cart text, p_seats integer[], p_hold_seconds integer,
      p_cap integer)
    RETURNS TABLE (outcome text, expires_at timestamptz)
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      v_until timestamptz := now() + make_interval(secs => p_hold_seconds);
      v_requested integer := cardinality(p_seats);
      v_already integer;
      v_rows integer;
    BEGIN
      PERFORM 1 FROM carts c WHERE c.token = p_cart FOR UPDATE;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'unknown_cart'::text, NULL::timestamptz;
        RETURN;
      END IF;
      SELECT count(*) INTO v_already FROM seat_allocations a
        WHERE a.cart_token = p_cart AND a.presentation_id = p_presentation AND a.kind = 'hold'
          AND a.expires_at > now() AND (a.seat_id IS NULL OR a.seat_id <> ALL (p_seats));
      IF v_already + v_requested > p_cap THEN
        RETURN QUERY SELECT 'cap'::text, NULL::timestamptz;
        RETURN;
      END IF;
      BEGIN
        INSERT INTO seat_allocations AS a (presentation_id, section_id, seat_id, kind, expires_at, created_at,
          cart_token)
        SELECT p_presentation, s.section_id, s.id, 'hold', v_until, now(), p_cart
        FROM seats s
        WHERE s.id = ANY (p_seats)
        ORDER BY s.id
        ON CONFLICT (presentation_id, seat_id) DO UPDATE
          SET cart_token = EXCLUDED.cart_token, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at
          WHERE a.kind = 'hold' AND (a.expires_at <= now() OR a.cart_token = EXCLUDED.cart_token);
        GET DIAGNOSTICS v_rows = ROW_COUNT;
        IF v_rows < v_requested THEN
          RAISE EXCEPTION 'seat not available' USING ERRCODE = 'MQ409';
        END IF;
      EXCEPTION WHEN SQLSTATE 'MQ409' THEN
        RETURN QUERY SELECT 'taken'::text, NULL::timestamptz;
        RETURN;
      END;
      UPDATE seat_allocations a SET expires_at = v_until
        WHERE a.cart_token = p_cart AND a.presentation_id = p_presentation AND a.kind = 'hold'
          AND a.expires_at > now();
      RETURN QUERY SELECT 'held'::text, v_until;
    END
    $$`

  // General admission: the server chooses the place. Takes the lowest free slot numbers of the section
  // (an expired hold's slot counts as free and is taken over), all or nothing.
  yield* sql`
    CREATE FUNCTION hold_ga_places(p_presentation integer, p_cart text, p_section integer, p_count integer,
      p_hold_seconds integer, p_cap integer)
    RETURNS TABLE (outcome text, expires_at timestamptz, slots integer[])
    LANGUAGE plpgsql SET lock_timeout = '2s' AS $$
    DECLARE
      v_until timestamptz := now() + make_interval(secs => p_hold_seconds);
      v_capacity integer;
      v_already integer;
      v_slots integer[];
      v_rows integer;
    BEGIN
      PERFORM 1 FROM carts c WHERE c.token = p_cart FOR UPDATE;
      IF NOT FOUND THEN
        RETURN QUERY SELECT 'unknown_cart'::text, NULL::timestamptz, NULL::integer[];
        RETURN;
      END IF;
      SELECT count(*) INTO v_already FROM seat_allocations a
        WHERE a.cart_token = p_cart AND a.presentation_id = p_presentation AND a.kind = 'hold'
          AND a.expires_at > now();
      IF v_already + p_count > p_cap THEN
        RETURN QUERY SELECT 'cap'::text, NULL::timestamptz, NULL::integer[];
        RETURN;
      END IF;
      SELECT vs.capacity INTO v_capacity FROM venue_sections vs WHERE vs.id = p_section AND NOT vs.is_reserved;
      IF v_capacity IS NULL THEN
        RETURN QUERY SELECT 'unknown_seat'::text, NULL::timestamptz, NULL::integer[];
        RETURN;
      END IF;
      SELECT array_agg(slot ORDER BY slot) INTO v_slots FROM (
        SELECT g.slot FROM generate_series(0, v_capacity - 1) AS g (slot)
        WHERE NOT EXISTS (
          SELECT 1 FROM seat_allocations a
          WHERE a.presentation_id = p_presentation AND a.section_id = p_section AND a.ga_slot = g.slot
            AND (a.kind = 'sale' OR a.expires_at > now()))
        ORDER BY g.slot LIMIT p_count) free;
      IF coalesce(cardinality(v_slots), 0) < p_count THEN
        RETURN QUERY SELECT 'taken'::text, NULL::timestamptz, NULL::integer[];
        RETURN;
      END IF;
      BEGIN
        INSERT INTO seat_allocations AS a (presentation_id, section_id, ga_slot, kind, expires_at, created_at,
          cart_token)
        SELECT p_presentation, p_section, slot, 'hold', v_until, now(), p_cart FROM unnest(v_slots) AS slot
        ORDER BY slot
        ON CONFLICT (presentation_id, section_id, ga_slot) DO UPDATE
          SET cart_token = EXCLUDED.cart_token, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at
          WHERE a.kind = 'hold' AND a.expires_at <= now();
        GET DIAGNOSTICS v_rows = ROW_COUNT;
        IF v_rows < p_count THEN
          RAISE EXCEPTION 'place not available' USING ERRCODE = 'MQ409';
        END IF;
      EXCEPTION WHEN SQLSTATE 'MQ409' THEN
        RETURN QUERY SELECT 'taken'::text, NULL::timestamptz, NULL::integer[];
        RETURN;
      END;
      UPDATE seat_allocations a SET expires_at = v_until
        WHERE a.cart_token = p_cart AND a.presentation_id = p_presentation AND a.kind = 'hold'
          AND a.expires_at > now();
      RETURN QUERY SELECT 'held'::text, v_until, v_slots;
    END
    $$`
})
