import { describe, expect, it } from "vitest"
import type { CommitCart } from "../../../src/domain/cart/commitCart.ts"
import { isVoucherDocumentKey } from "../../../src/domain/edocument/voucherDocument.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import {
  buyerCart,
  type Committed,
  openForm,
  orderState,
  payByCard,
  postCommit,
} from "../payment/_payment.ts"

/**
 * Each issued voucher's own e-document (issue 16; spec §2 `/edocument/{documentKey}`, "e-ticket or voucher
 * page"), on both databases: the paid order's confirmation links every code to its page, the page shows that
 * voucher's code, balance and validity as they are now, and a key opens its own voucher only.
 */
const databases = bothDatabases("voucherdocuments")

/** The seeded classes (src/server/db/seed/offers.ts): open-price gift card 50–500 ₪ (5 years), pair voucher (2 tickets, 1 year). */
const GIFT = { classId: 10 }
const PAIR = { classId: 20, priceId: 201, price: 8_900 }

type VoucherLine = CommitCart["vouchers"][number]
const lines: ReadonlyArray<VoucherLine> = [
  { systemVoucherId: GIFT.classId, systemVoucherPriceId: 0, price: 12_000, quantity: 2 } as VoucherLine,
  {
    systemVoucherId: PAIR.classId,
    systemVoucherPriceId: PAIR.priceId,
    price: PAIR.price,
    quantity: 1,
  } as VoucherLine,
]

interface Item {
  kind: string
  issued: Array<string>
  documents?: Array<string>
}

const commit = async (server: RunningServer) => {
  const cart = await newCart(server.baseUrl)
  const response = await postCommit(server, cart, crypto.randomUUID(), buyerCart({ vouchers: lines }))
  if (response.status !== 200) throw new Error(`commit: ${response.status} ${await response.text()}`)
  return { cart, order: (await response.json()) as Committed }
}

const voucherPage = (server: RunningServer, key: string, lang = "en") =>
  fetch(`${server.baseUrl}/api/edocuments/vouchers/${key}?lang=${lang}`)

const keyOf = (path: string) => path.replace(/^\/edocument\//, "")

describe.each(databases)("voucher e-documents on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("every issued voucher has its own page: code, balance and validity, as they are now", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, order } = await commit(live())
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect((await payByCard(live(), form)).status).toBe(303)
    const state = await orderState(live(), order.reservationIdentifier)
    const shown = (await (
      await fetch(`${live().baseUrl}/api/edocuments/${state?.documentKey}?lang=en`)
    ).json()) as { items: Array<Item> }
    const [gift, pair] = shown.items
    expect(gift?.issued).toHaveLength(2)
    expect(pair?.issued).toHaveLength(1)
    // one page per code, in the codes' order, each key a voucher's and each different from the order's
    for (const item of [gift, pair]) expect(item?.documents).toHaveLength(item?.issued.length ?? -1)
    const paths = [...(gift?.documents ?? []), ...(pair?.documents ?? [])]
    const keys = paths.map(keyOf)
    expect(paths.every((path) => path.startsWith("/edocument/"))).toBe(true)
    expect(keys.every(isVoucherDocumentKey)).toBe(true)
    expect(new Set([...keys, state?.documentKey]).size).toBe(4)

    const [today] = await live().query<{ today: string; lastGift: string; lastPair: string }>(
      `SELECT (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date::text AS today,
        ((marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + 1824)::text AS "lastGift",
        ((marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + 364)::text AS "lastPair"`,
    )
    const pages = await Promise.all(keys.map((key) => voucherPage(live(), key)))
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200])
    const [first, second, ticketVoucher] = (await Promise.all(pages.map((page) => page.json()))) as Array<
      Record<string, unknown>
    >
    expect(first).toEqual({
      reference: gift?.issued[0],
      benefitName: expect.any(String),
      kind: "money",
      balance: 12_000,
      quantity: 12_000,
      state: "active",
      StartDate: today?.today,
      EndDate: today?.lastGift,
      purchasedAt: expect.any(String),
    })
    expect(second).toMatchObject({ reference: gift?.issued[1], balance: 12_000, state: "active" })
    expect(ticketVoucher).toMatchObject({
      reference: pair?.issued[0],
      kind: "tickets",
      balance: 2,
      quantity: 2,
      EndDate: today?.lastPair,
    })
    // the class's name in the page's language
    const he = (await (await voucherPage(live(), keys[2] as string, "he")).json()) as { benefitName: string }
    expect(he.benefitName).toBe("שובר זוגי")

    // spent in part, then past its last day: the page follows the voucher, the other voucher's page does not move
    await live().query(`UPDATE system_vouchers SET balance_agorot = 4500 WHERE reference = $1`, [
      gift?.issued[0],
    ])
    expect(await (await voucherPage(live(), keys[0] as string)).json()).toMatchObject({
      balance: 4_500,
      quantity: 12_000,
      state: "partiallyRedeemed",
    })
    await live().query(
      `UPDATE system_vouchers SET starts_on = (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date - 10,
         ends_on = (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date - 1
       WHERE reference = $1`,
      [gift?.issued[0]],
    )
    expect(await (await voucherPage(live(), keys[0] as string)).json()).toMatchObject({ state: "expired" })
    expect(await (await voucherPage(live(), keys[1] as string)).json()).toMatchObject({
      balance: 12_000,
      state: "active",
    })

    // a key opens its own kind of page only: the voucher's is no order, the order's no voucher
    expect((await fetch(`${live().baseUrl}/api/edocuments/${keys[0]}`)).status).toBe(404)
    expect((await voucherPage(live(), state?.documentKey as string)).status).toBe(404)
  })

  it("an unknown voucher key, and an unpaid order's vouchers, have no page", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const unknown = await voucherPage(live(), `v${"A".repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: "reservationNotFound" })
    // committed, never paid: nothing issued, so no voucher and no key
    const { order } = await commit(live())
    const rows = await live().query<{ count: number }>(
      `SELECT count(*)::int AS count FROM system_vouchers v JOIN reservations r ON r.id = v.purchase_reservation_id
       WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(rows[0]?.count).toBe(0)
  })
})
