import { randomBytes } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { sessionHash } from "../CustomerAuth.ts"

/** How long a customer area session lasts (the checkout's CustomerAuth keeps the same). */
export const SESSION_DAYS = 30

/**
 * A new session for this customer: a fresh random `uuid` at every sign-in (never one the browser brought, so a
 * planted id cannot be made to sign in), stored only as its SHA-256 like the checkout's (CustomerAuth.ts).
 */
export const openSession = Effect.fn("openSession")(function* (customerId: number) {
  const sql = yield* SqlClient.SqlClient
  const uuid = randomBytes(32).toString("base64url")
  yield* sql`
    INSERT INTO customer_sessions (token_hash, customer_id, expires_at)
    VALUES (${sessionHash(uuid)}, ${customerId}, marquee_now() + make_interval(days => ${SESSION_DAYS}))`
  return uuid
}, Effect.orDie)
