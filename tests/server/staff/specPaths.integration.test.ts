import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { json, liveGet, type PagedReport, STAFF, staffToken } from "./_staff.ts"

/**
 * Spec §7 "Live monitoring", every call at the path the spec writes, in its spelling (`/pres-live/…` for the
 * ticket references, `/PRES-live/…` for the rest), with its bare forms (`locationTicketSales/`,
 * `featureTicketSales`) beside their `/data/…` ones: each answers 200 to a signed-in staff member, on both
 * databases. The numbers themselves are proven by the area's own tests (attendance, reports, references, v2); this
 * file is the list, so a path renamed or dropped from the contract fails here. The clock is pinned: today is
 * 2026-11-24 in Jerusalem.
 */
const TODAY = "2026-11-24"

interface Known {
  readonly featureId: number
  readonly presentationId: number
  readonly locationId: number
  readonly venueId: number
}

/** a showing of today at a cinema (not the head office), with its feature, hall and cinema */
const knownShowing = async (server: RunningServer): Promise<Known> => {
  const [row] = await server.query<Known>(
    `SELECT p.feature_id AS "featureId", p.id AS "presentationId", v.location_id AS "locationId",
       v.id AS "venueId"
     FROM presentations p JOIN venues v ON v.id = p.venue_id
     WHERE v.location_id <> 1 AND v.seatplan_id IS NOT NULL
       AND p.starts_at >= '2026-11-24T06:00:00Z' AND p.starts_at < '2026-11-24T21:00:00Z'
     ORDER BY p.id LIMIT 1`,
  )
  if (row === undefined) throw new Error("no showing today")
  return row
}

/** Spec §7's GET calls, in its order, with the parameters it names filled in. */
const specGets = (k: Known): ReadonlyArray<string> => [
  "/pres-live/getTicketRefAgents?userId=1",
  "/pres-live/monitors/TicketReferencePromptAdmin/data?businessIds=1&userId=1",
  // the detail's priceRowId is filled in by the test, from the list
  "/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?startDate=2026-10-01&endDate=2026-10-31&dateType=2&detailLevel=1",
  "/PRES-live/locationTicketSales/",
  `/PRES-live/locationTicketSales/data/${TODAY}/0`,
  `/PRES-live/featureTicketSales?locationId=${k.locationId}&featureId=${k.featureId}&isByLocation=true`,
  `/PRES-live/featureTicketSales/data/${TODAY}?locationId=${k.locationId}&featureId=${k.featureId}&isByLocation=true`,
  `/PRES-live/monitors/PresentationSales/data?startDate=${TODAY}&endDate=${TODAY}`,
  "/PRES-live/v2/availableFeatures",
  `/PRES-live/v2/featureData?featureId=${k.featureId}&locationId=${k.locationId}&presentationIds=${k.presentationId}&startDate=${TODAY}&endDate=${TODAY}`,
  `/PRES-live/v2/availablePresentations?featureId=${k.featureId}`,
  `/PRES-live/v2/presentationData?presentationId=${k.presentationId}`,
  `/PRES-live/attendanceByDate/${TODAY}/2026-11-30`,
  `/PRES-live/attendanceByDateByLocation/${TODAY}`,
  `/PRES-live/attendanceByDateByLocationByVenue/${TODAY}/${k.locationId}`,
  `/PRES-live/attendanceByDateByLocationByFeature/${TODAY}/${k.locationId}`,
  `/PRES-live/attendanceByDatePresentationBox/${TODAY}/${k.locationId}/venues/${k.venueId}`,
  `/PRES-live/attendanceByDatePresentationBox/${TODAY}/${k.locationId}/features/${k.featureId}`,
  "/PRES-live/getCinemaFilterData",
]

describe.each(bothDatabases("staffspecpaths"))("spec §7 live-monitoring paths on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("answers every call of spec §7 at its own path and spelling", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    const known = await knownShowing(server)
    const answers = await Promise.all(
      specGets(known).map(async (path) => [path, (await liveGet(server, token, path)).status] as const),
    )
    expect(answers.filter(([, status]) => status !== 200)).toEqual([])
    // the reference's detail and the quantity edit, on the first reference of the list
    const list = await liveGet<{
      rows: ReadonlyArray<{
        PriceType: number
        PriceId: number
        PriceRowId: number
        Reference1: string
        Reference2: string | null
        Quantity: number
      }>
    }>(server, token, "/pres-live/monitors/TicketReferencePromptAdmin/data")
    const option = list.body.rows[0]
    if (option === undefined) throw new Error("no ticket reference seeded")
    const detail = await liveGet(
      server,
      token,
      `/pres-live/monitors/TicketReferencePromptAdminDetail/data?priceRowId=${option.PriceRowId}`,
    )
    expect(detail.status).toBe(200)
    const edit = await fetch(
      `${server.baseUrl}/api/pres-live/editReferencePromptOptionQuantity/1/${option.PriceType}/${option.PriceId}/${option.PriceRowId}`,
      {
        method: "POST",
        headers: { ...json, "x-staff-token": token },
        body: JSON.stringify({
          reference: option.Reference1,
          reference2: option.Reference2,
          quantity: option.Quantity + 1,
        }),
      },
    )
    expect(edit.status).toBe(200)
    expect(((await edit.json()) as { Quantity: number }).Quantity).toBe(option.Quantity + 1)
  })

  it("answers the bare report paths as their /data forms for the chain's today, or for the dates asked", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    const same = async (bare: string, dated: string) => {
      const [a, b] = await Promise.all([
        liveGet<PagedReport>(server, token, bare),
        liveGet<PagedReport>(server, token, dated),
      ])
      expect([a.status, a.cacheControl], bare).toEqual([200, "no-store"])
      expect(a.body, bare).toEqual(b.body)
      return a.body
    }
    // no date: the chain's today; dates asked: the same range as the dated form (the seed's week of sales, so
    // the comparison is not of two empty reports)
    await same("/PRES-live/locationTicketSales/", `/PRES-live/locationTicketSales/data/${TODAY}/0`)
    await same("/PRES-live/featureTicketSales", `/PRES-live/featureTicketSales/data/${TODAY}`)
    const week = await same(
      "/PRES-live/locationTicketSales/?startDate=2026-11-18&endDate=2026-11-24&sort=sales",
      "/PRES-live/locationTicketSales/data/2026-11-18/0?endDate=2026-11-24&sort=sales",
    )
    expect(week.totals.Quantity).toBeGreaterThan(0)
    const films = await same(
      "/PRES-live/featureTicketSales?startDate=2026-11-18&endDate=2026-11-24&isByLocation=true&businessIds=2",
      "/PRES-live/featureTicketSales/data/2026-11-18?endDate=2026-11-24&isByLocation=true&businessIds=2",
    )
    expect(films.totals.Quantity).toBeGreaterThan(0)
    // the bare forms read the same scope rule and validate as the dated ones
    const chain = await staffToken(server, STAFF.chain.username)
    const mine = await liveGet<PagedReport>(
      server,
      chain,
      "/PRES-live/featureTicketSales?startDate=2026-11-18&endDate=2026-11-24&businessIds=2",
    )
    const mineDated = await liveGet<PagedReport>(
      server,
      chain,
      "/PRES-live/featureTicketSales/data/2026-11-18?endDate=2026-11-24",
    )
    expect(mine.body).toEqual(mineDated.body)
    const bad = await liveGet<{ error: string }>(
      server,
      token,
      "/PRES-live/locationTicketSales/?startDate=soon",
    )
    expect([bad.status, bad.body.error]).toEqual([400, "invalidDate"])
    const nobody = await liveGet(server, undefined, "/PRES-live/featureTicketSales")
    expect(nobody.status).toBe(401)
  })
})
