import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Loyalty points paying for tickets (spec §4 "loyalty points can be redeemed for tickets"): the points a sold
 * ticket spent at commit, taken from `members.points_balance` of the member in its `member_id`, so voiding the
 * order gives them back (src/server/payment/OrdersRepo.ts). 0 for a ticket paid in money.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE sold_tickets
      ADD COLUMN loyalty_points integer NOT NULL DEFAULT 0 CHECK (loyalty_points >= 0)`
})
