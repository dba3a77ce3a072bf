import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCartFrom } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { freshStage, holdSeats, seatCall as ticketSeatsCall } from "../payment/_payment.ts"
import { holdersOf, type SeatedStage, seatCall, seatedStage } from "./_memberships.ts"

/**
 * The caps on a membership seat (issue 16, with issue 14's caps): no more seats of a membership than memberships
 * selected, even when one cart asks for two seats at once; and a season seat is a hold in each of its showings,
 * counted by the ticket seats' caps like any other hold — per cart across showings, per client — all or nothing.
 * (The cap per showing cannot refuse a season seat: the cart's other holds in a showing of the series count as
 * seats of the membership, refused before it.) Here a cart holds 2 seats a showing (4 in all) and a client 5; each test asks from its own
 * address (another client), so what one test holds does not count in another's.
 */
const databases = bothDatabases("membershipseatcaps", {
  env: { MAX_SEATS_PER_CART: "2", MAX_SEATS_PER_CLIENT: "5" },
})

const answerOf = async (response: Response) => ({
  status: response.status,
  error: ((await response.json()) as { error?: string }).error,
})

const seatOfStage = (stage: SeatedStage, i: number) => (stage.seats[i] as SeatedStage["seats"][number]).id

/** The cart's live holds, all showings. */
const heldBy = async (server: RunningServer, cart: string) =>
  (
    await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM seat_allocations
       WHERE cart_token = $1 AND kind = 'hold' AND expires_at > marquee_now()`,
      [cart],
    )
  )[0]?.n

describe.each(databases)("membership seat caps on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("one membership selected, two seats asked at once by one cart: one is held, the other refused", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used, { seatCount: 2 })
    const cart = await newCartFrom(live().baseUrl, "127.0.0.11")
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([seatCall(live(), cart, stage, 0), seatCall(live(), cart, stage, 1)])
      const outcomes = await Promise.all(answers.map(answerOf))
      const won = outcomes.findIndex((o) => o.status === 200)
      expect(won, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(0)
      expect(outcomes[1 - won]).toEqual({ status: 409, error: "membershipQuantityExceeded" })
      // the winner's seat in both showings, the other seat in none
      expect((await holdersOf(live(), stage, seatOfStage(stage, won))).map((h) => h.cart)).toEqual([
        cart,
        cart,
      ])
      expect(await holdersOf(live(), stage, seatOfStage(stage, 1 - won))).toEqual([])
      expect((await seatCall(live(), cart, stage, won, { action: "unlock" })).status).toBe(200)
    }
  })

  it("counts the season seat once per showing in the cart's cap, all or nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used, { seatCount: 1 })
    const [first, second] = [await freshStage(live(), used), await freshStage(live(), used)] as const
    const cart = await newCartFrom(live().baseUrl, "127.0.0.12")
    await holdSeats(live(), cart, first, [0, 1])
    await holdSeats(live(), cart, second, [0])
    // 3 held: the season seat's two holds would make 5, past the cart's 4, though the first showing's alone fits
    expect(await answerOf(await seatCall(live(), cart, stage, 0))).toEqual({
      status: 409,
      error: "seatLimitReached",
    })
    expect(await holdersOf(live(), stage, seatOfStage(stage, 0))).toEqual([])
    expect(await heldBy(live(), cart)).toBe(3)
    // one ticket seat let go: the season seat fits, and then counts against the next ticket seat
    expect((await ticketSeatsCall(live(), "unlock-seat", cart, second, [0])).status).toBe(200)
    expect((await seatCall(live(), cart, stage, 0)).status).toBe(200)
    expect(await heldBy(live(), cart)).toBe(4)
    expect(await answerOf(await ticketSeatsCall(live(), "lock-seat", cart, second, [0]))).toEqual({
      status: 409,
      error: "seatLimitReached",
    })
  })

  it("counts the season seat in the client's cap across its carts, all or nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used, { seatCount: 1 })
    const [first, second] = [await freshStage(live(), used), await freshStage(live(), used)] as const
    const base = live().baseUrl
    const [one, two] = [await newCartFrom(base, "127.0.0.14"), await newCartFrom(base, "127.0.0.14")]
    await holdSeats(live(), one, first, [0, 1])
    await holdSeats(live(), one, second, [0, 1])
    // the client holds 4 of its 5: the season seat's two holds in another cart would make 6
    expect(await answerOf(await seatCall(live(), two, stage, 0))).toEqual({
      status: 409,
      error: "clientSeatLimitReached",
    })
    expect(await heldBy(live(), two)).toBe(0)
    // another client's cart is not counted with this one's
    expect((await seatCall(live(), await newCartFrom(base, "127.0.0.15"), stage, 0)).status).toBe(200)
  })
})
