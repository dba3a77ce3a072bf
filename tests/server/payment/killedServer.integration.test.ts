import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { postgresDatabase } from "../../_support/databases.ts"
import { postgresReachable, type ScratchDatabase } from "../../_support/postgres.ts"
import {
  queryOn,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from "../../_support/serverProcess.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { committedOrder, openForm, orderState, payByCard } from "./_payment.ts"

/**
 * The server process dies (SIGKILL, no shutdown) after the provider captured the money and before the order
 * was completed: the provider's notification never reached anyone. A new process on the same database finds the
 * captured payment in its reconciliation at start and completes the order, once.
 */
const killed = (server: ServerProcess): Promise<void> =>
  new Promise((resolve) => {
    server.child.once("exit", () => resolve())
    server.child.kill("SIGKILL")
  })

describe("a server process killed between the provider's capture and the order's completion", () => {
  let database: ScratchDatabase | undefined
  let first: ServerProcess | undefined
  let second: ServerProcess | undefined
  const env = (url: string) => ({ DATABASE_URL: url, HUMAN_CHECK_MAX_NUMBER: "200", OUTBOX_SENDER: "false" })

  beforeAll(async () => {
    if (!(await postgresReachable())) return
    database = await postgresDatabase("killed")
    first = await startServerProcess({ env: env(database.url) })
  })

  afterAll(async () => {
    await Promise.all([stopServerProcess(first), stopServerProcess(second)])
    await database?.drop()
  })

  it("a new process completes the order from the provider's word, once", async (ctx) => {
    if (database === undefined || first === undefined) return ctx.skip()
    const query = queryOn(database.url)
    const server = { baseUrl: first.baseUrl, query } as RunningServer
    const { cart, order } = await committedOrder(server, [])
    const form = await openForm(server, cart, order.reservationIdentifier)
    const reference = new URL(form.paymentFormURL, "http://x").pathname.split("/").at(-1) as string
    // the provider's notification is lost with the process: only a status check can learn of the capture
    await query(`UPDATE sandbox_payments SET deliver_webhooks = false WHERE reference = $1`, [reference])
    expect((await payByCard(server, form)).status).toBe(303)
    await killed(first)
    expect((await orderState(server, order.reservationIdentifier))?.paymentStatus).toBe("awaitingPayment")

    // the next process reconciles at start: the captured payment completes the order it belongs to
    second = await startServerProcess({ env: env(database.url) })
    await expect
      .poll(async () => (await orderState(server, order.reservationIdentifier))?.paymentStatus, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe("paid")
    const sold = await query<{ kind: string }>(
      `SELECT a.kind FROM seat_allocations a JOIN reservations r ON r.id = a.reservation_id WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(sold.map((row) => row.kind)).toEqual(["sale", "sale"])
    const confirmations = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox o JOIN reservations r ON r.id = o.reservation_id
       WHERE r.identifier = $1 AND o.payload->>'template' = 'orderPaid'`,
      [order.reservationIdentifier],
    )
    expect(confirmations[0]?.n).toBe(2)
    const payments = await query<{ state: string }>(`SELECT state FROM payments WHERE id = $1`, [
      form.paymentId,
    ])
    expect(payments).toEqual([{ state: "captured" }])
  }, 180_000)
})
