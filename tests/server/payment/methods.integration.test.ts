import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import {
  type Committed,
  commitCart,
  committedOrder,
  complete,
  freshStage,
  holdSeats,
  openForm,
  orderState,
  payByCard,
  postCommit,
  reconcile,
  submit,
} from "./_payment.ts"

/**
 * The other ways to pay, on both databases: system vouchers (alone or with a card), the second card provider,
 * BIN-restricted promotions, BLIK with its two clocks, the PayPal-style approval and the bank redirect.
 */
const databases = bothDatabases("paymethods")

describe.each(databases)("payment methods on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []
  const voucherLookup = (reference: string, cart?: string) =>
    fetch(`${live().baseUrl}/api/payment/voucher?reference=${reference}`, {
      headers: cart === undefined ? {} : { "x-cart-token": cart },
    })
  /** a money voucher of our own, so tests never share a balance */
  const voucher = async (balance: number) => {
    const reference = `T-${crypto.randomUUID().slice(0, 8)}`
    const rows = await live().query<{ id: number }>(
      `INSERT INTO system_vouchers (reference, system_voucher_class_id, balance_agorot, starts_on, ends_on, created_at)
       SELECT $1, system_voucher_class_id, $2, (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date - 1,
         (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + 30, marquee_now()
       FROM system_vouchers WHERE reference = 'GIFT-100' RETURNING id::int AS id`,
      [reference, balance],
    )
    return { reference, id: rows[0]?.id as number }
  }
  const balanceOf = async (reference: string) =>
    (
      await live().query<{ b: number }>(
        `SELECT balance_agorot AS b FROM system_vouchers WHERE reference = $1`,
        [reference],
      )
    )[0]?.b
  const withVoucher = (v: { reference: string; id: number }, amount: number) => ({
    voucherPayments: [
      { amount: amount as never, id: v.id, systemVoucher: v.reference, systemVoucherItemId: 10 },
    ],
  })

  it("voucher balance lookup: balance, empty, expired, unknown, and a human check", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const cart = await newCart(live().baseUrl)
    const gift = await voucherLookup("GIFT-100", cart)
    expect(gift.status).toBe(200)
    expect(((await gift.json()) as { payment: { balance: number } }).payment.balance).toBe(10_000)
    const errorOf = async (r: Response) => ((await r.json()) as { error: string }).error
    expect(await errorOf(await voucherLookup("GIFT-EMPTY", cart))).toBe("voucherBalance")
    expect(await errorOf(await voucherLookup("GIFT-EXPIRED", cart))).toBe("voucherExpired")
    expect(await errorOf(await voucherLookup("NO-SUCH-1", cart))).toBe("codeNotFound")
    expect((await voucherLookup("GIFT-100")).status).toBe(400)
  })

  it("a voucher covering the whole order pays it at commit; one with no balance is refused", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const total = stage.ticket.price + stage.ticket.serviceCharge
    const rich = await voucher(total + 5_000)
    const empty = await voucher(0)
    const refused = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0], withVoucher(empty, 0)),
    )
    expect(((await refused.json()) as { code: string }).code).toBe("voucherBalance")
    const response = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0], withVoucher(rich, total)),
    )
    const order = (await response.json()) as Committed
    expect(order).toMatchObject({ status: "paid", amountDue: 0, voucherAmount: total })
    expect(order.documentKey).not.toBeNull()
    expect(await balanceOf(rich.reference)).toBe(5_000)
  })

  it("voucher plus a card that fails: voiding the order gives the voucher its balance back", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0, 1])
    const part = await voucher(1_000)
    const response = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0, 1], withVoucher(part, 1_000)),
    )
    const order = (await response.json()) as Committed
    expect(order).toMatchObject({
      status: "awaitingPayment",
      voucherAmount: 1_000,
      amountDue: order.total - 1_000,
    })
    expect(await balanceOf(part.reference)).toBe(0)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect(form.amount).toBe(order.total - 1_000)
    await payByCard(live(), form, "4000 0000 0000 0002")
    expect((await complete(live(), cart, order.reservationIdentifier, form.paymentId)).body).toMatchObject({
      status: "awaitingPayment",
      failure: "declined",
    })
    await live().query(
      `UPDATE reservations SET payment_deadline = marquee_now() - interval '1 second' WHERE identifier = $1`,
      [order.reservationIdentifier],
    )
    await reconcile(live())
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("voided")
    expect(await balanceOf(part.reference)).toBe(1_000)
  })

  it("locations with the second card provider: booking fee checked, paid through sandbox-card-2", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used, { secondCardProvider: true })
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0, 1])
    const fee = await live().query<{ bp: number }>(
      `SELECT percent_bp AS bp FROM service_charges WHERE kind = 'booking' AND location_id = $1`,
      [stage.locationId],
    )
    const percent = fee[0]?.bp ?? 0
    const booking = Math.floor((2 * stage.ticket.price * percent + 5000) / 10000)
    const wrong = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0, 1]))
    expect(((await wrong.json()) as { code: string }).code).toBe(
      booking === 0 ? undefined : "serviceChargeMismatch",
    )
    const response = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0, 1], { globalServiceCharge: booking as never }),
    )
    const order = (await response.json()) as Committed
    expect(order.total).toBe(2 * (stage.ticket.price + stage.ticket.serviceCharge) + booking)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect(form.provider).toBe("sandbox-card-2")
    await payByCard(live(), form)
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("paid")
  })

  it("a BIN-restricted promotion refuses other cards (binValidation)", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used, 1)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    await live().query(
      `UPDATE sandbox_payments SET allowed_bins = '{411111}' WHERE merchant_payment_id = $1`,
      [form.paymentId],
    )
    await payByCard(live(), form)
    expect((await complete(live(), cart, order.reservationIdentifier, form.paymentId)).body).toMatchObject({
      status: "awaitingPayment",
      paymentState: "failed",
      failure: "binValidation",
    })
  })

  it("BLIK: code, bank-app confirmation with the seats held meanwhile; a late code is a clear error", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used, 1)
    const form = await openForm(live(), cart, order.reservationIdentifier, "blik")
    expect(form.provider).toBe("sandbox-blik")
    const page = await (await fetch(`${live().baseUrl}${form.paymentFormURL}`)).text()
    const code = /data-testid="blik-code">(\d{6})</.exec(page)?.[1] as string
    expect(code).toMatch(/^\d{6}$/)
    expect(
      (
        await submit(live(), form.paymentFormURL, {
          action: "blik-code",
          code: "000000" === code ? "111111" : "000000",
        })
      ).status,
    ).toBe(422)
    // the payment deadline is nearly over when the bank app is asked: the holds are extended past its 60 s
    await live().query(
      `UPDATE reservations SET payment_deadline = marquee_now() + interval '5 seconds' WHERE identifier = $1`,
      [order.reservationIdentifier],
    )
    const waiting = await submit(live(), form.paymentFormURL, { action: "blik-code", code })
    expect(waiting.status).toBe(303)
    const extended = await live().query<{ ok: boolean }>(
      `SELECT bool_and(a.expires_at > marquee_now() + interval '80 seconds') AND bool_and(r.payment_deadline > marquee_now() + interval '80 seconds') AS ok
       FROM reservations r JOIN seat_allocations a ON a.reservation_id = r.id WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(extended[0]?.ok).toBe(true)
    expect((await complete(live(), cart, order.reservationIdentifier, form.paymentId)).body).toMatchObject({
      paymentState: "awaitingBankApp",
    })
    await submit(live(), form.paymentFormURL, { action: "bank-confirm" })
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("paid")

    const late = await committedOrder(live(), used, 1)
    const lateForm = await openForm(live(), late.cart, late.order.reservationIdentifier, "blik")
    const latePage = await (await fetch(`${live().baseUrl}${lateForm.paymentFormURL}`)).text()
    const lateCode = /data-testid="blik-code">(\d{6})</.exec(latePage)?.[1] as string
    await live().query(
      `UPDATE sandbox_payments SET code_expires_at = marquee_now() - interval '1 second' WHERE merchant_payment_id = $1`,
      [lateForm.paymentId],
    )
    await submit(live(), lateForm.paymentFormURL, { action: "blik-code", code: lateCode })
    expect(
      (await complete(live(), late.cart, late.order.reservationIdentifier, lateForm.paymentId)).body,
    ).toMatchObject({
      status: "awaitingPayment",
      failure: "blikExpired",
    })
  })

  it("PayPal-style approval returns payerId and token; cancelling says paypalCancelled", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used, 1)
    const cancelled = await openForm(live(), cart, order.reservationIdentifier, "paypal")
    await submit(live(), cancelled.paymentFormURL, { action: "cancel" })
    expect(
      (await complete(live(), cart, order.reservationIdentifier, cancelled.paymentId)).body,
    ).toMatchObject({
      failure: "paypalCancelled",
    })
    const form = await openForm(live(), cart, order.reservationIdentifier, "paypal")
    const approved = await submit(live(), form.paymentFormURL, { action: "paypal-approve" })
    const back = new URL(approved.location as string, "http://x")
    expect(back.searchParams.get("paymentId")).toBe(form.paymentId)
    expect(back.searchParams.get("PayerID")).toMatch(/^PAYER/)
    expect(back.searchParams.get("token")).toMatch(/^EC-/)
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("paid")
  })

  it("the redirect provider's extra verification: a wrong code fails, the right one pays", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used, 1)
    const first = await openForm(live(), cart, order.reservationIdentifier, "redirect")
    await submit(live(), first.paymentFormURL, { action: "redirect-start" })
    await submit(live(), first.paymentFormURL, { action: "redirect-verify", code: "bad" })
    expect((await complete(live(), cart, order.reservationIdentifier, first.paymentId)).body).toMatchObject({
      failure: "redirectProviderError",
    })
    const form = await openForm(live(), cart, order.reservationIdentifier, "redirect")
    await submit(live(), form.paymentFormURL, { action: "redirect-start" })
    const page = await (await fetch(`${live().baseUrl}${form.paymentFormURL}`)).text()
    const otp = /data-testid="otp">(\d{6})</.exec(page)?.[1] as string
    await submit(live(), form.paymentFormURL, { action: "redirect-verify", code: otp })
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("paid")
  })
})
