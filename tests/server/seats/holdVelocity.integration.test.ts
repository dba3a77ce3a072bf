import { describe, expect, it } from "vitest"
import type { SeatRef } from "../../../src/api/SeatsApi.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { emptyRow, seatOf } from "../../_support/emptyRow.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { expectSeatHoldsTooFast, seatCall } from "../../_support/seatCall.ts"

/**
 * Lock velocity (issue 20; migration 0074, src/server/seats/SeatHolds.ts): one client takes at most
 * MAX_SEATS_PER_CLIENT_MINUTE new seats a minute, across all of its carts. Every request here comes from 127.0.0.1,
 * so every cart is the same client; the limit is 5 (the default is 120; the other test files turn it off).
 */
const databases = bothDatabases("hold_velocity", { env: { MAX_SEATS_PER_CLIENT_MINUTE: "5" } })

describe.each(databases)("lock velocity on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  const call = (path: "lock-seat" | "unlock-seat", cart: string, seats: ReadonlyArray<SeatRef>) =>
    seatCall(live().baseUrl, path, cart, { seats })
  const heldBy = async (cart: string): Promise<ReadonlyArray<number>> =>
    (
      await live().query<{ seatIndex: number }>(
        `SELECT s.seat_index AS "seatIndex" FROM seat_allocations a JOIN seats s ON s.id = a.seat_id
         WHERE a.cart_token = $1 AND a.kind = 'hold' AND a.expires_at > marquee_now() ORDER BY 1`,
        [cart],
      )
    ).map((r) => r.seatIndex)

  it("counts new seats per client across carts, refuses the sixth with 429 and Retry-After, lets a cart renew what it holds, and opens again the next minute", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const row = await emptyRow(server)
    const seat = (i: number) => seatOf(row, i)
    const [first, second] = await Promise.all([newCart(server.baseUrl), newCart(server.baseUrl)])
    if (first === undefined || second === undefined) throw new Error("no carts")

    // five new seats this minute, by two carts of the one client
    expect((await call("lock-seat", first, [seat(0), seat(1), seat(2)])).status).toBe(200)
    expect((await call("lock-seat", second, [seat(3), seat(4)])).status).toBe(200)

    // the sixth: refused, with when to come back, and nothing held
    await expectSeatHoldsTooFast(await call("lock-seat", second, [seat(5)]), server.now())
    expect(await heldBy(second)).toEqual([row.seatIndexes[3], row.seatIndexes[4]])

    // asking again for a seat the cart already holds takes nothing new (its timer restarts): allowed
    expect((await call("lock-seat", first, [seat(0)])).status).toBe(200)

    // letting seats go and taking them again is churn, not a way round the count
    expect((await call("unlock-seat", first, [seat(0), seat(1), seat(2)])).status).toBe(200)
    expect((await call("lock-seat", first, [seat(0)])).status).toBe(429)
    expect(await heldBy(first)).toEqual([])

    // a refused call counted nothing: the next minute starts from zero (the window moved back instead of waiting)
    await server.query(
      `UPDATE rate_limits SET window_start = window_start - interval '1 minute' WHERE key LIKE 'seatHolds:client:%'`,
    )
    expect((await call("lock-seat", first, [seat(0), seat(1), seat(2), seat(5), seat(6)])).status).toBe(200)
    const windows = await server.query<{ used: number }>(
      `SELECT used FROM rate_limits WHERE key LIKE 'seatHolds:client:%' ORDER BY window_start`,
    )
    // the older window went as the new one was counted
    expect(windows.map((w) => w.used)).toEqual([5])
  })

  it("counts general-admission places the same way, and gives back the count of places that could not be held", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const [ga] = await server.query<{ presentationId: number; sectionId: number }>(
      `SELECT p.id AS "presentationId", vs.id AS "sectionId" FROM presentations p
       JOIN venues v ON v.id = p.venue_id JOIN venue_sections vs ON vs.seatplan_id = v.seatplan_id
       WHERE NOT vs.is_reserved AND p.is_on_sale AND p.starts_at > marquee_now() + interval '1 day'
       ORDER BY p.starts_at LIMIT 1`,
    )
    if (ga === undefined) throw new Error("no general-admission presentation seeded")
    // a fresh minute for this test's client
    await server.query(`DELETE FROM rate_limits WHERE key LIKE 'seatHolds:client:%'`)
    const places = (count: number, from = 0): ReadonlyArray<SeatRef> =>
      Array.from({ length: count }, (_, i) => ({
        PresentationId: ga.presentationId,
        VenueSectionId: ga.sectionId,
        XCoordinate: from + i,
        YCoordinate: 0,
      }))
    const cart = await newCart(server.baseUrl)
    if (cart === undefined) throw new Error("no cart")
    expect((await call("lock-seat", cart, places(4))).status).toBe(200)
    const over = await call("lock-seat", cart, places(2, 4))
    expect(over.status).toBe(429)
    expect(((await over.json()) as { error: string }).error).toBe("seatHoldsTooFast")
    expect((await call("lock-seat", cart, places(1, 4))).status).toBe(200)

    // places the section cannot give (here: made to look full) are not held, and not counted
    await server.query(`DELETE FROM rate_limits WHERE key LIKE 'seatHolds:client:%'`)
    await server.query(`UPDATE venue_sections SET capacity = 5 WHERE id = $1`, [ga.sectionId])
    const other = await newCart(server.baseUrl)
    if (other === undefined) throw new Error("no cart")
    expect((await call("lock-seat", other, places(3))).status).toBe(409)
    const used = await server.query<{ used: number }>(
      `SELECT used FROM rate_limits WHERE key LIKE 'seatHolds:client:%'`,
    )
    expect(used.map((u) => u.used)).toEqual([0])
  })
})
