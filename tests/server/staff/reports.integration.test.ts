import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { committedOrder, openForm, orderState, payByCard } from "../payment/_payment.ts"
import { counts, jerusalemDate, rawProducts, rawTickets } from "./_rawSales.ts"
import { reportSums } from "./_reportSums.ts"
import { allPages, liveGet, STAFF, staffToken } from "./_staff.ts"

/**
 * Issue 18 reporting through real HTTP on both databases: each report equals sums the test computes from the raw
 * sold-ticket and product rows (paid orders only, cancelled tickets and location 1 left out, business dates in
 * Jerusalem), and a staff member of one business gets only that business's numbers however the other is asked
 * for; a shop order counts once paid. The clock is pinned: today is 2026-11-24 in Jerusalem. Reports answer a page
 * at a time: every row is read page after page (`allPages`); sorting and paging: reportPaging.integration.test.ts.
 */
const START = "2026-11-18"
const END = "2026-11-24"
const RANGE = `startDate=${START}&endDate=${END}`
// generous instants around the range; the business dates are then filtered in the test
const FROM = "2026-11-16T00:00:00Z"
const TO = "2026-11-26T00:00:00Z"

type Row = {
  Key: string
  Date: string | null
  LocationId: number | null
  Id: number | null
  Name: string
  Quantity: number
  AmountAgorot: number
}

const inRange = (date: string) => date >= START && date <= END

/** An order that is not paid must not count: one paid order of each business in the range is voided. */
const arrange = async (server: RunningServer) => {
  for (const business of [1, 2]) {
    await server.query(
      `UPDATE reservations SET payment_status = 'voided', voided_at = marquee_now()
       WHERE id = (SELECT r.id FROM reservations r JOIN sold_tickets t ON t.reservation_id = r.id
         WHERE r.business_id = $1 AND r.payment_status = 'paid' AND r.location_id <> 1
           AND r.purchased_at >= '2026-11-20T00:00:00Z' AND r.purchased_at < '2026-11-24T00:00:00Z'
         ORDER BY r.id LIMIT 1)`,
      [business],
    )
  }
}

const sumsOf = (rows: ReadonlyArray<Row>) =>
  new Map(rows.map((row) => [row.Key, { Quantity: row.Quantity, AmountAgorot: row.AmountAgorot }]))

/** the raw rows, read once per server after the arrangement (nothing else writes sales in this file) */
const rawOf = new WeakMap<
  RunningServer,
  Promise<readonly [Awaited<ReturnType<typeof rawTickets>>, Awaited<ReturnType<typeof rawProducts>>]>
>()
const raw = (server: RunningServer) => {
  let rows = rawOf.get(server)
  if (rows === undefined) {
    rows = Promise.all([rawTickets(server, FROM, TO), rawProducts(server, FROM, TO)] as const)
    rawOf.set(server, rows)
  }
  return rows
}

const expectedReports = async (server: RunningServer, businessIds: ReadonlyArray<number>) => {
  const [tickets, products] = await raw(server)
  return { tickets, ...reportSums(tickets, products, businessIds, inRange) }
}

/** today's ticket sales at every cinema together, as the staff app asks for them */
const salesToday = async (server: RunningServer, token: string) => {
  const answer = await liveGet<{ totals: { Quantity: number; AmountAgorot: number } }>(
    server,
    token,
    `/PRES-live/locationTicketSales/data/${END}/0`,
  )
  expect(answer.status).toBe(200)
  return { Quantity: answer.body.totals.Quantity, AmountAgorot: answer.body.totals.AmountAgorot }
}

/** the top ten of a sums map, by amount then quantity (ties by id), as the report ranks them */
const topTen = (sums: Map<string, { Quantity: number; AmountAgorot: number }>) =>
  [...sums].sort(
    ([ka, a], [kb, b]) =>
      b.AmountAgorot - a.AmountAgorot || b.Quantity - a.Quantity || Number(ka.slice(1)) - Number(kb.slice(1)),
  )

describe.each(bothDatabases("staffreports"))("staff reports on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []
  let arranged: Promise<void> | undefined
  const ready = () => {
    arranged ??= arrange(live())
    return arranged
  }

  it("sums every report from raw rows: paid orders only, location 1 left out", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const expected = await expectedReports(server, [1, 2])
    // the comparison is not of zeros, and the voided orders are there to be left out
    expect(expected.bought.length).toBeGreaterThan(0)
    expect(
      expected.tickets.some((t) => t.paymentStatus === "voided" && inRange(jerusalemDate(t.purchasedMs))),
    ).toBe(true)
    const get = async (path: string) => (await allPages(server, token, path)).rows
    expect(sumsOf(await get(`/PRES-live/locationTicketSales/data/${START}/0?endDate=${END}`))).toEqual(
      expected.location,
    )
    expect(sumsOf(await get(`/PRES-live/featureTicketSales/data/${START}?endDate=${END}`))).toEqual(
      expected.feature,
    )
    expect(
      sumsOf(await get(`/PRES-live/featureTicketSales/data/${START}?endDate=${END}&isByLocation=true`)),
    ).toEqual(expected.featureByLocation)
    expect(sumsOf(await get(`/PRES-live/monitors/PresentationSales/data?${RANGE}`))).toEqual(
      expected.presentation,
    )
    expect(sumsOf(await get(`/PRES-live/reports/concessions?${RANGE}`))).toEqual(expected.concessions)
    expect(sumsOf(await get(`/PRES-live/reports/salesByHour?${RANGE}`))).toEqual(expected.hours)
    expect(sumsOf(await get(`/PRES-live/reports/pointsOfSale?${RANGE}`))).toEqual(expected.pointsOfSale)
    const top = await get(`/PRES-live/reports/topFeatures?${RANGE}`)
    expect(top.map((row) => [row.Key, { Quantity: row.Quantity, AmountAgorot: row.AmountAgorot }])).toEqual(
      topTen(expected.features).slice(0, 10),
    )
    // most and least sold products: by units; every product in the answer carries its raw sum (0 when unsold)
    const most = await get(`/PRES-live/reports/topProducts/most?${RANGE}`)
    const least = await get(`/PRES-live/reports/topProducts/least?${RANGE}`)
    expect(most.length).toBeGreaterThan(0)
    for (const row of [...most, ...least])
      expect({ Quantity: row.Quantity, AmountAgorot: row.AmountAgorot }).toEqual(
        expected.products.get(row.Key) ?? { Quantity: 0, AmountAgorot: 0 },
      )
    const units = [...expected.products.values()].map((s) => s.Quantity).sort((a, b) => b - a)
    expect(most.map((row) => row.Quantity)).toEqual(units.slice(0, most.length))
    expect(least.map((row) => row.Quantity)).toEqual(
      [...least.map((row) => row.Quantity)].sort((a, b) => a - b),
    )
  })

  it("filters by location and feature as the screens ask", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const expected = await expectedReports(server, [1, 2])
    const some = expected.bought[0]!
    const byLocation = await allPages(
      server,
      token,
      `/PRES-live/monitors/PresentationSales/data?${RANGE}&locationId=${some.locationId}&featureId=${some.featureId}`,
    )
    const presentations = new Set(
      expected.tickets
        .filter(
          (t) =>
            counts(t, [1, 2]) &&
            !t.cancelled &&
            inRange(jerusalemDate(t.showMs)) &&
            t.locationId === some.locationId &&
            t.featureId === some.featureId,
        )
        .map((t) => `p${t.presentationId}`),
    )
    expect(new Set(byLocation.rows.map((row) => row.Key))).toEqual(presentations)
    for (const row of byLocation.rows) expect(expected.presentation.get(row.Key)?.Quantity).toBe(row.Quantity)
  })

  it("gives a staff member only their own businesses' sales, however another's are asked for", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    for (const [staff, own, other] of [
      [STAFF.chain, 1, 2],
      [STAFF.partner, 2, 1],
    ] as const) {
      const token = await staffToken(server, staff.username)
      const expected = await expectedReports(server, [own])
      expect(expected.location.size, `${staff.username} has sales of its own`).toBeGreaterThan(0)
      const everyWay = [
        "",
        `&businessIds=${other}`,
        `&businessId=${other}`,
        `&businessIds=${other}&businessIds=${other}`,
        `&businessIds=${own},${other}`,
        `&businessIds=${own}&businessId=${other}`,
        "&businessIds=all",
        "&businessIds=-1",
        `&businessId=-${other}`,
        "&businessIds=*",
      ]
      for (const ask of everyWay) {
        const answer = await allPages(
          server,
          token,
          `/PRES-live/locationTicketSales/data/${START}/0?endDate=${END}${ask}`,
        )
        expect(sumsOf(answer.rows), `${staff.username} ${ask}`).toEqual(expected.location)
      }
      // the same rule on another report, asked for the other business only
      const hours = await allPages(
        server,
        token,
        `/PRES-live/reports/salesByHour?${RANGE}&businessIds=${other}`,
      )
      expect(sumsOf(hours.rows), `${staff.username} hours`).toEqual(expected.hours)
      // another business's cinema named in the query: none of its sales, only the asker's own there (if any)
      const otherOnly = await expectedReports(server, [other])
      const theirs = otherOnly.bought.find((t) => !expected.bought.some((o) => o.locationId === t.locationId))
      if (theirs !== undefined) {
        const answer = await allPages(
          server,
          token,
          `/PRES-live/reports/pointsOfSale?${RANGE}&locationId=${theirs.locationId}&businessIds=${other}`,
        )
        expect(answer.rows).toEqual([])
      }
      // a word or an object as a business id is refused and reads nothing
      const bad = await liveGet<{ error: string }>(
        server,
        token,
        `/PRES-live/reports/topFeatures?${RANGE}&businessIds=x1`,
      )
      expect(bad.status).toBe(400)
      expect(bad.body.error).toBe("invalidBusinessIds")
    }
  })

  it("offers as filters only the films its own businesses show", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    for (const [staff, own, other] of [
      [STAFF.chain, 1, 2],
      [STAFF.partner, 2, 1],
    ] as const) {
      const token = await staffToken(server, staff.username)
      const shown = await server.query<{ feature_id: number }>(
        `SELECT DISTINCT p.feature_id FROM presentations p JOIN venues v ON v.id = p.venue_id
         WHERE p.business_id = $1 AND v.location_id <> 1
           AND p.starts_at >= '2026-09-22T00:00:00Z' AND p.starts_at < '2026-12-26T00:00:00Z'
         ORDER BY 1`,
        [own],
      )
      for (const ask of ["", `?businessIds=${other}`, `?businessId=-1&businessId=${other}`]) {
        const answer = await liveGet<{ features: ReadonlyArray<{ FeatureId: number }> }>(
          server,
          token,
          `/PRES-live/getCinemaFilterData${ask}`,
        )
        const ids = answer.body.features.map((f) => f.FeatureId).sort((a, b) => a - b)
        expect(ids.length).toBeGreaterThan(0)
        // the window is counted in Jerusalem days: the raw list may hold a film shown on its edges only
        for (const id of ids) expect(shown.map((row) => Number(row.feature_id))).toContain(id)
      }
    }
  })

  it("counts a shop order's tickets as soon as it is paid, and not while it awaits payment", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const before = await salesToday(server, token)
    const { cart, order } = await committedOrder(server, used, 2)
    // committed, not paid: nothing sold yet
    expect(await salesToday(server, token)).toEqual(before)
    const form = await openForm(server, cart, order.reservationIdentifier, "card")
    expect((await payByCard(server, form)).status).toBe(303)
    expect((await orderState(server, order.reservationIdentifier))?.paymentStatus).toBe("paid")
    // the order's own tickets, as stored
    const [sold] = await server.query<{ n: number; amount: string }>(
      `SELECT count(*)::int AS n, sum(t.price_agorot)::text AS amount FROM sold_tickets t
       JOIN reservations r ON r.id = t.reservation_id WHERE r.identifier = $1 AND t.cancelled_at IS NULL`,
      [order.reservationIdentifier],
    )
    expect(sold?.n).toBe(2)
    const after = await salesToday(server, token)
    expect(after.Quantity - before.Quantity).toBe(2)
    expect(after.AmountAgorot - before.AmountAgorot).toBe(Number(sold?.amount))
    // the sale is a new raw row: a later test reads them afresh
    rawOf.delete(server)
  })

  it("refuses bad dates and long ranges, and answers nothing without a staff session", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    const bad = await liveGet<{ error: string }>(
      server,
      token,
      "/PRES-live/reports/topFeatures?startDate=2026-13-01",
    )
    expect([bad.status, bad.body.error]).toEqual([400, "invalidDate"])
    const long = await liveGet<{ error: string }>(
      server,
      token,
      "/PRES-live/reports/topFeatures?startDate=2026-01-01&endDate=2026-12-01",
    )
    expect([long.status, long.body.error]).toEqual([400, "invalidRange"])
    const backwards = await liveGet<{ error: string }>(
      server,
      token,
      `/PRES-live/reports/concessions?startDate=${END}&endDate=${START}`,
    )
    expect(backwards.status).toBe(400)
    expect((await liveGet(server, undefined, `/PRES-live/reports/topFeatures?${RANGE}`)).status).toBe(401)
  })
})
