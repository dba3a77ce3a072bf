import { createHmac } from "node:crypto"
import { expect } from "vitest"
import type { RunningServer } from "../../_support/testServer.ts"
import { type Committed, codeOf, type Form, orderState, payByCard, reconcile } from "./_payment.ts"

/**
 * The commit guarantees every kind of cart keeps (issue 16: "the same idempotency … double-click, dropped-answer and
 * webhook guarantees that ticket orders have"), written once so each kind's own test file proves them on its cart.
 */

/**
 * A double click, or a retry after a dropped answer: the same commit sent five times at once under one key makes one
 * order (one reservation row of the cart, every answer naming it); the key sent with another body is refused.
 * `post` sends its body under the same idempotency key every time.
 */
export const oneOrderPerKey = async (
  server: RunningServer,
  cart: string,
  post: (body: "same" | "other") => Promise<Response>,
): Promise<Committed> => {
  const answers = await Promise.all(Array.from({ length: 5 }, () => post("same")))
  const bodies = await Promise.all(
    answers.map(async (answer) => {
      const text = await answer.text()
      expect(answer.status, text).toBe(200)
      return JSON.parse(text) as Committed
    }),
  )
  expect(new Set(bodies.map((b) => b.reservationIdentifier)).size).toBe(1)
  expect(await server.query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(1)
  expect(await codeOf(await post("other"))).toBe("idempotencyKeyReused")
  return bodies[0] as Committed
}

const webhookSecret = async (server: RunningServer) =>
  (
    await server.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = $1`, [
      "sandbox_webhook:sandbox-card",
    ])
  )[0]?.value as string

/**
 * The provider's word arriving many times at once: its card capture is notified by three signed webhooks and two
 * return pages together (`complete` sends one return page, as `complete` of ./_payment.ts does), then reconciliation runs over it. The order is paid
 * once: one captured payment, one webhook taken (the others duplicates), every line fulfilled, and no message sent
 * twice on one channel. The caller checks what its kind issues (members, codes, tickets); answers the provider's
 * page's redirect.
 */
export const paidOnceByEveryWord = async (
  server: RunningServer,
  form: Form,
  identifier: string,
  complete: () => Promise<{ readonly status: number; readonly body: unknown }>,
): Promise<Awaited<ReturnType<typeof payByCard>>> => {
  const reference = form.paymentFormURL.split("/")[3]?.split("?")[0] as string
  // the provider captures, and its notification is held back to arrive below with the return pages
  await server.query(`UPDATE sandbox_payments SET deliver_webhooks = false WHERE reference = $1`, [reference])
  const paid = await payByCard(server, form)
  const body = JSON.stringify({
    id: `${reference}:1`,
    type: "payment.captured",
    reference,
    paymentId: form.paymentId,
    state: "captured",
  })
  const secret = await webhookSecret(server)
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`
  const webhook = () =>
    fetch(`${server.baseUrl}/api/payment/webhook/sandbox-card`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-sandbox-signature": signature },
      body,
    })
  const [hooks, returns] = await Promise.all([
    Promise.all([webhook(), webhook(), webhook()]),
    Promise.all([complete(), complete()]),
  ])
  expect(hooks.map((r) => r.status)).toEqual([200, 200, 200])
  const acks = (await Promise.all(hooks.map((r) => r.json()))) as Array<{ duplicate: boolean }>
  expect(acks.filter((a) => !a.duplicate)).toHaveLength(1)
  for (const answer of returns) expect(answer).toMatchObject({ status: 200, body: { status: "paid" } })
  await reconcile(server)

  expect((await orderState(server, identifier))?.paymentStatus).toBe("paid")
  const payments = await server.query<{ state: string }>(
    `SELECT p.state FROM payments p JOIN reservations r ON r.id = p.reservation_id WHERE r.identifier = $1`,
    [identifier],
  )
  expect(payments).toEqual([{ state: "captured" }])
  const unfulfilled = await server.query(
    `SELECT 1 FROM order_items oi JOIN reservations r ON r.id = oi.reservation_id
     WHERE r.identifier = $1 AND oi.fulfilled_at IS NULL`,
    [identifier],
  )
  expect(unfulfilled).toEqual([])
  const messages = await server.query<{ kind: string; template: string; n: number }>(
    `SELECT o.kind, o.payload->>'template' AS template, count(*)::int AS n
     FROM outbox o JOIN reservations r ON r.id = o.reservation_id WHERE r.identifier = $1
     GROUP BY 1, 2`,
    [identifier],
  )
  expect(messages.length).toBeGreaterThan(0)
  for (const message of messages)
    expect(message, `${message.kind} ${message.template}`).toMatchObject({ n: 1 })
  return paid
}
