import { describe, expect, it } from "vitest"
import { completePayment, makePay } from "../../../src/app/payment/pay.ts"
import {
  type Call,
  commitResult,
  completion,
  harness,
  json,
  paymentForm,
  type Reply,
  readyEvents,
} from "./harness.ts"

const options = { termsAccepted: true, numberOfPayments: 1, method: "card" as const, locale: "he" }

/** A server that commits, opens payment P-1 and answers completion with `states` in turn. */
const server =
  (states: ReadonlyArray<Reply> = [json(200, completion("captured"))]) =>
  (call: Call, calls: ReadonlyArray<Call>): Reply => {
    if (call.path === "/payment/commit") return json(200, commitResult())
    if (call.path.startsWith("/payment/form/")) return json(200, paymentForm("P-1"))
    const asked = calls.filter((c) => c.path === "/payment/complete").length
    return states[Math.min(asked, states.length) - 1] ?? json(500, null)
  }

const count = (calls: ReadonlyArray<Call>, prefix: string) =>
  calls.filter((c) => c.path.startsWith(prefix)).length

describe("pay", () => {
  it("commits, opens the form, remembers the payment, then leaves for the provider's page", async () => {
    const h = harness(server())
    const pay = makePay()
    const result = await h.run(h.provide(pay(options)))
    expect(result).toMatchObject({
      _tag: "Success",
      success: { _tag: "Redirecting", url: "http://test.local/sandbox/card/P-1" },
    })
    expect(h.visited).toEqual(["http://test.local/sandbox/card/P-1"])
    expect(h.cart.appended.map((e) => e._tag)).toEqual(["CommitRequested", "Committed", "PaymentOpened"])
    const form = h.calls.find((c) => c.path === "/payment/form/he")
    expect(form?.query.get("reservationIdentifier")).toBe("R-100")
    expect(form?.query.get("method")).toBe("card")
    expect(form?.query.get("numberOfPayments")).toBe("1")
    expect(form?.query.get("total")).toBe("5000")
    expect(form?.headers["x-cart-token"]).toBe("cart-token-1")
    expect(h.stages).toEqual(["loading", "loading", "redirecting"])
  })

  it("a double click starts one payment: the second call joins the first", async () => {
    const h = harness(async (call, calls) => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      return server()(call, calls)
    })
    const pay = makePay()
    const [first, second] = await Promise.all([
      h.run(h.provide(pay(options))),
      h.run(h.provide(pay(options))),
    ])
    expect(first).toEqual(second)
    expect(count(h.calls, "/payment/commit")).toBe(1)
    expect(count(h.calls, "/payment/form/")).toBe(1)
    expect(h.visited).toHaveLength(1)
    expect(h.cart.appended.filter((e) => e._tag === "PaymentOpened")).toHaveLength(1)
  })

  it("a click after the first payment opened continues that payment instead of opening another", async () => {
    const h = harness(server([json(200, completion("awaitingEntry"))]))
    const pay = makePay()
    await h.run(h.provide(pay(options)))
    const again = await h.run(h.provide(pay(options)))
    expect(again).toMatchObject({
      _tag: "Success",
      success: { _tag: "Redirecting", url: "http://test.local/sandbox/card/P-1" },
    })
    expect(count(h.calls, "/payment/commit")).toBe(1)
    expect(count(h.calls, "/payment/form/")).toBe(1)
    expect(count(h.calls, "/payment/complete")).toBe(1)
  })

  it("resumes from the log after a reload: an open payment that got captured goes straight to paid", async () => {
    const first = harness(server())
    await first.run(first.provide(makePay()(options)))
    const h = harness(server(), [...readyEvents(), ...first.cart.appended])
    const result = await h.run(h.provide(makePay()(options)))
    expect(result).toMatchObject({ _tag: "Success", success: { _tag: "Paid", documentKey: "doc-key-100" } })
    expect(count(h.calls, "/payment/commit")).toBe(0)
    expect(count(h.calls, "/payment/form/")).toBe(0)
    expect(h.cart.state().reservation).toMatchObject({ status: "paid", documentKey: "doc-key-100" })
  })

  it("a voucher that paid it all needs no provider", async () => {
    const h = harness(() =>
      json(200, commitResult({ status: "paid", amountDue: 0, voucherAmount: 5000, documentKey: "k-v" })),
    )
    const result = await h.run(h.provide(makePay()(options)))
    expect(result).toMatchObject({ _tag: "Success", success: { _tag: "Paid", documentKey: "k-v" } })
    expect(h.calls).toHaveLength(1)
  })

  it("maps the form's refusals", async () => {
    const h = harness((call) =>
      call.path === "/payment/commit"
        ? json(200, commitResult())
        : json(402, { _tag: "PaymentFailed", error: "binValidation" }),
    )
    const result = await h.run(h.provide(makePay()(options)))
    expect(result).toMatchObject({ _tag: "Failure", failure: { _tag: "BinValidationError" } })
    expect(h.visited).toEqual([])
  })
})

/** A log with an order R-100 and payment P-1 open, as the pay page leaves it before the provider's page. */
const openPaymentLog = async () => {
  const first = harness(server())
  await first.run(first.provide(makePay()(options)))
  return [...readyEvents(), ...first.cart.appended]
}

describe("completePayment", () => {
  it("waits while the provider verifies and processes, then records the paid order", async () => {
    const h = harness(
      server([
        json(200, completion("awaitingVerification")),
        json(200, completion("processing")),
        json(200, completion("captured")),
      ]),
      await openPaymentLog(),
    )
    const result = await h.run(h.provide(completePayment("R-100", "P-1")))
    expect(result).toMatchObject({ _tag: "Success", success: { _tag: "Paid", documentKey: "doc-key-100" } })
    expect(h.stages).toEqual(["returned", "awaitingVerification", "processing"])
    expect(h.cart.appended.map((e) => e._tag)).toEqual(["PaymentSettled"])
    expect(
      h.calls.every((c) => c.body !== undefined && (c.body as { paymentId: string }).paymentId === "P-1"),
    ).toBe(true)
  })

  it("shows the bank-app wait, and stops polling after its window with StillProcessing", async () => {
    const h = harness(server([json(200, completion("awaitingBankApp"))]), await openPaymentLog())
    const result = await h.run(h.provide(completePayment("R-100", "P-1")))
    expect(result).toMatchObject({ _tag: "Success", success: { _tag: "StillProcessing" } })
    expect(h.stages).toContain("awaitingBankApp")
    expect(count(h.calls, "/payment/complete")).toBe(6)
    expect(h.cart.state().reservation?.payment?.status).toBe("open")
  })

  it("offers to continue when the buyer came back without paying", async () => {
    const h = harness(server([json(200, completion("awaitingEntry"))]), await openPaymentLog())
    const result = await h.run(h.provide(completePayment("R-100", "P-1")))
    expect(result).toMatchObject({
      _tag: "Success",
      success: { _tag: "AwaitingEntry", url: "http://test.local/sandbox/card/P-1" },
    })
  })

  const failures: ReadonlyArray<[string, Record<string, unknown>, string]> = [
    ["cardNumber", {}, "CardNumberError"],
    ["cardDate", {}, "CardDateError"],
    ["cvv", {}, "CvvError"],
    ["binValidation", {}, "BinValidationError"],
    ["declined", {}, "CardDeclined"],
    ["threeDSecureFailed", {}, "ThreeDSecureFailed"],
    ["blikError", {}, "BlikError"],
    ["blikExpired", {}, "BlikError"],
    ["paypalCancelled", { paymentState: "cancelled" }, "PaymentCancelled"],
    ["redirectProviderError", {}, "RedirectProviderError"],
    ["unableToProcessOrder", {}, "UnableToProcessOrder"],
    ["seatHoldLost", { status: "voided" }, "SeatHoldLost"],
    ["orderCancelled", { status: "voided" }, "OrderCancelledRestarting"],
    ["paymentError", {}, "PaymentError"],
  ]
  for (const [code, extra, tag] of failures)
    it(`maps a ${code} completion to ${tag} and settles the payment`, async () => {
      const h = harness(
        server([json(200, completion("failed", { failure: code, ...extra }))]),
        await openPaymentLog(),
      )
      const result = await h.run(h.provide(completePayment("R-100", "P-1")))
      expect(result).toMatchObject({ _tag: "Failure", failure: { _tag: tag } })
      if (code === "blikExpired") expect(result).toMatchObject({ failure: { expired: true } })
      const reservation = h.cart.state().reservation
      expect(reservation?.payment?.status).toBe(extra.paymentState ?? "failed")
      expect(reservation?.payment?.failure).toBe(code)
      expect(reservation?.status).toBe(extra.status ?? "awaitingPayment")
    })

  it("maps a 402 PaymentFailed answer the same way, and a lost answer to NetworkLost after retries", async () => {
    const declined = harness(
      server([json(402, { _tag: "PaymentFailed", error: "threeDSecureFailed" })]),
      await openPaymentLog(),
    )
    expect(await declined.run(declined.provide(completePayment("R-100", "P-1")))).toMatchObject({
      failure: { _tag: "ThreeDSecureFailed" },
    })
    expect(declined.cart.state().reservation?.payment?.status).toBe("failed")

    const lost = harness(server(["lost"]), await openPaymentLog())
    expect(await lost.run(lost.provide(completePayment("R-100", "P-1")))).toMatchObject({
      failure: { _tag: "NetworkLost" },
    })
    expect(count(lost.calls, "/payment/complete")).toBe(5)
    // nothing is known, so nothing is recorded: the payment is still open for the next try
    expect(lost.cart.state().reservation?.payment?.status).toBe("open")
  })

  it("after a failed payment, Pay opens a new payment for the same order (no second commit)", async () => {
    const log = await openPaymentLog()
    const h = harness((call, calls) => {
      if (call.path === "/payment/complete") return json(200, completion("failed", { failure: "declined" }))
      if (call.path.startsWith("/payment/form/")) return json(200, paymentForm("P-2"))
      return server()(call, calls)
    }, log)
    const pay = makePay()
    const first = await h.run(h.provide(pay(options)))
    expect(first).toMatchObject({ _tag: "Failure", failure: { _tag: "CardDeclined" } })
    const second = await h.run(h.provide(pay(options)))
    expect(second).toMatchObject({ _tag: "Success", success: { _tag: "Redirecting" } })
    expect(h.cart.state().reservation?.payment).toMatchObject({ paymentId: "P-2", status: "open" })
    expect(count(h.calls, "/payment/commit")).toBe(0)
  })
})
