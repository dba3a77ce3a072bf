import { describe, expect, it } from "vitest"
import { SENDS_PER_CLIENT, SENDS_PER_ORDER } from "../../../src/server/payment/http.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { solveHumanCheck } from "../../_support/humanCheck.ts"
import { paidOrder } from "./_payment.ts"

/**
 * Issue 14, item 6: "send tickets by SMS" used to send a paid order's e-ticket link to any number as often as
 * its key was replayed (12 calls, 12 random numbers, 12 messages). Now each send needs a solved human check, goes
 * only to an Israeli mobile, and an order sends at most SENDS_PER_ORDER an hour, one client SENDS_PER_CLIENT;
 * a refused send writes nothing to the outbox.
 */
const databases = bothDatabases("sendtickets")

describe.each(databases)("sending tickets by SMS on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  const send = async (order: { identifier: string; key: string }, mobileNumber: string, solved = true) => {
    const body = solved
      ? { mobileNumber, recaptchaToken: await solveHumanCheck(live().baseUrl) }
      : { mobileNumber }
    const response = await fetch(
      `${live().baseUrl}/api/reservations/${order.identifier}/sendTickets?key=${order.key}`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    )
    return { status: response.status, body: (await response.json()) as { error?: string } }
  }
  const sent = async (identifier: string) =>
    (
      await live().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox o JOIN reservations r ON r.id = o.reservation_id
         WHERE r.identifier = $1 AND o.payload->>'template' = 'sendTickets'`,
        [identifier],
      )
    )[0]?.n

  it("asks for the human check and an Israeli mobile, and sends at most a few per order and per client", async (ctx) => {
    if (!isUp()) return ctx.skip()
    expect(SENDS_PER_ORDER).toBe(3)
    expect(SENDS_PER_CLIENT).toBe(10)
    const first = await paidOrder(live(), used)

    // no human check: refused, nothing sent
    expect(await send(first, "054-765-4321", false)).toMatchObject({ status: 400 })
    // not an Israeli mobile: refused before any check is spent
    expect(await send(first, "+1 202 555 0143")).toEqual({
      status: 400,
      body: { _tag: "InvalidMobileNumber", error: "invalid_mobileNumber" },
    })
    expect(await sent(first.identifier)).toBe(0)

    // the order's own limit: three sends, then SMS_FAILED (each refused try counts for the client too)
    for (const number of ["054-765-4321", "052-111-2233", "050-999-8877"])
      expect((await send(first, number)).status, number).toBe(200)
    expect(await send(first, "053-123-4567")).toEqual({
      status: 429,
      body: { _tag: "SmsFailed", error: "SMS_FAILED" },
    })
    expect(await sent(first.identifier)).toBe(SENDS_PER_ORDER)

    // the client's limit, across orders: 4 tries so far, 6 more fit, the 11th is refused on an order of its own
    const second = await paidOrder(live(), used)
    const third = await paidOrder(live(), used)
    for (const order of [second, second, second, third, third, third])
      expect((await send(order, "054-765-4321")).status).toBe(200)
    const fourth = await paidOrder(live(), used)
    expect(await send(fourth, "054-765-4321")).toMatchObject({ status: 429, body: { error: "SMS_FAILED" } })
    expect(await sent(fourth.identifier)).toBe(0)
  })
})
