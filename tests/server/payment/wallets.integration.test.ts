import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import {
  type Committed,
  commitCart,
  committedOrder,
  complete,
  type Form,
  freshStage,
  holdSeats,
  openForm,
  orderState,
  payByCard,
  postCommit,
  submit,
} from "./_payment.ts"

/**
 * Apple Pay and Google Pay on the default card provider's hosted page, on both databases: the page offers them
 * (behind a Payment Request feature check) only on `sandbox-card` and never for a BIN-restricted payment; a wallet
 * token is captured without 3-D Secure and pays the order through the ordinary completion, the test last four
 * `0002` declines, and the second card provider or a BIN-restricted payment refuses a wallet as `binValidation`.
 */
const databases = bothDatabases("wallets")

/** What Google Pay's Payment Request response details carry: the card's last four and a token, never a number. */
const googleDetails = (last4: string) =>
  JSON.stringify({
    apiVersion: 2,
    apiVersionMinor: 0,
    paymentMethodData: {
      type: "CARD",
      description: `Visa •••• ${last4}`,
      info: { cardNetwork: "VISA", cardDetails: last4 },
      tokenizationData: {
        type: "PAYMENT_GATEWAY",
        token: JSON.stringify({ cryptogram: "AgAAAAAAAIR8CQrXcIhbQAAAAAA=", eci: "05" }),
      },
    },
  })

/** Apple Pay's: the card's display name ("Visa 0000") and an encrypted payment token. */
const appleDetails = (displayName: string) =>
  JSON.stringify({
    token: {
      paymentData: { version: "EC_v1", data: "c2FuZGJveCBjcnlwdG9ncmFt", signature: "c2ln" },
      paymentMethod: { displayName, network: "Visa", type: "credit" },
      transactionIdentifier: "SANDBOX-TX-1",
    },
  })

const payByWallet = (server: RunningServer, form: Form, wallet: "apple" | "google", token: string) =>
  submit(server, form.paymentFormURL, { action: "wallet", wallet, walletToken: token })

const pageOf = async (server: RunningServer, form: Form) =>
  (await fetch(`${server.baseUrl}${form.paymentFormURL}`)).text()

/** The wallet section: its form, and the script that feature-detects the Payment Request API and asks it. */
const WALLET_SCRIPT =
  /<form id="wallets"[^>]* hidden>[\s\S]*<script>[\s\S]*window\.PaymentRequest[\s\S]*canMakePayment\(\)/

const ledgerOf = async (server: RunningServer, form: Form) =>
  (
    await server.query<{ state: string; last4: string | null; instalments: number; token: string | null }>(
      `SELECT state, card_last4 AS last4, instalments, token FROM sandbox_payments WHERE merchant_payment_id = $1`,
      [form.paymentId],
    )
  )[0]

describe.each(databases)("wallets on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("Google Pay pays without 3-D Secure; the order is paid through the ordinary completion", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used, 1)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect(form.provider).toBe("sandbox-card")
    const page = await pageOf(live(), form)
    expect(page).toMatch(WALLET_SCRIPT)
    expect(page).toContain("https://apple.com/apple-pay")
    expect(page).toContain("https://google.com/pay")
    expect(page).toContain(`"value":"${(form.amount / 100).toFixed(2)}"`)
    // a token without the card's last four is shown on the page again; the payment stays open
    const bad = await payByWallet(live(), form, "google", JSON.stringify({ paymentMethodData: {} }))
    expect(bad.status).toBe(422)
    expect((await ledgerOf(live(), form))?.state).toBe("awaitingEntry")

    const paid = await payByWallet(live(), form, "google", googleDetails("0000"))
    expect(paid.status).toBe(303)
    expect(new URL(paid.location as string, "http://x").searchParams.get("paymentId")).toBe(form.paymentId)
    expect(await ledgerOf(live(), form)).toEqual({
      state: "captured",
      last4: "0000",
      instalments: 1,
      token: "wallet:google",
    })
    const completed = await complete(live(), cart, order.reservationIdentifier, form.paymentId)
    expect(completed.body).toMatchObject({ status: "paid", paymentState: "captured", failure: null })
    expect(completed.body.documentKey).toEqual(expect.any(String))
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("paid")
  })

  it("Apple Pay: last four 0002 declines, another payment with Visa 0000 pays", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used, 1)
    const first = await openForm(live(), cart, order.reservationIdentifier)
    const declined = await payByWallet(live(), first, "apple", appleDetails("MasterCard 0002"))
    expect(declined.status).toBe(303)
    expect((await complete(live(), cart, order.reservationIdentifier, first.paymentId)).body).toMatchObject({
      status: "awaitingPayment",
      paymentState: "failed",
      failure: "declined",
    })
    expect(await ledgerOf(live(), first)).toMatchObject({ last4: "0002", token: "wallet:apple" })

    const second = await openForm(live(), cart, order.reservationIdentifier)
    expect(second.paymentId).not.toBe(first.paymentId)
    expect((await payByWallet(live(), second, "apple", appleDetails("Visa 0000"))).status).toBe(303)
    expect((await complete(live(), cart, order.reservationIdentifier, second.paymentId)).body).toMatchObject({
      status: "paid",
    })
  })

  it("the second card provider neither offers nor takes a wallet; its card form still pays", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used, { secondCardProvider: true })
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const fee = await live().query<{ bp: number }>(
      `SELECT percent_bp AS bp FROM service_charges WHERE kind = 'booking' AND location_id = $1`,
      [stage.locationId],
    )
    const booking = Math.floor((stage.ticket.price * (fee[0]?.bp ?? 0) + 5000) / 10000)
    const response = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0], { globalServiceCharge: booking as never }),
    )
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect(form.provider).toBe("sandbox-card-2")
    const page = await pageOf(live(), form)
    expect(page).toContain('name="cardNumber"')
    expect(page).not.toMatch(/PaymentRequest|walletToken|google\.com\/pay|apple\.com\/apple-pay/)

    expect((await payByWallet(live(), form, "google", googleDetails("0000"))).status).toBe(303)
    expect((await complete(live(), cart, order.reservationIdentifier, form.paymentId)).body).toMatchObject({
      status: "awaitingPayment",
      paymentState: "failed",
      failure: "binValidation",
    })
    const card = await openForm(live(), cart, order.reservationIdentifier)
    await payByCard(live(), card)
    expect((await orderState(live(), order.reservationIdentifier))?.paymentStatus).toBe("paid")
  })

  it("a BIN-restricted payment neither offers nor takes a wallet (binValidation)", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await committedOrder(live(), used, 1)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    await live().query(
      `UPDATE sandbox_payments SET allowed_bins = '{458000}' WHERE merchant_payment_id = $1`,
      [form.paymentId],
    )
    const page = await pageOf(live(), form)
    expect(page).toContain('name="cardNumber"')
    expect(page).not.toMatch(/PaymentRequest|walletToken/)
    expect((await payByWallet(live(), form, "apple", appleDetails("Visa 0000"))).status).toBe(303)
    expect((await complete(live(), cart, order.reservationIdentifier, form.paymentId)).body).toMatchObject({
      status: "awaitingPayment",
      paymentState: "failed",
      failure: "binValidation",
    })
    expect((await ledgerOf(live(), form))?.state).toBe("failed")
  })
})
