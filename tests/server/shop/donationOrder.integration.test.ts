import { describe, expect, it } from "vitest"
import type { CommitCart } from "../../../src/domain/cart/commitCart.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { oneOrderPerKey, paidOnceByEveryWord } from "../payment/_guarantees.ts"
import {
  buyerCart,
  type Committed,
  codeOf,
  complete,
  openForm,
  orderState,
  payByCard,
  postCommit,
} from "../payment/_payment.ts"

/**
 * Donations (issue 16) through the one `POST /api/payment/commit`, on both databases: the catalogue, fixed and
 * custom amounts, quantity, the donation form's required SSN with its check digit, and every refusal.
 */
const databases = bothDatabases("donationorder")

/** Seeded (src/server/db/seed/offers.ts): donation 1 with fixed details 11 (18 ₪) … and custom 14 (from 10 ₪). */
const FIXED = { donationId: 1, donationDetailId: 11, amount: 1_800 }
const CUSTOM = { donationId: 1, donationDetailId: 14, min: 1_000 }
/** a valid Israeli ID (check digit) and one with the last digit wrong */
const SSN = "000000018"
const BAD_SSN = "000000019"

type DonationLine = CommitCart["donations"][number]
const line = (
  detail: { donationId: number; donationDetailId: number },
  quantity: number,
  customAmount: number | null = null,
): DonationLine =>
  ({
    donationId: detail.donationId,
    donationDetailId: detail.donationDetailId,
    quantity,
    customAmount,
  }) as DonationLine

const donationCart = (
  lines: ReadonlyArray<DonationLine>,
  ssn: string | null = SSN,
  extra: Partial<CommitCart> = {},
) => {
  const body = buyerCart({ donations: lines, ...extra })
  return { ...body, customerInfo: body.customerInfo === null ? null : { ...body.customerInfo, SSN: ssn } }
}

describe.each(databases)("donations on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("the catalogue lists donations with fixed and custom details", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const response = await fetch(`${live().baseUrl}/api/donations?lang=en`)
    expect(response.status).toBe(200)
    const { donations } = (await response.json()) as {
      donations: Array<{ id: number; name: string; details: Array<Record<string, unknown>> }>
    }
    expect(donations[0]?.name).toBe("Cinema for every child")
    expect(donations[0]?.details).toContainEqual({
      id: 11,
      amount: 1_800,
      allowsCustomAmount: false,
      minCustom: null,
    })
    expect(donations[0]?.details).toContainEqual({
      id: 14,
      amount: null,
      allowsCustomAmount: true,
      minCustom: 1_000,
    })
  })

  it("a donation with nothing to give is not for sale: left out of the catalogue, its lines refused", async (ctx) => {
    if (!isUp()) return ctx.skip()
    await live().query(
      `INSERT INTO donations (id, code, name) VALUES (99, 'NOTHING-TO-GIVE', '{"en": "Nothing to give"}'::jsonb)`,
    )
    const { donations } = (await (await fetch(`${live().baseUrl}/api/donations?lang=en`)).json()) as {
      donations: Array<{ id: number }>
    }
    expect(donations.map((d) => d.id)).not.toContain(99)
    expect(donations.length).toBeGreaterThan(0)
    const cart = await newCart(live().baseUrl)
    const refused = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      donationCart([line({ donationId: 99, donationDetailId: FIXED.donationDetailId }, 1)]),
    )
    expect(await codeOf(refused)).toBe("notOnSale")
  })

  it("a custom and a fixed donation are one order, paid by card and confirmed with their lines", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const cart = await newCart(live().baseUrl)
    const body = donationCart([line(CUSTOM, 1, 2_550), line(FIXED, 2)])
    const response = await postCommit(live(), cart, crypto.randomUUID(), body)
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    const total = 2_550 + 2 * FIXED.amount
    expect(order).toMatchObject({ status: "awaitingPayment", total, amountDue: total })
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect((await payByCard(live(), form)).status).toBe(303)
    const state = await orderState(live(), order.reservationIdentifier)
    expect(state?.paymentStatus).toBe("paid")
    const fulfilled = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_items oi JOIN reservations r ON r.id = oi.reservation_id
       WHERE r.identifier = $1 AND oi.fulfilled_at IS NOT NULL`,
      [order.reservationIdentifier],
    )
    expect(fulfilled[0]?.n).toBe(2)
    const shown = (await (
      await fetch(
        `${live().baseUrl}/api/reservations/${order.reservationIdentifier}?key=${state?.documentKey}&lang=en`,
      )
    ).json()) as {
      orderKind: string
      items: Array<{ kind: string; name: string; quantity: number; total: number }>
    }
    expect(shown.orderKind).toBe("donations")
    expect(shown.items).toEqual([
      expect.objectContaining({
        kind: "donation",
        name: "Cinema for every child",
        quantity: 1,
        total: 2_550,
      }),
      expect.objectContaining({ kind: "donation", quantity: 2, total: 2 * FIXED.amount }),
    ])
  })

  it("the SSN is required and must pass the check digit; nothing is written", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const cart = await newCart(live().baseUrl)
    for (const ssn of [null, BAD_SSN, "12ab"]) {
      const response = await postCommit(
        live(),
        cart,
        crypto.randomUUID(),
        donationCart([line(FIXED, 1)], ssn),
      )
      expect(response.status, String(ssn)).toBe(400)
      expect(await codeOf(response), String(ssn)).toBe("customerInfoInvalid")
    }
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(0)
  })

  it("refuses amounts, details and quantities the rules do not allow, and writes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const cart = await newCart(live().baseUrl)
    const cases: ReadonlyArray<[string, CommitCart]> = [
      ["donationAmountInvalid", donationCart([line(CUSTOM, 1, CUSTOM.min - 1)])],
      ["donationAmountInvalid", donationCart([line(CUSTOM, 1, null)])],
      ["donationAmountInvalid", donationCart([line(CUSTOM, 1, 5_000_001)])],
      ["donationAmountInvalid", donationCart([line(FIXED, 1, 5_000)])],
      ["donationAmountInvalid", donationCart([line(FIXED, 11)])],
      ["notOnSale", donationCart([line({ donationId: 2, donationDetailId: 11 }, 1)])],
      ["notOnSale", donationCart([line({ donationId: 1, donationDetailId: 999 }, 1)])],
      ["emptyCart", donationCart([line(FIXED, 0)])],
      ["serviceChargeMismatch", donationCart([line(FIXED, 1)], SSN, { globalServiceCharge: 50 as never })],
      [
        "mixedCart",
        donationCart([line(FIXED, 1)], SSN, {
          vouchers: [{ systemVoucherId: 10, systemVoucherPriceId: 0, price: 5_000 as never, quantity: 1 }],
        }),
      ],
      [
        "voucherNotAccepted",
        donationCart([line(FIXED, 1)], SSN, {
          voucherPayments: [
            { amount: 1_800 as never, id: 1, systemVoucher: "GIFT-100", systemVoucherItemId: 10 },
          ],
        }),
      ],
    ]
    for (const [code, body] of cases) {
      const response = await postCommit(live(), cart, crypto.randomUUID(), body)
      expect(response.status, code).toBe(422)
      expect(await codeOf(response), code).toBe(code)
    }
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(0)
  })

  it("keeps a ticket order's commit guarantees: one order per key, paid and fulfilled once however often the provider says so", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const cart = await newCart(live().baseUrl)
    const key = crypto.randomUUID()
    const order = await oneOrderPerKey(live(), cart, (body) =>
      postCommit(live(), cart, key, donationCart([line(CUSTOM, 1, body === "same" ? 4_000 : 4_100)])),
    )
    expect(order).toMatchObject({ status: "awaitingPayment", total: 4_000 })
    const form = await openForm(live(), cart, order.reservationIdentifier)
    await paidOnceByEveryWord(live(), form, order.reservationIdentifier, () =>
      complete(live(), cart, order.reservationIdentifier, form.paymentId),
    )
  })
})
