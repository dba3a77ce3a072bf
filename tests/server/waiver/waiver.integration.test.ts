import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { call, DEMO_MOBILE, secondMobile, signIn } from "../customerArea/_area.ts"
import { codeOf, commitCart, freshStage, holdSeats, type Stage, seatLine } from "../payment/_payment.ts"

/**
 * Issue 19, the child waiver: a showing that asks for one is committed only with a signed waiver whose children
 * suit the child tickets' ages (src/domain/waiver/waiver.ts); it is stored with the reservation, and only the
 * reservation's customer reads it back in the customer area.
 */
const databases = bothDatabases("waiver")

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

/** A waiver showing with a child ticket on the stage's seats; the dates of birth are counted from its day. */
const waiverStage = async (server: RunningServer, used: Array<number>) => {
  const stage = await freshStage(server, used)
  await server.query(`UPDATE presentations SET requires_waiver = true WHERE id = $1`, [stage.presentationId])
  const rows = await server.query<{
    id: number
    groupId: number
    price: number
    serviceCharge: number
    year: number
  }>(
    `SELECT t.id, t.ticket_group_id AS "groupId", t.price_agorot AS price, t.service_charge_agorot AS "serviceCharge",
       extract(year FROM p.starts_at AT TIME ZONE 'Asia/Jerusalem')::int AS year
     FROM presentations p JOIN presentation_ticket_groups_effective e ON e.presentation_id = p.id
     JOIN tickets t ON t.ticket_group_id = e.ticket_group_id
     WHERE p.id = $1 AND (e.section_id IS NULL OR e.section_id = $2) AND t.is_active AND t.price_policy_id = 2
       AND t.min_per_order = 0 AND t.multiply_factor = 1 ORDER BY t.id LIMIT 1`,
    [stage.presentationId, stage.sectionId],
  )
  const child = rows[0]
  if (child === undefined) throw new Error("no child ticket")
  const childLine = (i: number) =>
    seatLine(stage, i, {
      ticketId: child.id,
      ticketGroupId: child.groupId,
      amount: child.price as never,
      serviceCharge: child.serviceCharge as never,
      pricePolicyId: 2,
    })
  // born on 1 January: the age on the showing's day is the difference of the years
  const bornYearsBefore = (years: number) => `${child.year - years}-01-01`
  return { stage, childLine, bornYearsBefore }
}

const commit = (server: RunningServer, cart: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/api/payment/commit`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-cart-token": cart,
      "idempotency-key": crypto.randomUUID(),
      ...headers,
    },
    body: JSON.stringify({ termsAccepted: true, additionalTerms: ["SUMMER_PROMO"], ...body }),
  })

describe.each(databases)("child waiver on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []
  const waiversOf = (cart: string) =>
    live().query<{ signer: string }>(
      `SELECT w.signer_name AS signer FROM reservation_waivers w JOIN reservations r ON r.id = w.reservation_id
       WHERE r.cart_token = $1`,
      [cart],
    )
  const ordersOf = (cart: string) => live().query(`SELECT id FROM reservations WHERE cart_token = $1`, [cart])

  const prepared = async () => {
    const w = await waiverStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, w.stage as Stage, [0, 1])
    const seats = [w.childLine(0), w.childLine(1)]
    const body = commitCart(w.stage, [0, 1], { seats })
    return { ...w, cart, body }
  }

  it("refuses a missing or invalid waiver and a child too young or too old, writing nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, body, bornYearsBefore } = await prepared()
    const kids = (a: number, b: number) => [
      { name: "Maya", dateOfBirth: bornYearsBefore(a) },
      { name: "Ido", dateOfBirth: bornYearsBefore(b) },
    ]
    const waiver = { signerName: "Dana Levi", children: kids(6, 8), signaturePng: PNG_1X1 }
    const gif = Buffer.from("GIF89a".padEnd(80, "x")).toString("base64")
    const cases = [
      ["waiverRequired", {}],
      ["waiverRequired", { waiver: null }],
      ["waiverSignature", { waiver: { ...waiver, signaturePng: gif } }],
      ["waiverSignature", { waiver: { ...waiver, signaturePng: "not base64!" } }],
      ["waiverSigner", { waiver: { ...waiver, signerName: "  " } }],
      ["waiverChildTooYoung", { waiver: { ...waiver, children: kids(6, 2) } }],
      ["waiverChildTooOld", { waiver: { ...waiver, children: kids(13, 8) } }],
      ["waiverChildCount", { waiver: { ...waiver, children: kids(6, 8).slice(0, 1) } }],
    ] as const
    for (const [code, extra] of cases) {
      const response = await commit(live(), cart, { cart: body, ...extra })
      expect(response.status, code).toBe(400)
      expect(await codeOf(response), code).toBe(code)
    }
    // a signature over the size limit is refused by the contract before the commit reads it
    const huge = await commit(live(), cart, {
      cart: body,
      waiver: { ...waiver, signaturePng: "A".repeat(300_000) },
    })
    expect(huge.status).toBe(400)
    expect(await ordersOf(cart)).toEqual([])
    expect(await waiversOf(cart)).toEqual([])
  })

  it("stores a valid waiver with the reservation, readable by its customer alone", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, body, bornYearsBefore } = await prepared()
    const owner = await signIn(live(), DEMO_MOBILE)
    const children = [
      { name: " Maya ", dateOfBirth: bornYearsBefore(3) },
      { name: "Ido", dateOfBirth: bornYearsBefore(12) },
    ]
    const response = await commit(
      live(),
      cart,
      { cart: body, waiver: { signerName: "Dana Levi", children, signaturePng: PNG_1X1 } },
      { uuid: owner },
    )
    expect(response.status).toBe(200)
    const { reservationIdentifier } = (await response.json()) as { reservationIdentifier: string }
    const stored = await live().query<{ signer: string; children: unknown; png: string; signedNow: boolean }>(
      `SELECT w.signer_name AS signer, w.children, translate(encode(w.signature_png, 'base64'), E'\\n', '') AS png,
         abs(extract(epoch FROM w.signed_at - r.purchased_at)) < 5 AS "signedNow"
       FROM reservation_waivers w JOIN reservations r ON r.id = w.reservation_id WHERE r.identifier = $1`,
      [reservationIdentifier],
    )
    expect(stored).toEqual([
      {
        signer: "Dana Levi",
        children: [{ name: "Maya", dateOfBirth: bornYearsBefore(3) }, children[1]],
        png: PNG_1X1,
        // signed at the server's clock, with the order
        signedNow: true,
      },
    ])

    const path = `/api/customer-area/reservations/${reservationIdentifier}/waiver`
    const own = await call(live(), owner, "GET", path)
    expect(own.status).toBe(200)
    expect(own.cacheControl).toBe("no-store")
    expect(own.body).toMatchObject({ reservationIdentifier, signerName: "Dana Levi", signaturePng: PNG_1X1 })
    expect(own.body.signedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)

    const other = await signIn(live(), await secondMobile(live()))
    const theirs = await call(live(), other, "GET", path)
    expect(theirs.status).toBe(404)
    expect(JSON.stringify(theirs.body)).not.toContain("Dana")
    expect((await call(live(), null, "GET", path)).status).toBe(401)
  })

  it("the demo seed asks for it on the kids' film's Saturday-morning showings only", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const [marked] = await live().query<{ n: number; kids: number; saturdayMornings: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE f.category_id = 6)::int AS kids,
         count(*) FILTER (WHERE extract(isodow FROM p.starts_at AT TIME ZONE 'Asia/Jerusalem') = 6
           AND (p.starts_at AT TIME ZONE 'Asia/Jerusalem')::time < '13:00')::int AS "saturdayMornings"
       FROM presentations p JOIN features f ON f.id = p.feature_id
       WHERE p.requires_waiver AND p.id < 800000 AND NOT (p.id = ANY ($1::integer[]))`,
      // the stages this file's other tests marked are not the seed's
      [`{${used.join(",")}}`],
    )
    expect(marked?.n).toBeGreaterThan(0)
    expect(marked).toEqual({ n: marked?.n, kids: marked?.n, saturdayMornings: marked?.n })
  })

  it("asks nothing of a showing without a waiver and stores none", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const waiver = { signerName: "Dana", children: [], signaturePng: PNG_1X1 }
    const response = await commit(live(), cart, { cart: commitCart(stage, [0]), waiver })
    expect(response.status).toBe(200)
    expect(await waiversOf(cart)).toEqual([])
  })
})
