import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * One rule, one function (issues 13 and 16): every seat hold now goes through `hold_seats_batch` (0070). Ticket
 * seats through the batcher (src/server/seats/HoldBatcher.ts); membership and enrolment seats through
 * src/server/seats/showingHolds.ts, one request per showing in one transaction, with their own checks (seats per
 * membership, one seat per showing) made in TypeScript under the cart's row lock. The three functions that made
 * those holds before are called by nothing any more (not the server, the tests nor bench/), so they go, and with
 * them a second copy of the hold's rules that could drift from the batch's:
 * - `hold_membership_seat` (0037), the membership's season seat in every showing;
 * - `hold_seats` (0006, the cart's caps wrapped around it in 0023 and 0024), enrolment seats and the benchmarks;
 * - `hold_seats_in_presentation` (0023's name for 0006's body), called only by `hold_seats`.
 * `hold_ga_places` and its own `hold_ga_places_in_presentation` stay: general admission is a different hold.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DROP FUNCTION hold_membership_seat(integer, text, integer, integer, integer, integer)`
  yield* sql`DROP FUNCTION hold_seats(integer, text, integer[], integer, integer)`
  yield* sql`DROP FUNCTION hold_seats_in_presentation(integer, text, integer[], integer, integer)`
})
