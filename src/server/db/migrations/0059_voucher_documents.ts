import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Each voucher a paid order issues gets an e-document of its own (issue 16; spec §2 `/edocument/{documentKey}`,
 * "e-ticket or voucher page"): its key opens that one voucher's code, balance and validity, so a buyer can pass
 * one gift on without the others or the order. Unguessable like an order's key; null for vouchers given out
 * otherwise (the seed's, the box office's), which have no page.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE system_vouchers ADD COLUMN document_key text UNIQUE`
})
