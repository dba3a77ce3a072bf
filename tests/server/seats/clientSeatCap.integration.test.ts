import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart, newCartFrom } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { freshStage, holdSeats, type Stage, seatCall } from "../payment/_payment.ts"

/**
 * Issue 14, item 4: a bot that solves one human check per cart opens cart after cart and holds seats in each. One
 * client holds at most MAX_SEATS_PER_CLIENT seats across all its carts (migration 0024). Here a cart holds 2 a
 * presentation (4 in all) and a client 5; requests from 127.0.0.2 and 127.0.0.3 are other clients.
 */
const databases = bothDatabases("clientseatcap", {
  env: { MAX_SEATS_PER_CART: "2", MAX_SEATS_PER_CLIENT: "5" },
})

const lock = async (server: RunningServer, cart: string, stage: Stage, indexes: ReadonlyArray<number>) => {
  const response = await seatCall(server, "lock-seat", cart, stage, indexes)
  return { status: response.status, body: (await response.json()) as { error?: string } }
}

const refusedForClient = { status: 409, body: expect.objectContaining({ error: "clientSeatLimitReached" }) }

describe.each(databases)("seats one client holds across its carts on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []
  const stages = async (n: number) => {
    const list: Array<Stage> = []
    for (let i = 0; i < n; i++) list.push(await freshStage(live(), used))
    return list
  }

  it("stops a client's carts at the client's cap, counting a seat held again once and other clients apart", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const [first, second, third] = (await stages(3)) as [Stage, Stage, Stage]
    const base = live().baseUrl
    const one = await newCart(base)
    const two = await newCart(base)
    await holdSeats(live(), one, first, [0, 1])
    await holdSeats(live(), one, second, [0, 1])
    // the client's fifth seat, in its second cart
    await holdSeats(live(), two, third, [0])
    expect(await lock(live(), two, third, [1])).toEqual(refusedForClient)
    // nothing was held by the refused call
    const held = await live().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM seat_allocations WHERE cart_token = $1 AND kind = 'hold'",
      [two],
    )
    expect(held[0]?.n).toBe(1)
    // holding the same seats again is no new seat
    await holdSeats(live(), one, first, [0, 1])
    // another client's cart is not counted with this one's
    await holdSeats(live(), await newCartFrom(base, "127.0.0.2"), third, [4, 5])
    // once the first cart lets two go, the second can hold more
    expect((await seatCall(live(), "unlock-seat", one, second, [0, 1])).status).toBe(200)
    expect((await lock(live(), two, third, [1])).status).toBe(200)
  })

  it("lets no race between one client's carts pass the cap", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const all = await stages(4)
    const carts = await Promise.all(all.map(() => newCartFrom(live().baseUrl, "127.0.0.3")))
    // four carts at once, two seats each, against a cap of five: two can hold, the others are refused whole
    const answers = await Promise.all(all.map((stage, i) => lock(live(), carts[i] as string, stage, [0, 1])))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2)
    expect(answers.filter((a) => a.status !== 200)).toEqual([refusedForClient, refusedForClient])
    const held = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM seat_allocations a JOIN carts c ON c.token = a.cart_token
       WHERE c.client_key = '127.0.0.3' AND a.kind = 'hold'`,
    )
    expect(held[0]?.n).toBe(4)
  })
})
