import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Pictures kept in the database (issue 19): a film's poster and a product's picture, served by
 * `GET /api/features/{id}/image` and `GET /api/products/{id}/image`. A feature without one gets the drawn
 * placeholder (`GET /api/features/{id}/placeholderImage`). Only SVG for now: text, a few KB each, and served under
 * a policy that lets nothing in it run; a raster format would need a `bytea` body and its own checks.
 * A product's `image_key` (0003) names its row here when there is one; older keys that name nothing here still
 * fall back to the drawn picture of the product's category, so no foreign key is laid on them.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE images (
      key text PRIMARY KEY,
      content_type text NOT NULL CHECK (content_type = 'image/svg+xml'),
      body text NOT NULL CHECK (length(body) <= 65536)
    )`
  yield* sql`ALTER TABLE features ADD COLUMN image_key text REFERENCES images (key)`
})
