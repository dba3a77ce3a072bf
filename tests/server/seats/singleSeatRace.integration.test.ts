import { describe, expect, it } from "vitest"
import type { SeatRef } from "../../../src/api/SeatsApi.ts"
import { SINGLE_SEAT_POLICY_ID } from "../../../src/domain/seating/policy.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { emptyRow, seatOf } from "../../_support/emptyRow.ts"
import { heldOpen } from "../../_support/heldOpen.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { seatCall } from "../../_support/seatCall.ts"

/**
 * A hold refused by the single-seat rule gives back exactly what that call took, however the seats moved while
 * it waited. Found by the 1,000 overlapping locks test on a loaded machine: a cart kept a seat that its refused
 * call had taken, because "what this call took" was worked out from a view of the row read before the call
 * waited for its cart's lock, in which another cart still held that seat.
 *
 * PostgreSQL only: the race needs a second connection holding the cart's row while the hold waits for it
 * (the embedded database has one connection, so no hold ever waits there).
 */
const postgres = bothDatabases("single_seat_race").filter((database) => database.name === "PostgreSQL")

describe.each(postgres)("the single-seat rule's give-back on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  const call = (path: "lock-seat" | "unlock-seat", cart: string, seats: ReadonlyArray<SeatRef>) =>
    seatCall(live().baseUrl, path, cart, { seats })
  const seatsHeldBy = async (cart: string): Promise<ReadonlyArray<number>> =>
    (
      await live().query<{ seatIndex: number }>(
        `SELECT s.seat_index AS "seatIndex" FROM seat_allocations a JOIN seats s ON s.id = a.seat_id
         WHERE a.cart_token = $1 AND a.kind = 'hold' ORDER BY 1`,
        [cart],
      )
    ).map((r) => r.seatIndex)

  it("a seat freed while the refused call waited is not kept by the refused cart", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const row = await emptyRow(server, { seatingPolicyId: SINGLE_SEAT_POLICY_ID })
    const [buyer, other, last] = await Promise.all([0, 1, 2].map(() => newCart(server.baseUrl)))
    if (buyer === undefined || other === undefined || last === undefined) throw new Error("no carts")
    // the row's last seat taken, and seat 8 held by another cart: ... 7 [8] 9 10 [11]
    expect((await call("lock-seat", last, [seatOf(row, 11)])).status).toBe(200)
    expect((await call("lock-seat", other, [seatOf(row, 8)])).status).toBe(200)
    // a first call by the buyer's cart: the cart middleware then trusts it for a while without touching its row
    expect((await call("unlock-seat", buyer, [seatOf(row, 0)])).status).toBe(409)

    // Another connection holds the buyer's cart row, so the buyer's hold reads the row (8 taken) and then waits.
    // (The wait is looked for in this run's own database: other test files hold seats in theirs at the same time,
    // and a count over the whole cluster could read their waits too.)
    // The buyer's call goes only once the row is held: sent at the same time, it could take the row first and
    // never wait (a loaded CI machine did, and the wait below was never seen).
    const cartRow = await heldOpen(
      server,
      (sql) => sql`SELECT 1 FROM carts WHERE token = ${buyer} FOR UPDATE`,
    )
    const buyerLock = call("lock-seat", buyer, [seatOf(row, 8), seatOf(row, 9)])
    try {
      await expect
        .poll(
          async () =>
            (
              await server.query(
                `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
                 AND wait_event_type = 'Lock' AND query LIKE '%hold_seats_batch%'`,
              )
            ).length,
          { timeout: 10_000, interval: 20 },
        )
        .toBe(1)
      // while the buyer waits, the other cart's hold of seat 8 goes (one statement: the buyer's hold gives up
      // waiting for its cart after 2 s, and an HTTP unlock on a loaded machine could take that long)
      await server.query(
        `DELETE FROM seat_allocations a USING seats s
         WHERE s.id = a.seat_id AND a.presentation_id = $1 AND a.cart_token = $2 AND s.seat_index = $3`,
        [row.presentationId, other, row.seatIndexes[8]],
      )
    } finally {
      cartRow.release()
    }
    await cartRow.done

    // 8 and 9 were both free when the hold ran, and holding them strands seat 10: refused, and nothing kept
    const response = await buyerLock
    expect(response.status).toBe(409)
    expect(((await response.json()) as { error: string }).error).toBe("singleSeatError")
    expect(await seatsHeldBy(buyer)).toEqual([])
  }, 120_000)
})
