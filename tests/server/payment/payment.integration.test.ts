import { createHmac } from "node:crypto"
import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart, solveHumanCheck } from "../../_support/humanCheck.ts"
import {
  commitCart,
  committedOrder,
  complete,
  holdSeats,
  openForm,
  orderState,
  payByCard,
  postCommit,
  reconcile,
  submit,
} from "./_payment.ts"

/**
 * Payment through the sandbox providers' own pages, on both databases: only the provider's word (webhook or
 * status check) pays an order, a capture that cannot be used is given back, and nothing happens twice.
 */
const databases = bothDatabases("payment")

describe.each(databases)("payment on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []
  const outbox = (identifier: string) =>
    live().query<{ kind: string; recipient: string; template: string; link: string | null }>(
      `SELECT o.kind, o.recipient, o.payload->>'template' AS template, o.payload->>'eTicketPath' AS link
       FROM outbox o JOIN reservations r ON r.id = o.reservation_id WHERE r.identifier = $1 ORDER BY o.id`,
      [identifier],
    )
  const sandboxRef = (form: { paymentFormURL: string }) =>
    form.paymentFormURL.split("/")[3]?.split("?")[0] as string
  const webhook = (provider: string, body: string, signature: string) =>
    fetch(`${live().baseUrl}/api/payment/webhook/${provider}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-sandbox-signature": signature },
      body,
    })
  const secretOf = async (provider: string) =>
    (
      await live().query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = $1`, [
        `sandbox_webhook:${provider}`,
      ])
    )[0]?.value as string
  const signed = (secret: string, body: string) =>
    `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`

  it("card: a double click opens one payment; the webhook pays the order once, with e-documents and messages", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order, stage } = await committedOrder(live(), used)
    const forms = await Promise.all([1, 2, 3].map(() => openForm(live(), cart, order.reservationIdentifier)))
    expect(new Set(forms.map((f) => f.paymentId)).size).toBe(1)
    const form = forms[0] as (typeof forms)[number]
    expect(form).toMatchObject({ provider: "sandbox-card", amount: order.amountDue })
    expect(form.paymentFormURL).toMatch(/^\/sandbox\/sandbox-card\/sbx_/)
    const page = await (await fetch(`${live().baseUrl}${form.paymentFormURL}`)).text()
    expect(page).toContain('name="cardNumber"')
    const bad = await payByCard(live(), form, "4580 0000 0000 0001")
    expect(bad.status).toBe(422)
    expect(bad.text).toContain("card number is not valid")
    const paid = await payByCard(live(), form)
    expect(paid.status).toBe(303)
    expect(paid.location).toBe(
      `/order/payment-return?paymentId=${form.paymentId}&reservationIdentifier=${order.reservationIdentifier}`,
    )
    // a second submit of the page (back button) has no second effect
    await payByCard(live(), form)
    const state = await orderState(live(), order.reservationIdentifier)
    expect(state?.paymentStatus).toBe("paid")
    expect(state?.documentKey?.length).toBeGreaterThanOrEqual(22)
    const done = await complete(live(), cart, order.reservationIdentifier, form.paymentId)
    expect(done.body).toMatchObject({
      status: "paid",
      paymentState: "captured",
      failure: null,
      documentKey: state?.documentKey,
    })
    const sales = await live().query<{ kind: string }>(
      `SELECT kind FROM seat_allocations WHERE presentation_id = $1 AND cart_token = $2`,
      [stage.presentationId, cart],
    )
    expect(sales.map((s) => s.kind)).toEqual(["sale", "sale"])
    const messages = await outbox(order.reservationIdentifier)
    expect(messages.map((m) => [m.kind, m.recipient])).toEqual([
      ["sms", "0521234567"],
      ["email", "dana@example.com"],
    ])
    expect(messages[0]?.link).toBe(`/edocument/${state?.documentKey}`)

    const key = state?.documentKey as string
    const confirmation = await fetch(
      `${live().baseUrl}/api/reservations/${order.reservationIdentifier}?key=${key}&lang=en`,
    )
    expect(confirmation.status).toBe(200)
    const body = (await confirmation.json()) as {
      tickets: Array<unknown>
      total: number
      eDocumentUrl: string
    }
    expect(body.tickets).toHaveLength(2)
    expect(body.total).toBe(order.total)
    expect(body.eDocumentUrl).toBe(`/edocument/${key}`)
    // the e-ticket page opens by the key alone; a wrong key opens nothing
    const byKey = await fetch(`${live().baseUrl}/api/edocuments/${key}?lang=en`)
    expect(byKey.status).toBe(200)
    expect(((await byKey.json()) as { reservationIdentifier: string }).reservationIdentifier).toBe(
      order.reservationIdentifier,
    )
    expect((await fetch(`${live().baseUrl}/api/edocuments/${key.slice(0, -2)}`)).status).toBe(404)
    // one character changed (never to itself: the key is random and may already end in "A")
    const wrongKey = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`
    const wrong = await fetch(
      `${live().baseUrl}/api/reservations/${order.reservationIdentifier}?key=${wrongKey}`,
    )
    expect(wrong.status).toBe(404)
    const send = async (mobileNumber: string) =>
      fetch(`${live().baseUrl}/api/reservations/${order.reservationIdentifier}/sendTickets?key=${key}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ mobileNumber, recaptchaToken: await solveHumanCheck(live().baseUrl) }),
      })
    expect((await send("12345")).status).toBe(400)
    expect((await send("054-765-4321")).status).toBe(200)
    expect((await outbox(order.reservationIdentifier)).at(-1)).toMatchObject({
      kind: "sms",
      recipient: "0547654321",
    })

    // a second commit of the paid seats: ORDER_ALREADY_PAID
    const again = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [1, 2]))
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({
      error: "ORDER_ALREADY_PAID",
      reservationIdentifier: order.reservationIdentifier,
    })
  })

  it("a forged success return and an abandoned 3-D Secure leave the order unpaid; declined says why", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    const forged = await complete(live(), cart, order.reservationIdentifier, form.paymentId)
    expect(forged.body).toMatchObject({ status: "awaitingPayment", paymentState: "awaitingEntry" })
    const challenge = await payByCard(live(), form, "4000 0000 0000 3220")
    expect(challenge.status).toBe(303)
    expect(challenge.location?.split("?")[0]).toBe(form.paymentFormURL.split("?")[0])
    expect(await (await fetch(`${live().baseUrl}${challenge.location}`)).text()).toContain("3-D Secure")
    const abandoned = await submit(live(), form.paymentFormURL, { action: "3ds-abandon" })
    expect(abandoned.location).toContain("/order/payment-return")
    const after = await complete(live(), cart, order.reservationIdentifier, form.paymentId)
    expect(after.body).toMatchObject({
      status: "awaitingPayment",
      paymentState: "cancelled",
      failure: "threeDSecureFailed",
    })

    const retry = await openForm(live(), cart, order.reservationIdentifier)
    expect(retry.paymentId).not.toBe(form.paymentId)
    await payByCard(live(), retry, "4000 0000 0000 0002")
    const declined = await complete(live(), cart, order.reservationIdentifier, retry.paymentId)
    expect(declined.body).toMatchObject({
      status: "awaitingPayment",
      paymentState: "failed",
      failure: "declined",
    })
    const other = await newCart(live().baseUrl)
    expect((await complete(live(), other, order.reservationIdentifier, retry.paymentId)).status).toBe(404)
  })

  it("webhooks: bad signature 401 and nothing stored; twice, concurrently, out of order: one effect", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    const reference = sandboxRef(form)
    // the provider captures, but its notification never arrives
    await live().query(`UPDATE sandbox_payments SET deliver_webhooks = false WHERE reference = $1`, [
      reference,
    ])
    await payByCard(live(), form)
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("awaitingPayment")

    const body = JSON.stringify({
      id: `${reference}:1`,
      type: "payment.captured",
      reference,
      paymentId: form.paymentId,
      state: "captured",
    })
    const forgedSig = await webhook("sandbox-card", body, signed("not-the-secret", body))
    expect(forgedSig.status).toBe(401)
    expect(
      await live().query(`SELECT 1 FROM provider_events WHERE event_id = $1`, [`${reference}:1`]),
    ).toHaveLength(0)
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("awaitingPayment")

    const secret = await secretOf("sandbox-card")
    const deliveries = await Promise.all(
      [1, 2, 3, 4].map(() => webhook("sandbox-card", body, signed(secret, body))),
    )
    expect(deliveries.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const acks = (await Promise.all(deliveries.map((r) => r.json()))) as Array<{ duplicate: boolean }>
    expect(acks.filter((a) => !a.duplicate)).toHaveLength(1)
    // a late "failed" event (valid signature) after the capture changes nothing
    const late = JSON.stringify({
      id: `${reference}:0`,
      type: "payment.failed",
      reference,
      paymentId: form.paymentId,
      state: "failed",
    })
    expect((await webhook("sandbox-card", late, signed(secret, late))).status).toBe(200)
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("paid")
    const payments = await live().query<{ state: string }>(`SELECT state FROM payments WHERE id = $1`, [
      form.paymentId,
    ])
    expect(payments).toEqual([{ state: "captured" }])
    const messages = await outbox(order.reservationIdentifier)
    expect(messages.filter((m) => m.template === "orderPaid")).toHaveLength(2)
  })

  it("killed between the provider's capture and completion: reconciliation completes the order", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    await live().query(`UPDATE sandbox_payments SET deliver_webhooks = false WHERE reference = $1`, [
      sandboxRef(form),
    ])
    await payByCard(live(), form)
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("awaitingPayment")
    await reconcile(live())
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("paid")
    await reconcile(live())
    expect(
      (await outbox(order.reservationIdentifier)).filter((m) => m.template === "orderPaid"),
    ).toHaveLength(2)
  })

  it("payment after the hold expired and the seat was resold: no double sale, the money goes back", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order, stage, indexes } = await committedOrder(live(), used)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    // the order's deadline passes unnoticed (no reconciliation ran) and another buyer takes one seat
    // (the guard trigger never lets a hold of an order be shortened in place: untie, lapse, tie again)
    const tied = await live().query<{ id: string }>(
      `UPDATE seat_allocations SET reservation_id = NULL, expires_at = marquee_now() - interval '1 second'
       WHERE reservation_id = (SELECT id FROM reservations WHERE identifier = $1) RETURNING id::text AS id`,
      [order.reservationIdentifier],
    )
    await live().query(
      `UPDATE seat_allocations SET reservation_id = (SELECT id FROM reservations WHERE identifier = $1)
       WHERE id = ANY ($2::bigint[])`,
      [order.reservationIdentifier, `{${tied.map((t) => t.id).join(",")}}`],
    )
    const other = await newCart(live().baseUrl)
    await holdSeats(live(), other, stage, [indexes[0] as number])
    await payByCard(live(), form)
    const state = await orderState(live(), order.reservationIdentifier)
    expect(state).toMatchObject({ paymentStatus: "voided", failure: "seatHoldLost", documentKey: null })
    const done = await complete(live(), cart, order.reservationIdentifier, form.paymentId)
    expect(done.body).toMatchObject({ status: "voided", failure: "seatHoldLost" })
    const provider = await live().query<{ state: string }>(
      `SELECT state FROM sandbox_payments WHERE merchant_payment_id = $1`,
      [form.paymentId],
    )
    expect(provider).toEqual([{ state: "refunded" }])
    const seats = await live().query<{ cart: string; kind: string }>(
      `SELECT cart_token AS cart, kind FROM seat_allocations WHERE presentation_id = $1 AND cart_token IN ($2, $3)`,
      [stage.presentationId, cart, other],
    )
    expect(seats).toEqual([{ cart: other, kind: "hold" }])
    expect((await outbox(order.reservationIdentifier)).map((m) => m.template)).toEqual([
      "paymentRefunded",
      "paymentRefunded",
    ])
    // a capture arriving again (webhook replay) refunds nothing twice
    await reconcile(live())
    expect((await outbox(order.reservationIdentifier)).length).toBe(2)
  })

  it("past the payment deadline the reconciliation voids the order and frees its seats", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order, stage } = await committedOrder(live(), used)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    await live().query(
      `UPDATE reservations SET payment_deadline = marquee_now() - interval '1 second' WHERE identifier = $1`,
      [order.reservationIdentifier],
    )
    const summary = await reconcile(live())
    expect(summary.ordersVoided).toBeGreaterThanOrEqual(1)
    expect(await orderState(live(), order.reservationIdentifier)).toMatchObject({
      paymentStatus: "voided",
      failure: "orderCancelled",
    })
    expect(
      await live().query(`SELECT 1 FROM seat_allocations WHERE presentation_id = $1 AND cart_token = $2`, [
        stage.presentationId,
        cart,
      ]),
    ).toHaveLength(0)
    // the buyer pays on the still-open page afterwards: the provider had cancelled it
    const late = await payByCard(live(), form)
    expect(late.status).toBe(303)
    expect((await complete(live(), cart, order.reservationIdentifier, form.paymentId)).body).toMatchObject({
      status: "voided",
      failure: "orderCancelled",
    })
  })
})
