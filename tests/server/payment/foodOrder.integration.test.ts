import { describe, expect, it } from "vitest"
import type { CommitCart } from "../../../src/domain/cart/commitCart.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { paidOnceByEveryWord } from "./_guarantees.ts"
import {
  buyerCart,
  type Committed,
  codeOf,
  complete,
  openForm,
  orderState,
  payByCard,
  postCommit,
} from "./_payment.ts"

/**
 * Food alone (issue 16) through the one `POST /api/payment/commit` on both databases: the order kinds other
 * than tickets share its idempotency, checks and payment flow (src/server/payment/itemOrders/).
 */
const databases = bothDatabases("foodorder")

/** A cinema that sells online, and two products on sale with their prices. */
const foodStage = async (server: RunningServer) => {
  const cinema = (
    await server.query<{ id: number }>(
      `SELECT l.id FROM locations l JOIN points_of_sale pos ON pos.location_id = l.id AND pos.channel = 'web'
       WHERE l.is_online AND NOT l.is_head_office ORDER BY l.id LIMIT 1`,
    )
  )[0] as { id: number }
  const products = await server.query<{ id: number; price: number }>(
    `SELECT id, price_agorot AS price FROM products WHERE is_active ORDER BY id LIMIT 2`,
  )
  const [first, second] = products as [{ id: number; price: number }, { id: number; price: number }]
  const headOffice = (
    await server.query<{ id: number }>(`SELECT id FROM locations WHERE is_head_office ORDER BY id LIMIT 1`)
  )[0] as { id: number }
  return { cinemaId: cinema.id, headOfficeId: headOffice.id, first, second }
}

const foodCart = (
  locationId: number | null,
  lines: CommitCart["products"],
  extra: Partial<CommitCart> = {},
) => buyerCart({ locationId, products: lines, ...extra })

describe.each(databases)("food alone on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("is an order of its own kind at the cinema, paid by card, confirmed without a showing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cinemaId, first, second } = await foodStage(live())
    const cart = await newCart(live().baseUrl)
    const body = foodCart(cinemaId, [
      { id: first.id, quantity: 2 },
      { id: second.id, quantity: 1 },
    ])
    const response = await postCommit(live(), cart, crypto.randomUUID(), body)
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    const total = 2 * first.price + second.price
    expect(order).toMatchObject({ status: "awaitingPayment", total, amountDue: total, ticketIdentifiers: [] })
    const [row] = await live().query<{ kind: string; location: number; presentation: number | null }>(
      `SELECT order_kind AS kind, location_id AS location, presentation_id AS presentation FROM reservations
       WHERE identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(row).toEqual({ kind: "products", location: cinemaId, presentation: null })

    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect(form.amount).toBe(total)
    expect((await payByCard(live(), form)).status).toBe(303)
    const state = await orderState(live(), order.reservationIdentifier)
    expect(state?.paymentStatus).toBe("paid")
    const confirmation = await fetch(
      `${live().baseUrl}/api/reservations/${order.reservationIdentifier}?key=${state?.documentKey}&lang=en`,
    )
    expect(confirmation.status).toBe(200)
    const shown = (await confirmation.json()) as Record<string, unknown>
    expect(shown).toMatchObject({ orderKind: "products", presentation: null, tickets: [], items: [], total })
    expect(shown.products).toHaveLength(2)
    expect(typeof shown.locationName).toBe("string")
    expect(shown.locationName).not.toBe("")
  })

  it("a retried key answers the same order; ten racing retries make one, paid once", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cinemaId, first } = await foodStage(live())
    const cart = await newCart(live().baseUrl)
    const key = crypto.randomUUID()
    const body = foodCart(cinemaId, [{ id: first.id, quantity: 1 }])
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postCommit(live(), cart, key, body).then((r) => r.json())),
    )
    const identifiers = new Set(answers.map((a) => (a as Committed).reservationIdentifier))
    expect(identifiers.size).toBe(1)
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(1)
    // the same key with other food is another cart's business: refused
    const other = foodCart(cinemaId, [{ id: first.id, quantity: 3 }])
    expect(await codeOf(await postCommit(live(), cart, key, other))).toBe("idempotencyKeyReused")
    // the provider's word by webhooks and return pages at once: paid once, one message per channel
    const identifier = (answers[0] as Committed).reservationIdentifier
    const form = await openForm(live(), cart, identifier)
    await paidOnceByEveryWord(live(), form, identifier, () =>
      complete(live(), cart, identifier, form.paymentId),
    )
  })

  it("refuses what it cannot sell and writes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cinemaId, headOfficeId, first } = await foodStage(live())
    const cart = await newCart(live().baseUrl)
    const line = [{ id: first.id, quantity: 1 }]
    const cases: ReadonlyArray<[string, CommitCart]> = [
      ["notOnSale", foodCart(null, line)],
      ["notOnSale", foodCart(headOfficeId, line)],
      ["notOnSale", foodCart(999_999, line)],
      ["unknownProduct", foodCart(cinemaId, [{ id: 999_999, quantity: 1 }])],
      ["unknownProduct", foodCart(cinemaId, [{ id: first.id, quantity: 51 }])],
      ["serviceChargeMismatch", foodCart(cinemaId, line, { globalServiceCharge: 100 as never })],
      ["emptyCart", foodCart(cinemaId, [])],
      [
        "mixedCart",
        foodCart(cinemaId, line, {
          donations: [{ donationId: 1, donationDetailId: 1, quantity: 1, customAmount: null }],
        }),
      ],
      ["customerInfoInvalid", foodCart(cinemaId, line, { customerInfo: null })],
    ]
    for (const [code, body] of cases) {
      const response = await postCommit(live(), cart, crypto.randomUUID(), body)
      expect(response.status, code).toBe(422)
      expect(await codeOf(response), code).toBe(code)
    }
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(0)
  })

  it("a money voucher that covers the food pays it at commit, and its balance goes down once", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cinemaId, first } = await foodStage(live())
    const reference = `MV-${crypto.randomUUID().slice(0, 8).toUpperCase()}`
    const [voucher] = await live().query<{ id: number }>(
      `INSERT INTO system_vouchers (reference, system_voucher_class_id, balance_agorot, starts_on, ends_on, created_at)
       SELECT $1, c.id, $2, (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date - 1,
         (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + 30, marquee_now()
       FROM system_voucher_classes c WHERE c.ticket_quantity IS NULL ORDER BY c.id LIMIT 1
       RETURNING id::float8 AS id`,
      [reference, first.price * 5],
    )
    const classId = (
      await live().query<{ classId: number }>(
        `SELECT system_voucher_class_id AS "classId" FROM system_vouchers WHERE reference = $1`,
        [reference],
      )
    )[0]?.classId as number
    const cart = await newCart(live().baseUrl)
    const body = foodCart(cinemaId, [{ id: first.id, quantity: 2 }], {
      voucherPayments: [
        {
          amount: (2 * first.price) as never,
          id: voucher?.id as number,
          systemVoucher: reference,
          systemVoucherItemId: classId,
        },
      ],
    })
    const response = await postCommit(live(), cart, crypto.randomUUID(), body)
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    expect(order).toMatchObject({ status: "paid", amountDue: 0, voucherAmount: 2 * first.price })
    expect(order.documentKey).not.toBeNull()
    const [left] = await live().query<{ balance: number }>(
      `SELECT balance_agorot AS balance FROM system_vouchers WHERE reference = $1`,
      [reference],
    )
    expect(left?.balance).toBe(3 * first.price)
  })
})
