import { describe, expect, it } from "vitest"
import { LIMITS } from "../../../src/domain/shared/wireLimits.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { freshStage, oneSeatCommit, postCommit } from "../payment/_payment.ts"

/**
 * Issue 14, item 4 (its bounds): `POST /api/cart` took 10,000 presentations in one call, over a second of server
 * time. Every array a request carries is bounded (src/domain/shared/wireLimits.ts): past its bound the call is a
 * 400 before any handler runs, and within it nothing changes for a real order.
 */
const databases = bothDatabases("bounds")
const json = { "content-type": "application/json" }

describe.each(databases)("request bounds on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  const sync = (cart: string, presentations: ReadonlyArray<unknown>) =>
    fetch(`${live().baseUrl}/api/cart`, {
      method: "POST",
      headers: { ...json, "x-cart-token": cart },
      body: JSON.stringify({ cart: { presentations } }),
    })

  it("refuses a cart of more showings than an order takes, and takes one within the bound", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    const showings = (count: number) =>
      Array.from({ length: count }, () => ({ presentationId: stage.presentationId, seats: [] }))
    expect((await sync(cart, showings(10_000))).status).toBe(400)
    expect((await sync(cart, showings(LIMITS.presentations + 1))).status).toBe(400)
    expect((await sync(cart, showings(1))).status).toBe(200)
  })

  it("refuses a commit of more seat lines than one call may hold", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, body, line } = await oneSeatCommit(live(), used)
    const many = { ...body, seats: Array.from({ length: LIMITS.seats + 1 }, () => line) }
    const refused = await postCommit(live(), cart, crypto.randomUUID(), many)
    expect(refused.status).toBe(400)
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toEqual([])
  })
})
