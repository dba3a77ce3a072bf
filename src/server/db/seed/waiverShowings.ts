import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * The demo's children's activity (issue 19): the first kids' film's Saturday-morning showings ask for a child
 * waiver. Marked per presentation, not per feature, so the journeys' own copies of that film (journeySeed.ts)
 * and every other showing of it sell as before. Run by the seed and by migration 0053 for a database seeded
 * before it.
 */
export const markDemoWaiverShowings = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    UPDATE presentations SET requires_waiver = true
    WHERE feature_id = (SELECT min(id) FROM features WHERE category_id = 6)
      AND extract(isodow FROM starts_at AT TIME ZONE 'Asia/Jerusalem') = 6
      AND (starts_at AT TIME ZONE 'Asia/Jerusalem')::time < '13:00'`
})
