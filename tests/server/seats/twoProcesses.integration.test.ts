import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postgresDatabase } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { postgresReachable, type ScratchDatabase } from "../../_support/postgres.ts"
import { type ServerProcess, startServerProcess, stopServerProcess } from "../../_support/serverProcess.ts"

/**
 * Two real server processes (`node src/server/main.ts`, as `npm start` runs it) on one PostgreSQL database
 * behave as one: the same seat is held once, whichever process each buyer reaches.
 */
describe("two server processes on one PostgreSQL", () => {
  let database: ScratchDatabase | undefined
  let first: ServerProcess | undefined
  let second: ServerProcess | undefined

  beforeAll(async () => {
    if (!(await postgresReachable())) return
    database = await postgresDatabase("twoproc")
    // a copy of the seeded demo chain: both processes find it there and migrate nothing
    const env = { DATABASE_URL: database.url, HUMAN_CHECK_MAX_NUMBER: "200" }
    first = await startServerProcess({ env })
    second = await startServerProcess({ env })
  })

  afterAll(async () => {
    await Promise.all([stopServerProcess(first), stopServerProcess(second)])
    await database?.drop()
  })

  it("100 carts on two processes race for one seat: exactly one hold", async (ctx) => {
    if (first === undefined || second === undefined) return ctx.skip()
    const servers = [first, second]
    const presentations = (await (await fetch(`${first.baseUrl}/api/presentations/`)).json()) as {
      presentations: Array<{
        id: number
        venueId: number
        seatplanId: number | null
        isOnSale: boolean
        hasReservedSection: boolean
        availableSeats: number | null
        venueTypeId: number
      }>
    }
    // not a VIP hall (venue type 2): its sofas and beds are sold two at once, so one seat has no match there
    const p = presentations.presentations.find(
      (x) => x.isOnSale && x.hasReservedSection && (x.availableSeats ?? 0) > 20 && x.venueTypeId !== 2,
    )
    if (p === undefined || p.seatplanId === null) throw new Error("no reserved presentation on sale")
    const best = (await (
      await fetch(`${first.baseUrl}/api/seats/best-available?presentationId=${p.id}&quantity=1&isLock=false`)
    ).json()) as { matches?: Array<{ seats: Array<Record<string, unknown>> }> }
    const seat = best.matches?.[0]?.seats[0]
    if (seat === undefined) throw new Error("no free seat")
    // each cart is created on one process and locks through the other
    const carts = await Promise.all(
      Array.from({ length: 100 }, (_, i) => newCart((servers[i % 2] as ServerProcess).baseUrl)),
    )
    const responses = await Promise.all(
      carts.map((cart, i) =>
        fetch(`${(servers[(i + 1) % 2] as ServerProcess).baseUrl}/api/seats/lock-seat`, {
          method: "PUT",
          headers: { "content-type": "application/json", "x-cart-token": cart },
          body: JSON.stringify({ seat }),
        }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(99)
    // both processes now report the seat taken, and the winner sees it as selected
    const winner = carts[statuses.indexOf(200)] as string
    for (const server of servers) {
      const status = (await (
        await fetch(`${server.baseUrl}/api/seats/seats-status?presentationId=${p.id}`, {
          headers: { "x-cart-token": winner },
        })
      ).json()) as {
        seats: Array<{
          XCoordinate: number
          YCoordinate: number
          VenueSectionId: number
          isAvailable: boolean
          isSelected: boolean
        }>
      }
      const mine = status.seats.find(
        (s) =>
          s.XCoordinate === seat.XCoordinate &&
          s.YCoordinate === seat.YCoordinate &&
          s.VenueSectionId === seat.VenueSectionId,
      )
      expect(mine).toMatchObject({ isAvailable: false, isSelected: true })
    }
  }, 180_000)
})
