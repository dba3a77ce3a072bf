import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * A cart token lapses after a day unused (src/server/cart/CartTokens.ts): `expires_at` moves forward while the cart
 * is used, and a lapsed token is answered like an unknown one. Carts that exist now get a day from now.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE carts ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '24 hours'`
})
