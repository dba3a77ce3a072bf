import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { codeOf, commitCart, freshStage, holdSeats, oneSeatCommit, postCommit } from "./_payment.ts"

/**
 * The buyer's answers travel with `POST /api/payment/commit` (issue 13, defects 1 and 2): the server refuses an
 * order without the terms (required by the TERMS_REQUIRED flag, on by default), without the SUMMER_PROMO term a
 * normal order requires, or with invoice details the form's rules refuse, with a 400 code and nothing written;
 * an order with them stores them.
 */
const databases = bothDatabases("answers")

const invoice = {
  invoiceName: "Acme Films Ltd",
  invoiceSSN: "514123456",
  invoiceAddress: "#12 Herzl St",
  invoiceCity: "Haifa",
  invoicePostalCode: "3303012",
}

describe.each(databases)("commit answers on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  const ordersOf = (cart: string) =>
    live().query<{ terms: boolean; additional: ReadonlyArray<string>; invoice: unknown }>(
      `SELECT terms_accepted AS terms, additional_terms AS additional, invoice FROM reservations WHERE cart_token = $1`,
      [cart],
    )

  it("refuses an order without its required answers with a 400 code and writes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const body = commitCart(stage, [0])
    const cases = [
      ["termsRequired", false, { additionalTerms: ["SUMMER_PROMO"] }],
      ["additionalTermRequired", true, {}],
      ["additionalTermRequired", true, { additionalTerms: ["OTHER"] }],
      [
        "invoiceInvalid",
        true,
        { additionalTerms: ["SUMMER_PROMO"], invoice: { ...invoice, invoiceSSN: "51-123" } },
      ],
    ] as const
    for (const [code, terms, answers] of cases) {
      const response = await postCommit(live(), cart, crypto.randomUUID(), body, terms, undefined, answers)
      expect(response.status, code).toBe(400)
      expect(await codeOf(response), code).toBe(code)
    }
    expect(await ordersOf(cart)).toEqual([])
    const holds = await live().query<{ tied: boolean }>(
      `SELECT reservation_id IS NOT NULL AS tied FROM seat_allocations WHERE presentation_id = $1 AND cart_token = $2`,
      [stage.presentationId, cart],
    )
    expect(holds).toEqual([{ tied: false }])
  })

  it("stores the terms, the accepted additional terms and the invoice with the order", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const response = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0]),
      true,
      undefined,
      {
        additionalTerms: ["SUMMER_PROMO"],
        invoice,
      },
    )
    expect(response.status).toBe(200)
    expect(await ordersOf(cart)).toEqual([
      {
        terms: true,
        additional: ["SUMMER_PROMO"],
        // stored as the form stores it: '#' out of the address
        invoice: { ...invoice, invoiceAddress: "12 Herzl St" },
      },
    ])
  })

  // issue 14, item 3: the commit used to take names the form refuses (1 MB, markup, SQL text)
  it("refuses buyer's details the form refuses with 400 customerInfoInvalid and writes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, body, buyer } = await oneSeatCommit(live(), used)
    const changes = [
      { FirstName: "א".repeat(100_000) },
      { FirstName: "<img src=x onerror=alert(1)>" },
      { LastName: "Robert'); DROP TABLE reservations;--" },
      { SSN: "123456789" },
    ]
    for (const change of changes) {
      const variant = { ...body, customerInfo: { ...buyer, ...change } }
      const response = await postCommit(live(), cart, crypto.randomUUID(), variant)
      expect(response.status, Object.keys(change)[0]).toBe(400)
      expect(await codeOf(response)).toBe("customerInfoInvalid")
    }
    expect(await ordersOf(cart)).toEqual([])
    // the same order with the buyer as the form sends it goes through
    expect((await postCommit(live(), cart, crypto.randomUUID(), body)).status).toBe(200)
  })
})
