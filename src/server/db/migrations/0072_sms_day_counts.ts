import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Issue 20, SMS pumping: the day's SMS counts (src/server/notifications/smsAllowance.ts), one row per Asia/Jerusalem
 * day and key: `chain` (every SMS the chain queued that day, against its daily budget) and `phone:<mobile>` (the
 * messages to one phone, whichever identifier, account or order reached it). Kept in the database so every server
 * process counts together; a key keeps only its current day's row.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE sms_day_counts (
      key text NOT NULL,
      day date NOT NULL,
      sent integer NOT NULL,
      PRIMARY KEY (key, day)
    )`
})
