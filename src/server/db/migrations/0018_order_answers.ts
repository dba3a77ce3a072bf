import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * What the buyer answered with the order (issue 13, defect 1): the terms of purchase, the additional terms
 * accepted (codes, e.g. SUMMER_PROMO) and the invoice details asked for (spec §3, param 66). Orders made before
 * this migration recorded none of them: they read as not answered (false, none, no invoice).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE reservations ADD COLUMN terms_accepted boolean NOT NULL DEFAULT false`
  yield* sql`ALTER TABLE reservations ADD COLUMN additional_terms text[] NOT NULL DEFAULT '{}'`
  yield* sql`ALTER TABLE reservations ADD COLUMN invoice jsonb`
})
