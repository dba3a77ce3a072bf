import { describe, expect, it } from "vitest"
import { allowedInstalments } from "../../../src/domain/pricing/instalments.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { type Committed, commitCart, freshStage, holdSeats, openForm, postCommit } from "./_payment.ts"

/**
 * Issue 13, defect 14: one rule for the allowed instalments (src/domain/pricing/instalments.ts). The commit
 * refuses any other count with a typed 400 and writes nothing; the provider's hosted page offers exactly the
 * counts the rule allows for the amount charged.
 */
const databases = bothDatabases("instalments")

describe.each(databases)("instalments on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("refuses a count the amount does not allow with 400 and writes nothing; the provider offers the same counts", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const amount = stage.ticket.price + stage.ticket.serviceCharge
    const allowed = allowedInstalments(amount)
    const ordersOfCart = () =>
      live()
        .query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])
        .then((rows) => rows.length)

    for (const count of [allowed.length + 1, 13, 0]) {
      const refused = await postCommit(
        live(),
        cart,
        crypto.randomUUID(),
        commitCart(stage, [0], { numberOfPayments: count }),
      )
      expect(refused.status, `${count} of ${amount}`).toBe(400)
      if (count > 0)
        // (0 is refused by the contract's own schema, before the rule)
        expect(await refused.json()).toMatchObject({ error: "instalmentsNotAllowed", allowed: [...allowed] })
    }
    expect(await ordersOfCart()).toBe(0)
    const holds = await live().query(
      `SELECT 1 FROM seat_allocations WHERE cart_token = $1 AND kind = 'hold' AND reservation_id IS NULL`,
      [cart],
    )
    expect(holds).toHaveLength(1)

    const most = allowed.length
    const response = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0], { numberOfPayments: most }),
    )
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    expect(await ordersOfCart()).toBe(1)

    const form = await openForm(live(), cart, order.reservationIdentifier)
    const page = await (await fetch(`${live().baseUrl}${form.paymentFormURL}`)).text()
    const select = /<select name="instalments">(.*?)<\/select>/s.exec(page)?.[1] ?? ""
    const offered = [...select.matchAll(/<option value="(\d+)"/g)].map((match) => Number(match[1]))
    expect(offered).toEqual([...allowed])
  })
})
