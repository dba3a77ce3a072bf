import { describe, expect, it } from "vitest"
import type { CommitCart } from "../../../src/domain/cart/commitCart.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { call, DEMO_MOBILE, signIn } from "../customerArea/_area.ts"
import { oneOrderPerKey, paidOnceByEveryWord } from "../payment/_guarantees.ts"
import {
  buyerCart,
  type Committed,
  codeOf,
  commitCart,
  complete,
  freshStage,
  holdSeats,
  openForm,
  orderState,
  payByCard,
  postCommit,
  reconcile,
} from "../payment/_payment.ts"

/**
 * Gift and system vouchers (issue 16) through the one `POST /api/payment/commit`, on both databases: the
 * catalogue, every rule of the voucher kind (src/server/payment/itemOrders/vouchersOrder.ts), issuing on
 * payment (issueVouchers.ts), and an issued voucher paying for a ticket.
 */
const databases = bothDatabases("voucherorder")

/** The seeded classes (src/server/db/seed/offers.ts): open-price gift card 50–500 ₪, fixed ticket voucher, one not online. */
const GIFT = { classId: 10, min: 5_000, max: 50_000 }
const PAIR = { classId: 20, priceId: 201, price: 8_900 }
const STAFF = { classId: 30, priceId: 301, price: 350_000 }

type VoucherLine = CommitCart["vouchers"][number]
const open = (price: number, quantity: number): VoucherLine =>
  ({ systemVoucherId: GIFT.classId, systemVoucherPriceId: 0, price, quantity }) as VoucherLine
const fixed = (line: { classId: number; priceId: number; price: number }, quantity: number): VoucherLine =>
  ({
    systemVoucherId: line.classId,
    systemVoucherPriceId: line.priceId,
    price: line.price,
    quantity,
  }) as VoucherLine
const voucherCart = (lines: ReadonlyArray<VoucherLine>, extra: Partial<CommitCart> = {}) =>
  buyerCart({ vouchers: lines, ...extra })

const issuedOf = async (server: RunningServer, identifier: string) =>
  server.query<{
    reference: string
    balance: number | null
    tickets: number | null
    days: number
    paid: number
  }>(
    `SELECT v.reference, v.balance_agorot AS balance, v.tickets_left AS tickets, (v.ends_on - v.starts_on + 1) AS days,
       v.paid_agorot AS paid
     FROM system_vouchers v JOIN reservations r ON r.id = v.purchase_reservation_id
     WHERE r.identifier = $1 ORDER BY v.id`,
    [identifier],
  )

/** Commit, pay by the sandbox card, and answer the order and its payment id. */
const buyAndPay = async (server: RunningServer, lines: ReadonlyArray<VoucherLine>) => {
  const cart = await newCart(server.baseUrl)
  const response = await postCommit(server, cart, crypto.randomUUID(), voucherCart(lines))
  if (response.status !== 200) throw new Error(`commit: ${response.status} ${await response.text()}`)
  const order = (await response.json()) as Committed
  const form = await openForm(server, cart, order.reservationIdentifier)
  const paid = await payByCard(server, form)
  if (paid.status !== 303) throw new Error(`pay: ${paid.status} ${paid.text}`)
  return { cart, order, form }
}

describe.each(databases)("voucher orders on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("the catalogue shows a superclass's classes with prices, bounds and who sells them; none for an unknown one", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const list = await fetch(`${live().baseUrl}/api/system-vouchers/superclasses?lang=en`)
    expect(list.status).toBe(200)
    const { superClasses } = (await list.json()) as { superClasses: Array<{ id: number; name: string }> }
    expect(superClasses.map((s) => s.id)).toEqual([1, 2, 3])
    const gift = await fetch(`${live().baseUrl}/api/system-vouchers/superclasses/1?lang=en`)
    const offer = (await gift.json()) as {
      superClass: { name: string }
      classes: Array<Record<string, unknown>>
    }
    expect(offer.superClass.name).toBe("Gift cards")
    expect(offer.classes[0]).toMatchObject({
      id: GIFT.classId,
      isOpenPrice: true,
      minPrice: GIFT.min,
      maxPrice: GIFT.max,
      ticketQuantity: null,
      isSoldOnline: true,
      prices: [],
    })
    const he = (await (
      await fetch(`${live().baseUrl}/api/system-vouchers/superclasses/2?lang=he`)
    ).json()) as {
      classes: Array<{ name: string; prices: Array<{ id: number; price: number }> }>
    }
    expect(he.classes[0]?.name).toBe("שובר זוגי")
    expect(he.classes[0]?.prices).toEqual([{ id: PAIR.priceId, name: "שובר זוגי", price: PAIR.price }])
    const corporate = (await (
      await fetch(`${live().baseUrl}/api/system-vouchers/superclasses/3`)
    ).json()) as {
      classes: Array<{ isSoldOnline: boolean }>
    }
    expect(corporate.classes[0]?.isSoldOnline).toBe(false)
    const missing = await fetch(`${live().baseUrl}/api/system-vouchers/superclasses/999`)
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: string }).error).toBe("noneForSale")
  })

  it("two open-price vouchers are issued once though the payment completes twice; one then pays for a ticket", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const amount = 12_000
    const { cart, order, form } = await buyAndPay(live(), [open(amount, 2)])
    expect(order).toMatchObject({ status: "awaitingPayment", total: 2 * amount, amountDue: 2 * amount })
    const [row] = await live().query<{ kind: string; presentation: number | null; headOffice: boolean }>(
      `SELECT r.order_kind AS kind, r.presentation_id AS presentation, l.is_head_office AS "headOffice"
       FROM reservations r JOIN locations l ON l.id = r.location_id WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(row).toEqual({ kind: "vouchers", presentation: null, headOffice: true })
    // the provider's answer arrives again, three times at once, and the reconciliation runs over it: nothing
    // more is issued
    const again = await Promise.all(
      Array.from({ length: 3 }, () => complete(live(), cart, order.reservationIdentifier, form.paymentId)),
    )
    for (const answer of again) expect(answer.body).toMatchObject({ status: "paid" })
    await reconcile(live())
    const issued = await issuedOf(live(), order.reservationIdentifier)
    expect(issued).toHaveLength(2)
    for (const voucher of issued) {
      expect(voucher).toMatchObject({ balance: amount, tickets: null, days: 1825, paid: amount })
      expect(voucher.reference).toMatch(/^MQ-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    }
    expect(new Set(issued.map((v) => v.reference)).size).toBe(2)

    const state = await orderState(live(), order.reservationIdentifier)
    const shown = (await (
      await fetch(
        `${live().baseUrl}/api/reservations/${order.reservationIdentifier}?key=${state?.documentKey}&lang=en`,
      )
    ).json()) as {
      orderKind: string
      items: Array<{ kind: string; quantity: number; total: number; issued: string[] }>
    }
    expect(shown.orderKind).toBe("vouchers")
    expect(shown.items).toEqual([
      expect.objectContaining({
        kind: "voucher",
        quantity: 2,
        total: 2 * amount,
        issued: issued.map((v) => v.reference),
      }),
    ])

    // one of them pays for a ticket, through the voucher payment buyers use
    const code = issued[0]?.reference as string
    const stage = await freshStage(live(), used)
    const ticketCart = await newCart(live().baseUrl)
    await holdSeats(live(), ticketCart, stage, [0])
    const lookup = await fetch(`${live().baseUrl}/api/payment/voucher?reference=${code.toLowerCase()}`, {
      headers: { "x-cart-token": ticketCart },
    })
    expect(lookup.status).toBe(200)
    const { payment } = (await lookup.json()) as {
      payment: { id: number; systemVoucherItemId: number; balance: number }
    }
    expect(payment).toMatchObject({ balance: amount, systemVoucherItemId: GIFT.classId })
    const price = stage.ticket.price + stage.ticket.serviceCharge
    const pays = Math.min(price, amount)
    const ticketOrder = await postCommit(
      live(),
      ticketCart,
      crypto.randomUUID(),
      commitCart(stage, [0], {
        voucherPayments: [
          { amount: pays as never, id: payment.id, systemVoucher: code, systemVoucherItemId: GIFT.classId },
        ],
      }),
    )
    expect(ticketOrder.status).toBe(200)
    expect((await ticketOrder.json()) as Committed).toMatchObject({ voucherAmount: pays })
    const after = await issuedOf(live(), order.reservationIdentifier)
    expect(after.map((v) => v.balance)).toEqual([amount - pays, amount])
  })

  it("a fixed-price ticket voucher is worth the class's tickets, valid for the class's days", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { order } = await buyAndPay(live(), [fixed(PAIR, 1)])
    expect(order.total).toBe(PAIR.price)
    expect(await issuedOf(live(), order.reservationIdentifier)).toEqual([
      expect.objectContaining({ balance: null, tickets: 2, days: 365, paid: PAIR.price }),
    ])
  })

  it("a signed-in buyer's vouchers are theirs: in their customer area, never another's", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const uuid = await signIn(live(), DEMO_MOBILE)
    const cart = await newCart(live().baseUrl)
    const response = await fetch(`${live().baseUrl}/api/payment/commit`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-cart-token": cart,
        "idempotency-key": crypto.randomUUID(),
        uuid,
      },
      body: JSON.stringify({
        cart: voucherCart([open(GIFT.min, 1)]),
        termsAccepted: true,
        additionalTerms: [],
      }),
    })
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect((await payByCard(live(), form)).status).toBe(303)
    const [issued] = await issuedOf(live(), order.reservationIdentifier)
    const [owner] = await live().query<{ mobile: string }>(
      `SELECT c.mobile FROM system_vouchers v JOIN customers c ON c.id = v.customer_id WHERE v.reference = $1`,
      [issued?.reference],
    )
    expect(owner?.mobile).toBe(DEMO_MOBILE)
    const area = await call(live(), uuid, "GET", "/api/customer-area/customerAreaData?lang=en")
    expect(JSON.stringify(area.body)).toContain(issued?.reference as string)
    // with a link to the voucher's own e-document page
    const listed = (area.body as { SystemVouchers: Array<{ reference: string; eDocumentUrl?: string }> })
      .SystemVouchers
    expect(listed.find((v) => v.reference === issued?.reference)?.eDocumentUrl).toMatch(
      /^\/edocument\/v[\w-]{32}$/,
    )
    // a guest's voucher belongs to nobody's area
    const guest = await buyAndPay(live(), [open(GIFT.min, 1)])
    const [unowned] = await live().query<{ customer: number | null }>(
      `SELECT v.customer_id AS customer FROM system_vouchers v JOIN reservations r ON r.id = v.purchase_reservation_id
       WHERE r.identifier = $1`,
      [guest.order.reservationIdentifier],
    )
    expect(unowned?.customer).toBeNull()
  })

  it("an unpaid order issues nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const cart = await newCart(live().baseUrl)
    const response = await postCommit(live(), cart, crypto.randomUUID(), voucherCart([open(GIFT.min, 1)]))
    const order = (await response.json()) as Committed
    expect(order.status).toBe("awaitingPayment")
    expect(await issuedOf(live(), order.reservationIdentifier)).toEqual([])
  })

  it("refuses every voucher the rules do not allow, and writes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const cart = await newCart(live().baseUrl)
    const gift = await live().query<{ id: number }>(
      `SELECT id::int AS id FROM system_vouchers WHERE reference = 'GIFT-100'`,
    )
    const cases: ReadonlyArray<[string, CommitCart]> = [
      ["tooManyVouchers", voucherCart([open(GIFT.min, 6), fixed(PAIR, 5)])],
      ["tooManyVouchers", voucherCart([open(GIFT.min, 11)])],
      ["voucherPriceInvalid", voucherCart([open(GIFT.min - 1, 1)])],
      ["voucherPriceInvalid", voucherCart([open(GIFT.max + 1, 1)])],
      ["voucherPriceInvalid", voucherCart([{ ...open(GIFT.min, 1), systemVoucherPriceId: PAIR.priceId }])],
      ["voucherPriceInvalid", voucherCart([{ ...fixed(PAIR, 1), systemVoucherPriceId: 211 }])],
      ["voucherPriceInvalid", voucherCart([{ ...fixed(PAIR, 1), systemVoucherPriceId: 0 }])],
      ["priceMismatch", voucherCart([{ ...fixed(PAIR, 1), price: 100 as never }])],
      ["notSoldOnline", voucherCart([fixed(STAFF, 1)])],
      ["notOnSale", voucherCart([{ ...fixed(PAIR, 1), systemVoucherId: 999 }])],
      ["emptyCart", voucherCart([open(GIFT.min, 0)])],
      ["serviceChargeMismatch", voucherCart([open(GIFT.min, 1)], { globalServiceCharge: 100 as never })],
      ["mixedCart", voucherCart([open(GIFT.min, 1)], { products: [{ id: 1, quantity: 1 }] })],
      [
        "voucherNotAccepted",
        voucherCart([open(GIFT.min, 1)], {
          voucherPayments: [
            {
              amount: GIFT.min as never,
              id: gift[0]?.id as number,
              systemVoucher: "GIFT-100",
              systemVoucherItemId: 10,
            },
          ],
        }),
      ],
      ["customerInfoInvalid", voucherCart([open(GIFT.min, 1)], { customerInfo: null })],
    ]
    for (const [code, body] of cases) {
      const response = await postCommit(live(), cart, crypto.randomUUID(), body)
      expect(response.status, code).toBe(422)
      expect(await codeOf(response), code).toBe(code)
    }
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(0)
  })

  it("ten vouchers in one order are allowed; one order per key, and ten issued however often the provider says so", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const cart = await newCart(live().baseUrl)
    const key = crypto.randomUUID()
    const order = await oneOrderPerKey(live(), cart, (body) =>
      postCommit(live(), cart, key, voucherCart([open(GIFT.min, 5), fixed(PAIR, body === "same" ? 5 : 4)])),
    )
    expect(order.total).toBe(5 * GIFT.min + 5 * PAIR.price)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    await paidOnceByEveryWord(live(), form, order.reservationIdentifier, () =>
      complete(live(), cart, order.reservationIdentifier, form.paymentId),
    )
    const issued = await issuedOf(live(), order.reservationIdentifier)
    expect(issued).toHaveLength(10)
    expect(new Set(issued.map((v) => v.reference)).size).toBe(10)
  })
})
