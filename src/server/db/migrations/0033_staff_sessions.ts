import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Live monitoring (issue 18): staff sessions and what the attendance calls read by.
 *
 * - `staff_sessions`: a staff sign-in's token, kept only as its SHA-256 (like `customer_sessions`), so a copy of
 *   the database opens nothing. Separate from customers' sessions: a staff token is never a customer's uuid.
 * - `staff_users.password_hash` now holds an Argon2id PHC string (`$argon2id$v=19$…`); a row still holding the
 *   seed's older `scrypt$…` form is rehashed to Argon2id the first time its password is verified.
 * - `presentations (business_id, starts_at)`: every attendance call asks "this staff member's businesses, these
 *   days", so the scope and the date range are one index range.
 * - `seat_allocations (presentation_id, kind)`: sold and held seats counted per presentation from the index alone.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE staff_sessions (
      token_hash text PRIMARY KEY,
      staff_user_id integer NOT NULL REFERENCES staff_users (id),
      created_at timestamptz NOT NULL DEFAULT marquee_now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`
  yield* sql`CREATE INDEX staff_sessions_user_idx ON staff_sessions (staff_user_id)`
  yield* sql`CREATE INDEX presentations_business_starts_idx ON presentations (business_id, starts_at)`
  yield* sql`CREATE INDEX seat_allocations_presentation_kind_idx ON seat_allocations (presentation_id, kind, expires_at)`
})
