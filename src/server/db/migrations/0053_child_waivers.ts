import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { markDemoWaiverShowings } from "../seed/waiverShowings.ts"

/**
 * The child waiver (issue 19, spec §2 and §5). A showing asks for one when its presentation or its feature is
 * marked (a children's activity); the signed waiver is kept with the reservation it was signed for: the signer,
 * the children (name, date of birth), the signature as PNG bytes, and when (the server's clock).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE features ADD COLUMN requires_waiver boolean NOT NULL DEFAULT false`
  yield* sql`ALTER TABLE presentations ADD COLUMN requires_waiver boolean NOT NULL DEFAULT false`
  yield* sql`
    CREATE TABLE reservation_waivers (
      reservation_id bigint PRIMARY KEY REFERENCES reservations (id),
      signer_name text NOT NULL,
      -- [{ "name": …, "dateOfBirth": "YYYY-MM-DD" }], checked by src/domain/waiver/waiver.ts before it is written
      children jsonb NOT NULL,
      signature_png bytea NOT NULL CHECK (octet_length(signature_png) <= 200000),
      signed_at timestamptz NOT NULL DEFAULT marquee_now()
    )`
  // a database seeded before this migration gets the demo's waiver showings (a fresh one gets them from the seed)
  yield* markDemoWaiverShowings
})
