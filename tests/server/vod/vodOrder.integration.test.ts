import { describe, expect, it } from "vitest"
import { VOD_PLAYBACK_LIMIT, VOD_WINDOW_HOURS } from "../../../src/domain/vod/access.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { oneOrderPerKey, paidOnceByEveryWord } from "../payment/_guarantees.ts"
import { type Committed, codeOf, complete, openForm, orderState, payByCard } from "../payment/_payment.ts"
import { boughtVod, commitVod, play, signedInBuyer, vodCart, vodOffer } from "./_vod.ts"

/**
 * Buying video on demand (issue 16) through the one `POST /api/payment/commit` on both databases: an order of
 * kind `vod` for the signed-in customer, whose payment writes exactly one `vod_purchases` row for them.
 */
const databases = bothDatabases("vodorder")

describe.each(databases)("video-on-demand orders on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("a signed-in buyer pays and owns the title once: its window, limit and price", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const offer = await vodOffer(live())
    const buyer = await signedInBuyer(live())
    const cart = await newCart(live().baseUrl)
    const response = await commitVod(live(), cart, buyer.uuid, vodCart(offer))
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    expect(order).toMatchObject({ status: "awaitingPayment", total: offer.price, ticketIdentifiers: [] })
    const [row] = await live().query<{ kind: string; presentation: number | null; items: number }>(
      `SELECT order_kind AS kind, presentation_id AS presentation,
         (SELECT count(*)::int FROM order_items oi WHERE oi.reservation_id = r.id AND oi.kind = 'vod') AS items
       FROM reservations r WHERE identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(row).toEqual({ kind: "vod", presentation: null, items: 1 })
    // nothing is owned before the money is
    expect(await live().query(`SELECT 1 FROM vod_purchases WHERE customer_id = $1`, [buyer.id])).toHaveLength(
      0,
    )

    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect(form.paymentFormURL).toBeTruthy()
    expect((await payByCard(live(), form)).status).toBe(303)
    const state = await orderState(live(), order.reservationIdentifier)
    expect(state?.paymentStatus).toBe("paid")
    const purchases = await live().query<{
      fromMs: number
      untilMs: number
      limit: number
      count: number
      price: number
      fulfilled: boolean
    }>(
      `SELECT (extract(epoch FROM vp.available_from) * 1000)::float8 AS "fromMs",
         (extract(epoch FROM vp.available_until) * 1000)::float8 AS "untilMs", vp.playback_limit AS limit,
         vp.playback_count AS count, vp.price_agorot AS price,
         (SELECT oi.fulfilled_at IS NOT NULL FROM order_items oi WHERE oi.reservation_id = r.id) AS fulfilled
       FROM vod_purchases vp JOIN reservations r ON r.id = vp.reservation_id WHERE vp.customer_id = $1`,
      [buyer.id],
    )
    expect(purchases).toEqual([
      {
        fromMs: offer.startsAtMs,
        untilMs: offer.startsAtMs + VOD_WINDOW_HOURS * 3_600_000,
        limit: VOD_PLAYBACK_LIMIT,
        count: 0,
        price: offer.price,
        fulfilled: true,
      },
    ])
    // completing again (the return page after the webhook) fulfils nothing twice
    const again = await fetch(`${live().baseUrl}/api/payment/complete`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-cart-token": cart },
      body: JSON.stringify({ reservationIdentifier: order.reservationIdentifier, paymentId: form.paymentId }),
    })
    expect(again.status).toBe(200)
    expect(await live().query(`SELECT 1 FROM vod_purchases WHERE customer_id = $1`, [buyer.id])).toHaveLength(
      1,
    )
    // the confirmation names the title as the order's line
    const confirmation = await fetch(
      `${live().baseUrl}/api/reservations/${order.reservationIdentifier}?key=${state?.documentKey}&lang=en`,
    )
    const shown = (await confirmation.json()) as {
      orderKind: string
      items: ReadonlyArray<{ kind: string; name: string }>
    }
    expect(shown.orderKind).toBe("vod")
    expect(shown.items).toHaveLength(1)
    expect(shown.items[0]?.kind).toBe("vod")
    expect(shown.items[0]?.name).not.toBe("")
    // and the customer area lists it, not yet available (the presentation has not started)
    const area = await fetch(`${live().baseUrl}/api/customer-area/customerAreaData?lang=en`, {
      headers: { uuid: buyer.uuid },
    })
    const listed = ((await area.json()) as { VODTickets: ReadonlyArray<Record<string, unknown>> }).VODTickets
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({
      state: "future",
      playbackCount: 0,
      playbackBalance: VOD_PLAYBACK_LIMIT,
    })
  })

  it("a title bought after its premiere plays at once; one whose window is over is not sold", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const premiered = await vodOffer(
      live(),
      0,
      "p.starts_at <= marquee_now() AND p.starts_at > marquee_now() - interval '47 hours'",
    )
    const { buyer, purchaseId } = await boughtVod(live(), premiered)
    const started = await play(live(), buyer.uuid, purchaseId)
    expect(started.status).toBe(200)
    const over = await vodOffer(live(), 0, "p.starts_at < marquee_now() - interval '49 hours'")
    const cart = await newCart(live().baseUrl)
    const refused = await commitVod(live(), cart, buyer.uuid, vodCart(over))
    expect(refused.status).toBe(422)
    expect(await codeOf(refused)).toBe("notOnSale")
  })

  it("one order per key, and one purchase however often the provider says so", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const offer = await vodOffer(live())
    const buyer = await signedInBuyer(live())
    const cart = await newCart(live().baseUrl)
    const key = crypto.randomUUID()
    const order = await oneOrderPerKey(live(), cart, (body) =>
      commitVod(
        live(),
        cart,
        buyer.uuid,
        vodCart(offer, body === "same" ? {} : { numberOfPayments: 2 }),
        key,
      ),
    )
    const form = await openForm(live(), cart, order.reservationIdentifier)
    await paidOnceByEveryWord(live(), form, order.reservationIdentifier, () =>
      complete(live(), cart, order.reservationIdentifier, form.paymentId),
    )
    const owned = await live().query<{ count: number }>(
      `SELECT playback_count AS count FROM vod_purchases WHERE customer_id = $1`,
      [buyer.id],
    )
    expect(owned).toEqual([{ count: 0 }])
  })

  it("refuses a guest, a wrong price, a seated presentation and a mixed cart, writing nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const offer = await vodOffer(live())
    const buyer = await signedInBuyer(live())
    const cart = await newCart(live().baseUrl)
    const hall = (
      await live().query<{ id: number }>(
        `SELECT p.id FROM presentations p JOIN venues v ON v.id = p.venue_id
         WHERE v.venue_type_id < 101 AND p.is_on_sale AND p.starts_at > marquee_now() ORDER BY p.id LIMIT 1`,
      )
    )[0] as { id: number }
    const cases: ReadonlyArray<[string, string | null, ReturnType<typeof vodCart>]> = [
      ["signInRequired", null, vodCart(offer)],
      ["priceMismatch", buyer.uuid, vodCart({ ...offer, price: offer.price - 100 })],
      ["notOnSale", buyer.uuid, vodCart({ ...offer, presentationId: hall.id })],
      ["notOnSale", buyer.uuid, vodCart({ ...offer, presentationId: 999_999 })],
      ["unknownTicket", buyer.uuid, vodCart({ ...offer, ticketId: 999_999 })],
      ["serviceChargeMismatch", buyer.uuid, vodCart(offer, { globalServiceCharge: 100 as never })],
      ["mixedCart", buyer.uuid, vodCart(offer, { products: [{ id: 1, quantity: 1 }] })],
    ]
    for (const [code, uuid, body] of cases) {
      const response = await commitVod(live(), cart, uuid, body)
      expect(response.status, code).toBe(422)
      expect(await codeOf(response), code).toBe(code)
    }
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(0)
  })
})
