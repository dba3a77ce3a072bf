import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Season enrolment's order kind (issue 16, 0038's tables): an order of kind `enrolment` with one `order_items` row
 * of kind `enrolment` per showing. Its own migration after 0036, which redefines the same CHECKs: migrations run in
 * id order, so an earlier number could not widen them.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE reservations DROP CONSTRAINT reservations_order_kind_check`
  yield* sql`
    ALTER TABLE reservations ADD CONSTRAINT reservations_order_kind_check
      CHECK (order_kind IN ('tickets', 'products', 'vouchers', 'donations', 'memberships', 'vod', 'enrolment'))`
  yield* sql`ALTER TABLE order_items DROP CONSTRAINT order_items_kind_check`
  yield* sql`
    ALTER TABLE order_items ADD CONSTRAINT order_items_kind_check
      CHECK (kind IN ('voucher', 'donation', 'membership', 'vod', 'enrolment'))`
})
