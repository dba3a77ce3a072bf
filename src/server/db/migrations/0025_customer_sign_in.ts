import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { protectSsn, ssnKeys } from "../../customer/ssnProtection.ts"

/**
 * The customer area's sign-ins (issue 15):
 * - `customers.password_hash`: Argon2id (PHC string, @node-rs/argon2) for the e-mail + password sign-in;
 * - `customers.ssn` becomes `ssn_hash` (keyed HMAC, for lookup) and `ssn_sealed` (AES-256-GCM, for display):
 *   existing rows are converted here, then the plain column is dropped (src/server/customer/ssnProtection.ts);
 * - `customer_login_codes` learns the area's sign-ins: `challenge_hash` (SHA-256 of the opaque handle the
 *   asking browser got back, the only way to name the code when it is typed), `customer_id` (the account the
 *   sign-in is for, when it was found by ID, member or reservation number) and `identifier` (what was typed:
 *   its wrong tries are limited too);
 * - `customer_sign_in_sends`: the resend back-off per identifier (30 s, 60 s, 120 s), kept whether or not an
 *   account was found, so the answers cannot tell;
 * - `customer_link_tokens`: the `/customer/{token}` links, kept as SHA-256, single use.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE customers ADD COLUMN password_hash text`
  yield* sql`ALTER TABLE customers ADD COLUMN ssn_hash text UNIQUE`
  yield* sql`ALTER TABLE customers ADD COLUMN ssn_sealed text`
  const plain = yield* sql<{ id: number; ssn: string }>`SELECT id, ssn FROM customers WHERE ssn IS NOT NULL`
  if (plain.length > 0) {
    // keys only where there is something to protect: a fresh database gets the seed's (or random) keys later
    const keys = yield* ssnKeys
    for (let start = 0; start < plain.length; start += 5000) {
      const batch = plain
        .slice(start, start + 5000)
        .map((row) => ({ id: row.id, ...protectSsn(keys, row.ssn) }))
      yield* sql`
        UPDATE customers c SET ssn_hash = v.ssn_hash, ssn_sealed = v.ssn_sealed
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS v(id integer, ssn_hash text, ssn_sealed text)
        WHERE c.id = v.id`
    }
  }
  yield* sql`ALTER TABLE customers DROP COLUMN ssn`
  yield* sql`ALTER TABLE customer_login_codes ADD COLUMN challenge_hash text UNIQUE`
  yield* sql`ALTER TABLE customer_login_codes ADD COLUMN customer_id integer REFERENCES customers (id)`
  yield* sql`ALTER TABLE customer_login_codes ADD COLUMN identifier text`
  yield* sql`
    CREATE TABLE customer_sign_in_sends (
      identifier text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      sends integer NOT NULL,
      last_sent_at timestamptz NOT NULL
    )`
  yield* sql`
    CREATE TABLE customer_link_tokens (
      token_hash text PRIMARY KEY,
      customer_id integer NOT NULL REFERENCES customers (id),
      expires_at timestamptz NOT NULL,
      redeemed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT marquee_now()
    )`
})
