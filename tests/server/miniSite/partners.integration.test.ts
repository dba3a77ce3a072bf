import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { buyerCart, freshStage, holdSeats, openForm, payByCard, seatLine } from "../payment/_payment.ts"
import {
  clubStage,
  commit,
  get,
  getFrom,
  integrationLink,
  partnerShowing,
  STUDENTS,
  STUDENTS_TICKET,
  TECHPLUS,
  TECHPLUS_TICKET,
} from "./_partners.ts"

/**
 * Issue 19 through real HTTP on both databases: partner mini-sites (their showings, prices and references, the
 * reference check's limit), integration links, the order's referral as the server checked it, and a cinema
 * offline for sales.
 */
const databases = bothDatabases("partners")

/** A partner showing with a free row, its seats held by a new cart, and a commit cart of TechPlus club tickets. */
const partnerOrder = async (server: RunningServer, used: Array<number>, reference = "TP-1001") => {
  const stage = clubStage(await freshStage(server, used, { offeredBy: TECHPLUS.id }))
  const cart = await newCart(server.baseUrl)
  await holdSeats(server, cart, stage, [0, 1])
  const body = buyerCart({
    locationId: stage.locationId,
    seats: [0, 1].map((i) => seatLine(stage, i, { ref1: reference })),
  })
  return { stage, cart, body }
}

const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code

describe.each(databases)("partners on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("a mini-site lists only its partner's showings and prices; an unknown one is not found", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const site = await get(live(), `/api/mini-site/${TECHPLUS.url}?lang=en`)
    expect(site.status).toBe(200)
    const miniSite = site.body.miniSite as {
      id: number
      URL: string
      name: string
      prices: ReadonlyArray<{ ticketId: number; price: number }>
      PresentationList: { presentations: ReadonlyArray<{ id: number; locationId: number }> }
    }
    expect(miniSite).toMatchObject({ id: TECHPLUS.id, URL: TECHPLUS.url, name: "TechPlus Employees' Club" })
    expect(miniSite.prices.map((p) => [p.ticketId, p.price])).toEqual([
      [2101, 3300],
      [2102, 2900],
    ])
    const listed = miniSite.PresentationList.presentations
    expect(listed.length).toBeGreaterThan(0)
    expect(new Set(listed.map((p) => p.locationId))).toEqual(new Set([TECHPLUS.locationId]))
    const offered = await live().query<{ id: number }>(
      `SELECT presentation_id AS id FROM mini_site_presentations WHERE mini_site_id = $1`,
      [TECHPLUS.id],
    )
    const ids = new Set(offered.map((r) => r.id))
    expect(listed.every((p) => ids.has(p.id))).toBe(true)
    const unknown = await get(live(), "/api/mini-site/no-such-partner")
    expect(unknown).toMatchObject({ status: 404, body: { error: "miniSiteNotFound" } })
    // the presentation list's own miniSiteUrl filter agrees
    const list = await get(live(), `/api/presentations/?miniSiteUrl=${TECHPLUS.url}`)
    const fromList = (list.body.presentations as ReadonlyArray<{ id: number }>).map((p) => p.id)
    expect(fromList.every((id) => ids.has(id))).toBe(true)
  })

  it("the presentation, ticket-group and ticket calls sell a partner's buyer the partner's prices alone", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const id = await partnerShowing(live(), TECHPLUS.id)
    const groupsOf = (body: Record<string, unknown>) =>
      (body.ticketGroups as ReadonlyArray<{ id: number }>).map((g) => g.id)
    const partner = await get(live(), `/api/presentations/${id}?miniSiteUrl=${TECHPLUS.url}`)
    expect(partner.status).toBe(200)
    expect(groupsOf(partner.body)).toEqual([TECHPLUS.ticketGroupId])
    const plain = await get(live(), `/api/presentations/${id}`)
    expect(groupsOf(plain.body)).not.toContain(TECHPLUS.ticketGroupId)
    const groups = await get(live(), `/api/presentations/${id}/ticketGroups?miniSiteUrl=${TECHPLUS.url}`)
    expect(groupsOf(groups.body)).toEqual([TECHPLUS.ticketGroupId])
    // every partner price asks for a reference, so none is picked on its own; asked for by id, it is the partner's
    const auto = await get(live(), `/api/presentations/${id}/ticket?miniSiteUrl=${TECHPLUS.url}`)
    expect(auto.body).toMatchObject({ ticket: null, msg: "ticketNotFound" })
    const first = await get(
      live(),
      `/api/presentations/${id}/ticket?ticketId=${TECHPLUS_TICKET}&miniSiteUrl=${TECHPLUS.url}`,
    )
    expect(first.body).toMatchObject({
      ticketGroupId: TECHPLUS.ticketGroupId,
      ticket: { id: TECHPLUS_TICKET },
    })
    const plainFirst = await get(live(), `/api/presentations/${id}/ticket?ticketId=${TECHPLUS_TICKET}`)
    expect(plainFirst.body).toMatchObject({ ticket: null })
    // another partner does not offer it, and an unknown partner offers nothing: the showing is not found
    for (const url of [STUDENTS.url, "no-such-partner"]) {
      for (const path of [`/api/presentations/${id}`, `/api/presentations/${id}/ticketGroups`]) {
        const refused = await get(live(), `${path}?miniSiteUrl=${url}`)
        expect(refused).toMatchObject({ status: 404, body: { error: "noEventFound" } })
      }
      const statuses = await get(live(), `/api/seats/seats-statusV2?presentationId=${id}&miniSiteUrl=${url}`)
      expect(statuses.status).toBe(404)
    }
    const statuses = await get(
      live(),
      `/api/seats/seats-statusV2?presentationId=${id}&miniSiteUrl=${TECHPLUS.url}`,
    )
    expect(statuses.status).toBe(200)
  })

  it("a reference check answers the balance and nothing personal; another partner's reference gets nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const ok = await get(
      live(),
      `/api/mini-site/validate/${TECHPLUS.url}?ticketId=${TECHPLUS_TICKET}&reference1=tp-1001&reference2=Room%2012`,
    )
    expect(ok).toMatchObject({ status: 200 })
    expect(ok.body).toEqual({
      TicketId: TECHPLUS_TICKET,
      Balance: 6,
      references: { reference1: "TP-1001", reference2: "Room 12" },
    })
    const any = await get(live(), `/api/mini-site/validate/${TECHPLUS.url}?reference1=TP-1002&mode=any`)
    expect(any.body).toMatchObject({ TicketId: TECHPLUS_TICKET, Balance: 0 })
    const refusals = [
      // the student union asks about TechPlus's reference, by its ticket and by any of its own
      `/api/mini-site/validate/${STUDENTS.url}?ticketId=${TECHPLUS_TICKET}&reference1=TP-1001`,
      `/api/mini-site/validate/${STUDENTS.url}?reference1=TP-1001&mode=any`,
      // and TechPlus about the student union's
      `/api/mini-site/validate/${TECHPLUS.url}?ticketId=${STUDENTS_TICKET}&reference1=SU-2001`,
      `/api/mini-site/validate/${TECHPLUS.url}?reference1=SU-2001&mode=any`,
      `/api/mini-site/validate/${TECHPLUS.url}?ticketId=${TECHPLUS_TICKET}&reference1=NOPE`,
      // a hotel reference of the chain's own tickets is not a partner's
      `/api/mini-site/validate/${TECHPLUS.url}?reference1=DAN-TLV&mode=any`,
    ]
    for (const path of refusals)
      expect(await get(live(), path)).toMatchObject({ status: 404, body: { error: "refPromptOptNotFound" } })
    const unknown = await get(live(), "/api/mini-site/validate/no-such-partner?reference1=TP-1001&mode=any")
    expect(unknown).toMatchObject({ status: 404, body: { error: "miniSiteNotFound" } })
  })

  it("reference checks are limited per partner and client, with Retry-After; other clients go on", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const path = `/api/mini-site/validate/${STUDENTS.url}?reference1=SU-9999&mode=any`
    const statuses: Array<number> = []
    for (let i = 0; i < 10; i++) statuses.push((await getFrom(live(), path, "127.0.0.41")).status)
    expect(statuses).toEqual(Array(10).fill(404))
    const limited = await getFrom(live(), path, "127.0.0.41")
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ error: "referenceCheckLimited" })
    const retryAfter = Number(limited.retryAfter)
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(limited.body.retryAfter).toBe(retryAfter)
    // a right reference is refused too once the limit is reached: the limit is not an oracle
    const right = await getFrom(
      live(),
      `/api/mini-site/validate/${STUDENTS.url}?reference1=SU-2001&mode=any`,
      "127.0.0.41",
    )
    expect(right.status).toBe(429)
    // the same client at another partner, and another client at this partner, are not held back
    expect(
      (
        await getFrom(
          live(),
          `/api/mini-site/validate/${TECHPLUS.url}?reference1=TP-1001&mode=any`,
          "127.0.0.41",
        )
      ).status,
    ).toBe(200)
    expect(
      (
        await getFrom(
          live(),
          `/api/mini-site/validate/${STUDENTS.url}?reference1=SU-2001&mode=any`,
          "127.0.0.42",
        )
      ).status,
    ).toBe(200)
  })

  it("a partner's order records the partner it came through; the cart's own claim is checked, not taken", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, body } = await partnerOrder(live(), used)
    // the partner's prices without the partner, another partner, and a claim that names another partner
    for (const extra of [{}, { miniSiteUrl: STUDENTS.url }, { miniSiteUrl: "no-such-partner" }]) {
      const refused = await commit(live(), cart, body, extra)
      expect(refused.status).toBe(422)
      expect(await codeOf(refused)).toBe("miniSiteInvalid")
    }
    const claimed = await commit(
      live(),
      cart,
      { ...body, referralMiniSiteId: STUDENTS.id },
      { miniSiteUrl: TECHPLUS.url },
    )
    expect(await codeOf(claimed)).toBe("miniSiteInvalid")
    const placed = await commit(
      live(),
      cart,
      { ...body, referralMiniSiteId: TECHPLUS.id },
      { miniSiteUrl: TECHPLUS.url },
    )
    expect(placed.status).toBe(200)
    const order = (await placed.json()) as { reservationIdentifier: string; total: number }
    expect(order.total).toBe(2 * 3300)
    const form = await openForm(live(), cart, order.reservationIdentifier)
    expect((await payByCard(live(), form)).status).toBe(303)
    const rows = await live().query<{ key: string; referral: number }>(
      `SELECT document_key AS key, referral_mini_site_id AS referral FROM reservations WHERE identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(rows[0]?.referral).toBe(TECHPLUS.id)
    // read back from the API, as the buyer's confirmation is
    const confirmation = await get(live(), `/api/edocuments/${rows[0]?.key}`)
    expect(confirmation.body).toMatchObject({ referralMiniSiteId: TECHPLUS.id })
    // the reference's uses were counted
    const left = await get(
      live(),
      `/api/mini-site/validate/${TECHPLUS.url}?ticketId=${TECHPLUS_TICKET}&reference1=TP-1001`,
    )
    expect(left.body).toMatchObject({ Balance: 4 })
  })

  it("a partner's order with a used-up reference is refused", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const { cart, body } = await partnerOrder(live(), used, "TP-1002")
    const refused = await commit(live(), cart, body, { miniSiteUrl: TECHPLUS.url })
    expect(await codeOf(refused)).toBe("referenceInvalid")
  })

  it("a signed, fresh integration link gives an id the order carries; a bad signature or an old one is refused", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const id = await partnerShowing(live(), TECHPLUS.id)
    const accepted = await get(live(), integrationLink(live(), TECHPLUS.secret, `/order/${id}`))
    expect(accepted.status).toBe(200)
    const integrationId = accepted.body.integrationId as string
    expect(accepted.body.ret).toBe(`/order/${id}`)
    expect(integrationId).toMatch(/^[\w-]{24}$/)
    const stored = await live().query<{ partner: number }>(
      `SELECT mini_site_id AS partner FROM integrations WHERE id = $1`,
      [integrationId],
    )
    expect(stored).toEqual([{ partner: TECHPLUS.id }])
    const refused = [
      integrationLink(live(), "not-the-partners-secret-at-all", `/order/${id}`),
      integrationLink(live(), TECHPLUS.secret, `/order/${id}`, 301),
      integrationLink(live(), TECHPLUS.secret, `/order/${id}`, -120),
      integrationLink(live(), TECHPLUS.secret, "https://evil.example/"),
      integrationLink(live(), TECHPLUS.secret, "//evil.example/order/1"),
      // a link signed for one destination and sent to another
      integrationLink(live(), TECHPLUS.secret, `/order/${id}`).replace(
        encodeURIComponent(`/order/${id}`),
        "%2F",
      ),
    ]
    for (const path of refused)
      expect(await get(live(), path)).toMatchObject({ status: 400, body: { error: "integrationDataError" } })
    // the id travels with the presentation, ticket-group and ticket calls; an unknown or lapsed one is refused
    for (const path of [
      `/api/presentations/${id}`,
      `/api/presentations/${id}/ticketGroups`,
      `/api/presentations/${id}/ticket`,
    ]) {
      expect((await get(live(), `${path}?integrationId=${integrationId}`)).status).toBe(200)
      expect(await get(live(), `${path}?integrationId=made-up`)).toMatchObject({
        status: 400,
        body: { error: "integrationDataError" },
      })
    }
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const body = buyerCart({ locationId: stage.locationId, seats: [seatLine(stage, 0)] })
    const unknown = await commit(live(), cart, body, { integrationId: "made-up" })
    expect(await codeOf(unknown)).toBe("integrationDataError")
    const placed = await commit(live(), cart, body, { integrationId })
    expect(placed.status).toBe(200)
    const order = (await placed.json()) as { reservationIdentifier: string }
    const rows = await live().query<{ integration: string; referral: number | null }>(
      `SELECT integration_id AS integration, referral_mini_site_id AS referral FROM reservations WHERE identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(rows).toEqual([{ integration: integrationId, referral: null }])
    // lapsed by the server's clock: the id is refused from then on
    await live().query(
      `UPDATE integrations SET created_at = marquee_now() - interval '7 hours', expires_at = marquee_now() - interval '1 hour'
        WHERE id = $1`,
      [integrationId],
    )
    expect(
      (await get(live(), `/api/presentations/${id}/ticketGroups?integrationId=${integrationId}`)).status,
    ).toBe(400)
  })

  it("a cinema offline for sales: its showings answer locationOffline and leave the partner's list", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const id = await partnerShowing(live(), STUDENTS.id)
    const before = await get(live(), `/api/mini-site/${STUDENTS.url}`)
    const listed = (before.body.miniSite as { PresentationList: { presentations: ReadonlyArray<unknown> } })
      .PresentationList.presentations
    expect(listed.length).toBeGreaterThan(0)
    await live().query(`UPDATE locations SET is_online = false WHERE id = $1`, [STUDENTS.locationId])
    try {
      for (const path of [
        `/api/presentations/${id}?lang=en`,
        `/api/presentations/${id}/ticketGroups?lang=en`,
        `/api/presentations/${id}/ticket?lang=en`,
      ]) {
        const offline = await get(live(), path)
        expect(offline.status).toBe(409)
        expect(offline.body).toMatchObject({
          error: "locationOffline",
          locationName: expect.stringContaining("Haifa"),
        })
      }
      const after = await get(live(), `/api/mini-site/${STUDENTS.url}`)
      expect(
        (after.body.miniSite as typeof before.body.miniSite & { PresentationList: { presentations: [] } })
          .PresentationList.presentations,
      ).toEqual([])
    } finally {
      await live().query(`UPDATE locations SET is_online = true WHERE id = $1`, [STUDENTS.locationId])
    }
  })
})
