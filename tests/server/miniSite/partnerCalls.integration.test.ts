import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { buyerCart, codeOf, freshStage, holdSeats, type Stage, seatLine } from "../payment/_payment.ts"
import { clubStage, commit, get, partnerShowing, STUDENTS, TECHPLUS } from "./_partners.ts"

/**
 * Issue 19, `miniSiteUrl` on the calls beyond the presentation, ticket-group, ticket and seat-status calls
 * (partners.integration.test.ts): best available and the feature list show a partner's buyer the partner's showings
 * and prices alone, and the commit sells nothing else to them. Both databases.
 */
const databases = bothDatabases("partner_calls")

const offeredBy = async (server: RunningServer, partnerId: number) =>
  new Set(
    (
      await server.query<{ id: number }>(
        `SELECT presentation_id AS id FROM mini_site_presentations WHERE mini_site_id = $1`,
        [partnerId],
      )
    ).map((row) => row.id),
  )

/** A showing ahead with a reserved section that no partner offers, at the partner's own cinema. */
const nonPartnerShowing = async (server: RunningServer, locationId: number) => {
  const rows = await server.query<{ id: number }>(
    `SELECT p.id FROM presentations p JOIN venues v ON v.id = p.venue_id
     WHERE v.location_id = $1 AND p.is_on_sale AND p.starts_at > marquee_now() + interval '1 hour'
       AND v.venue_type_id < 100
       AND EXISTS (SELECT 1 FROM venue_sections vs WHERE vs.seatplan_id = v.seatplan_id AND vs.is_reserved)
       AND p.id NOT IN (SELECT presentation_id FROM mini_site_presentations)
     ORDER BY p.starts_at, p.id LIMIT 1`,
    [locationId],
  )
  const id = rows[0]?.id
  if (id === undefined) throw new Error(`no showing at ${locationId} that no partner offers`)
  return id
}

const dayOf = async (server: RunningServer, presentationId: number) => {
  const rows = await server.query<{ day: string }>(
    `SELECT (starts_at AT TIME ZONE 'Asia/Jerusalem')::date::text AS day FROM presentations WHERE id = $1`,
    [presentationId],
  )
  return rows[0]?.day as string
}

/** A search only (`isLock=false`): it needs no cart. */
const search = (server: RunningServer, query: string) =>
  get(server, `/api/seats/best-available?isLock=false&quantity=2&${query}`)

const matchedShowings = (body: Record<string, unknown>) =>
  (body.matches as ReadonlyArray<{ presentationId: number }>).map((m) => m.presentationId)

/** A TechPlus club ticket (the partner's regular price, with its reference) on a stage's seat line. */
const clubTicket = (stage: Stage, i: number) => seatLine(clubStage(stage), i, { ref1: "TP-1001" })

describe.each(databases)("partner calls on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("best available for one showing: only one the partner offers; another partner's or an unknown one is not found", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const own = await partnerShowing(live(), TECHPLUS.id)
    const other = await nonPartnerShowing(live(), TECHPLUS.locationId)
    const ok = await search(live(), `presentationId=${own}&miniSiteUrl=${TECHPLUS.url}`)
    expect(ok.status).toBe(200)
    expect(new Set(matchedShowings(ok.body))).toEqual(new Set([own]))
    for (const [id, url] of [
      [other, TECHPLUS.url],
      [own, STUDENTS.url],
      [own, "no-such-partner"],
    ] as const) {
      const refused = await search(live(), `presentationId=${id}&miniSiteUrl=${url}`)
      expect(refused).toMatchObject({ status: 404, body: { error: "noEventFound" } })
    }
    // the chain's own buyer still finds the showing no partner offers
    expect((await search(live(), `presentationId=${other}`)).status).toBe(200)
  })

  it("the seat statuses through a partner, every form of them: only a showing the partner offers", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const own = await partnerShowing(live(), TECHPLUS.id)
    const other = await nonPartnerShowing(live(), TECHPLUS.locationId)
    // the seat step polls the bitmap (binary), its loader the spec's statusV2; seats-status is the spec's other form
    const status = async (path: string, id: number, url?: string) =>
      (
        await fetch(
          `${live().baseUrl}/api/seats/${path}?presentationId=${id}${url === undefined ? "" : `&miniSiteUrl=${url}`}`,
        )
      ).status
    for (const path of ["seats-status-bitmap", "seats-statusV2", "seats-status"]) {
      expect(await status(path, own, TECHPLUS.url), path).toBe(200)
      for (const [id, url] of [
        [other, TECHPLUS.url],
        [own, STUDENTS.url],
        [own, "no-such-partner"],
      ] as const)
        expect(await status(path, id, url), `${path} ${id} ${url}`).toBe(404)
      // the chain's own buyer still sees the showing no partner offers
      expect(await status(path, other), path).toBe(200)
    }
  })

  it("best available across a day: a partner's buyer is offered the partner's showings alone", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const own = await partnerShowing(live(), TECHPLUS.id)
    const day = await dayOf(live(), own)
    const offered = await offeredBy(live(), TECHPLUS.id)
    const query = `startDate=${day}&endDate=${day}&maxMatches=20&isBestPerPresentation=true`
    const everyone = await search(live(), query)
    expect(everyone.status).toBe(200)
    expect(matchedShowings(everyone.body).some((id) => !offered.has(id))).toBe(true)
    const partner = await search(live(), `${query}&miniSiteUrl=${TECHPLUS.url}`)
    expect(partner.status).toBe(200)
    const ids = matchedShowings(partner.body)
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.every((id) => offered.has(id))).toBe(true)
    const unknown = await search(live(), `${query}&miniSiteUrl=no-such-partner`)
    expect(unknown).toMatchObject({ status: 404, body: { error: "noEventFound" } })
  })

  it("best available by ticket group: the partner's price for its buyers, never another price, never for others", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const own = await partnerShowing(live(), TECHPLUS.id)
    const chainGroups = await live().query<{ id: number }>(
      `SELECT ticket_group_id AS id FROM presentation_ticket_groups_effective WHERE presentation_id = $1 LIMIT 1`,
      [own],
    )
    const chainGroup = chainGroups[0]?.id as number
    const partnerGroup = await search(
      live(),
      `presentationId=${own}&ticketGroupId=${TECHPLUS.ticketGroupId}&miniSiteUrl=${TECHPLUS.url}`,
    )
    expect(partnerGroup.status).toBe(200)
    expect(matchedShowings(partnerGroup.body)).toContain(own)
    // the chain's price through the partner's site, and the partner's price without it
    for (const query of [
      `presentationId=${own}&ticketGroupId=${chainGroup}&miniSiteUrl=${TECHPLUS.url}`,
      `presentationId=${own}&ticketGroupId=${TECHPLUS.ticketGroupId}`,
    ]) {
      const refused = await search(live(), query)
      expect(refused).toMatchObject({ status: 409, body: { error: "NOT_ENOUGH_SEATS" } })
    }
    expect((await search(live(), `presentationId=${own}&ticketGroupId=${chainGroup}`)).status).toBe(200)
  })

  it("the feature list through a partner names only films of showings the partner offers", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const featuresOf = async (query: string) => {
      const answer = await get(live(), `/api/features/?${query}`)
      expect(answer.status).toBe(200)
      return (answer.body.features as ReadonlyArray<{ id: number }>).map((f) => f.id)
    }
    const offeredFeatures = new Set(
      (
        await live().query<{ id: number }>(
          `SELECT DISTINCT p.feature_id AS id FROM mini_site_presentations msp
           JOIN presentations p ON p.id = msp.presentation_id
           WHERE msp.mini_site_id = $1 AND p.starts_at >= marquee_now()`,
          [TECHPLUS.id],
        )
      ).map((row) => row.id),
    )
    const all = await featuresOf("")
    expect(all.some((id) => !offeredFeatures.has(id))).toBe(true)
    const partner = await featuresOf(`miniSiteUrl=${TECHPLUS.url}`)
    expect(new Set(partner)).toEqual(offeredFeatures)
    expect(await featuresOf("miniSiteUrl=no-such-partner")).toEqual([])
  })

  it("the commit sells a partner's buyer neither a showing the partner does not offer nor another price", async (ctx) => {
    if (!isUp()) return ctx.skip()
    // the partner's price at a showing of its cinema that it does not offer
    const elsewhere = await freshStage(live(), [
      ...used,
      ...(await offeredBy(live(), TECHPLUS.id)),
      ...(await offeredBy(live(), STUDENTS.id)),
    ])
    used.push(elsewhere.presentationId)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, elsewhere, [0])
    const notOffered = buyerCart({ locationId: elsewhere.locationId, seats: [clubTicket(elsewhere, 0)] })
    const refused = await commit(live(), cart, notOffered, { miniSiteUrl: TECHPLUS.url })
    expect(refused.status).toBe(422)
    expect(await codeOf(refused)).toBe("miniSiteInvalid")
    // the chain's own price at a showing the partner offers, through the partner
    const offered = await freshStage(live(), used, { offeredBy: TECHPLUS.id })
    const cart2 = await newCart(live().baseUrl)
    await holdSeats(live(), cart2, offered, [0])
    const chainPrice = buyerCart({ locationId: offered.locationId, seats: [seatLine(offered, 0)] })
    const refusedPrice = await commit(live(), cart2, chainPrice, { miniSiteUrl: TECHPLUS.url })
    expect(await codeOf(refusedPrice)).toBe("miniSiteInvalid")
    // the partner's price there, through the partner: sold, and the order names the partner
    const club = buyerCart({
      locationId: offered.locationId,
      seats: [clubTicket(offered, 0)],
      referralMiniSiteId: TECHPLUS.id,
    })
    const placed = await commit(live(), cart2, club, { miniSiteUrl: TECHPLUS.url })
    expect(placed.status).toBe(200)
    const { reservationIdentifier } = (await placed.json()) as { reservationIdentifier: string }
    const rows = await live().query<{ referral: number }>(
      `SELECT referral_mini_site_id AS referral FROM reservations WHERE identifier = $1`,
      [reservationIdentifier],
    )
    expect(rows).toEqual([{ referral: TECHPLUS.id }])
  })
})
