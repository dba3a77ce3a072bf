import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Issue 19: a location's venue brand, whose wording its order screens use over the locale files
 * (src/domain/shared/brands.ts). Null: the chain's own wording. A code, checked, since it names a file the app ships.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE locations ADD COLUMN brand text CHECK (brand ~ '^[a-z][a-z0-9-]{0,31}$')`
})
