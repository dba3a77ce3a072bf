import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * The public movie and cinema pages (issue 19). A feature may have a trailer (an external address, opened through
 * the app's `/http…` leaving-site rule). Each cinema has its complex info: opening hours as structured rows
 * (weekdays 0 = Sunday … 6 = Saturday, the browser names them in the reader's language), and parking and
 * accessibility as localised text like the catalogue's names (`{"he": …, "en": …, "ru": …}`).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE features ADD COLUMN trailer_url text CHECK (trailer_url ~ '^https://')`
  yield* sql`
    CREATE TABLE location_info (
      location_id integer PRIMARY KEY REFERENCES locations (id),
      phone text,
      -- [{"fromDay": 0, "toDay": 4, "opens": "10:00", "closes": "01:00"}, …]; a close before the open is after midnight
      opening_hours jsonb NOT NULL DEFAULT '[]'::jsonb,
      parking jsonb NOT NULL DEFAULT '{}'::jsonb,
      accessibility jsonb NOT NULL DEFAULT '{}'::jsonb
    )`
})
