import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Spec §3 `imageMapHtml`: a hall picture with clickable areas, as HTML the chain's back office writes. A venue's
 * map serves each of its presentations; a presentation's own, where set, replaces it. Stored as written: the
 * browser renders it only through the image map sanitizer (src/app/lib/imageMap.ts, docs/security.md).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE venues ADD COLUMN image_map_html text`
  yield* sql`ALTER TABLE presentations ADD COLUMN image_map_html text`
})
