import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Signed ticket passes (issue 17, src/server/edocuments/README.md).
 *
 * - `ticket_signing_keys`: the Ed25519 key pairs that sign e-tickets' QR passes, each with a key id (`kid`) the
 *   pass names. At most one is active (the partial unique index): the first server process to need one creates it
 *   and the others, racing, find it. Rotating retires the active key and records until when its public half stays
 *   published (`published_until`: past the end of the last show on sale then), so a pass it signed still verifies
 *   until that show is over. The private key is PKCS#8 DER in base64, kept like `server_secrets`: whoever reads
 *   the database can sign tickets, as whoever reads it can already read every order.
 * - `sold_tickets (cancelled_at)`: the revocation list reads the cancelled tickets alone.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE ticket_signing_keys (
      kid text PRIMARY KEY,
      public_key text NOT NULL,
      private_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT marquee_now(),
      retired_at timestamptz,
      published_until timestamptz
    )`
  yield* sql`
    CREATE UNIQUE INDEX ticket_signing_keys_one_active ON ticket_signing_keys ((retired_at IS NULL))
    WHERE retired_at IS NULL`
  yield* sql`CREATE INDEX sold_tickets_cancelled_idx ON sold_tickets (cancelled_at) WHERE cancelled_at IS NOT NULL`
})
