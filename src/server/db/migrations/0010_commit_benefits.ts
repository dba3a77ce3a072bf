import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * What a sold ticket spent at commit, so voiding its order can give it back (src/server/payment/OrdersRepo.ts):
 * the ticket voucher that paid the seat (one of its `tickets_left`), and the hotel or partner reference option
 * whose `used` count it raised. `member_id` (migration 0005) already names the member of a member-only ticket.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE sold_tickets
      ADD COLUMN system_voucher_id bigint REFERENCES system_vouchers (id),
      ADD COLUMN reference_option_id integer REFERENCES ticket_reference_options (id)`
})
