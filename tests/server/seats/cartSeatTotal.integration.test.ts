import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { freshStage, holdSeats, type Stage, seatCall } from "../payment/_payment.ts"

/**
 * Issue 14, item 4: one cart, from one human check, held 10 seats in each of 3 presentations. Now a cart holds at
 * most twice the per-presentation cap across all presentations (migration 0023). Here the cap is 2 per
 * presentation (MAX_SEATS_PER_CART), so 4 in all.
 */
const databases = bothDatabases("seattotal", { env: { MAX_SEATS_PER_CART: "2" } })

const lockCall = async (
  server: RunningServer,
  path: "lock-seat" | "unlock-seat",
  cart: string,
  stage: Stage,
  indexes: ReadonlyArray<number>,
) => {
  const response = await seatCall(server, path, cart, stage, indexes)
  return { status: response.status, body: (await response.json()) as { error?: string } }
}

describe.each(databases)("seats one cart holds across presentations on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("stops at twice the per-presentation cap in all, counting a seat held again once", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const [first, second, third] = [
      await freshStage(live(), used),
      await freshStage(live(), used),
      await freshStage(live(), used),
    ] as const
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, first, [0, 1])
    await holdSeats(live(), cart, second, [0, 1])
    // the third showing is past the total
    expect(await lockCall(live(), "lock-seat", cart, third, [0])).toEqual({
      status: 409,
      body: expect.objectContaining({ error: "seatLimitReached" }),
    })
    // holding the same seats again is no new seat
    await holdSeats(live(), cart, first, [0, 1])
    // another cart is not counted with this one
    await holdSeats(live(), await newCart(live().baseUrl), third, [0, 1])
    // once the cart lets two go, the third showing's seats can be held
    expect((await lockCall(live(), "unlock-seat", cart, second, [0, 1])).status).toBe(200)
    expect((await lockCall(live(), "lock-seat", cart, third, [4, 5])).status).toBe(200)
  })
})
