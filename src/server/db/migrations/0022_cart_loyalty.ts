import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * The loyalty members a cart has proven it may act for (issue 14, item 1): the ticket step's loyalty login proves
 * a member by number and ID number (or by a signed-in customer who owns it) and records it here; the commit spends
 * a member's points only for a member this cart proved. Gone with the cart.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE cart_loyalty_members (
      cart_token text NOT NULL REFERENCES carts (token) ON DELETE CASCADE,
      member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
      proven_at timestamptz NOT NULL DEFAULT marquee_now(),
      PRIMARY KEY (cart_token, member_id)
    )`
})
