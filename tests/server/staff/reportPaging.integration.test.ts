import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { type RawProduct, type RawTicket, rawProducts, rawTickets } from "./_rawSales.ts"
import { reportSums } from "./_reportSums.ts"
import {
  allPages,
  liveGet,
  ONE_BUSINESS,
  type PagedReport,
  type PagedRow,
  STAFF,
  staffToken,
} from "./_staff.ts"

/**
 * Issue 18 reporting, sorted and paged by the server (src/server/staff/reportPaging.ts) through real HTTP on both
 * databases: each sort order holds across page boundaries, the pages cut the rows exactly (no row twice, none
 * lost, the last page short, a page past the end answers the last), the totals equal sums the test computes from
 * the raw sold-ticket and product rows, bad paging is refused with its code, and paging never widens a staff
 * member's scope. The clock is pinned: today is 2026-11-24 in Jerusalem.
 */
const START = "2026-11-18"
const END = "2026-11-24"
const RANGE = `startDate=${START}&endDate=${END}`
const FROM = "2026-11-16T00:00:00Z"
const TO = "2026-11-26T00:00:00Z"
const PRESENTATIONS = `/PRES-live/monitors/PresentationSales/data?${RANGE}`
const LOCATIONS = `/PRES-live/locationTicketSales/data/${START}/0?endDate=${END}`

const inRange = (date: string) => date >= START && date <= END

/**
 * The raw rows, read once per server: nothing in this file writes, and each read scans every sold ticket (on PGlite
 * under a loaded CI machine, tens of seconds).
 */
const rawRead = new WeakMap<
  RunningServer,
  Promise<readonly [ReadonlyArray<RawTicket>, ReadonlyArray<RawProduct>]>
>()
const rawRows = (server: RunningServer) => {
  const known = rawRead.get(server)
  if (known !== undefined) return known
  const reading = Promise.all([rawTickets(server, FROM, TO), rawProducts(server, FROM, TO)] as const)
  rawRead.set(server, reading)
  return reading
}

/** the reports' sums from the raw rows (_reportSums.ts), and the hours' tickets over the range's days together */
const expected = async (server: RunningServer, businessIds: ReadonlyArray<number>) => {
  const [tickets, products] = await rawRows(server)
  const sums = reportSums(tickets, products, businessIds, inRange)
  const perHour = Array.from({ length: 24 }, () => 0)
  for (const [key, sum] of sums.hours) {
    const hour = Number(key.slice(key.indexOf(":") + 1))
    perHour[hour] = (perHour[hour] ?? 0) + sum.Quantity
  }
  return {
    presentations: sums.presentation,
    locations: sums.location,
    concessions: sums.concessions,
    perHour,
  }
}

/** the totals a map of sums makes, added up here */
const totalsOf = (sums: Map<string, { Quantity: number; AmountAgorot: number }>) => ({
  Rows: sums.size,
  Quantity: [...sums.values()].reduce((n, s) => n + s.Quantity, 0),
  AmountAgorot: [...sums.values()].reduce((n, s) => n + s.AmountAgorot, 0),
})

/** code-point order (the server's `COLLATE "C"`), nulls last whichever the direction */
const text = (a: string | null, b: string | null, sign: number) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : (a < b ? -1 : 1) * sign
const ORDERS = {
  date: (sign: number) => (a: PagedRow, b: PagedRow) => text(a.Date, b.Date, sign),
  location: (sign: number) => (a: PagedRow, b: PagedRow) => text(a.LocationName, b.LocationName, sign),
  sales: (sign: number) => (a: PagedRow, b: PagedRow) =>
    (a.AmountAgorot - b.AmountAgorot || a.Quantity - b.Quantity) * sign,
} as const

describe.each(bothDatabases("staffpaging"))("staff report paging on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  it("sorts by date, location and sales both ways, the order holding across pages", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    // the report's own order (by show time), every row: the ties of every sort keep it
    const own = await allPages(server, token, PRESENTATIONS)
    expect(own.rows.length).toBeGreaterThan(20)
    // about four pages a sort (at most 100 rows a page): enough boundaries for a broken order to show
    const size = Math.min(100, Math.ceil(own.rows.length / 4))
    for (const key of ["date", "location", "sales"] as const)
      for (const [direction, sign] of [
        ["asc", 1],
        ["desc", -1],
      ] as const) {
        const sorted = await allPages(
          server,
          token,
          `${PRESENTATIONS}&sort=${key}&direction=${direction}`,
          size,
        )
        expect(
          sorted.rows.map((row) => row.Key),
          `${key} ${direction}`,
        ).toEqual([...own.rows].sort(ORDERS[key](sign)).map((row) => row.Key))
      }
    // no direction: sales largest first, the others ascending
    const sales = await allPages(server, token, `${PRESENTATIONS}&sort=sales`, size)
    expect(sales.rows.map((row) => row.Key)).toEqual(
      [...own.rows].sort(ORDERS.sales(-1)).map((row) => row.Key),
    )
    const byLocation = await allPages(server, token, `${LOCATIONS}&sort=location`, 3)
    const names = byLocation.rows.map((row) => row.LocationName)
    expect(new Set(names).size).toBeGreaterThan(1)
    expect(names).toEqual([...names].sort((a, b) => text(a, b, 1)))
  })

  it("cuts the rows into pages exactly, and answers the last page for one past the end", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    const page = (query: string) => liveGet<PagedReport>(server, token, `${PRESENTATIONS}&sort=sales${query}`)
    const all = (await page("&rowsPerPage=100")).body
    const n = all.totals.Rows
    const size = 7
    const pages = Math.ceil(n / size)
    expect(pages).toBeGreaterThan(2)
    const seen: Array<string> = []
    for (let at = 1; at <= pages; at++) {
      const answer = await page(`&rowsPerPage=${size}&page=${at}`)
      expect([answer.status, answer.body.page, answer.body.pages, answer.body.rowsPerPage]).toEqual([
        200,
        at,
        pages,
        size,
      ])
      expect(answer.body.rows.length).toBe(at < pages ? size : n - size * (pages - 1))
      seen.push(...answer.body.rows.map((row) => row.Key))
    }
    expect(new Set(seen).size).toBe(n)
    expect(seen.slice(0, Math.min(n, 100))).toEqual(all.rows.map((row) => row.Key))
    const past = await page(`&rowsPerPage=${size}&page=${pages + 5}`)
    expect([past.status, past.body.page]).toEqual([200, pages])
    expect(past.body.rows.map((row) => row.Key)).toEqual(seen.slice(size * (pages - 1)))
    // no paging asked for: the first page of spec §9's first size, 10 rows
    const plain = await liveGet<PagedReport>(server, token, PRESENTATIONS)
    expect([plain.body.page, plain.body.rowsPerPage, plain.body.rows.length]).toEqual([
      1,
      10,
      Math.min(n, 10),
    ])
    const single = await page("&rowsPerPage=1&page=2")
    expect(single.body.rows.map((row) => row.Key)).toEqual([seen[1]])
  })

  it("totals every row, not the page's, equal to sums of the raw rows", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    const sums = await expected(server, [1, 2])
    for (const [path, want] of [
      [PRESENTATIONS, sums.presentations],
      [LOCATIONS, sums.locations],
      [`/PRES-live/reports/concessions?${RANGE}`, sums.concessions],
    ] as const) {
      const answer = await liveGet<PagedReport>(server, token, `${path}&rowsPerPage=3&page=2&sort=sales`)
      expect(answer.status).toBe(200)
      expect(answer.body.rows.length).toBeLessThanOrEqual(3)
      expect(answer.body.totals, path).toEqual(totalsOf(want))
      expect(answer.body.totals.Quantity).toBeGreaterThan(0)
    }
    const hours = await liveGet<PagedReport & { perHour: ReadonlyArray<number> }>(
      server,
      token,
      `/PRES-live/reports/salesByHour?${RANGE}&perHour=true&rowsPerPage=1`,
    )
    expect(hours.body.perHour).toEqual(sums.perHour)
    expect(hours.body.rows.length).toBe(1)
  })

  it("refuses a bad sort or page with its code", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const token = await staffToken(server, STAFF.admin.username)
    const cases = [
      ["rowsPerPage=0", "invalidPaging"],
      ["rowsPerPage=101", "invalidPaging"],
      ["rowsPerPage=-5", "invalidPaging"],
      ["rowsPerPage=ten", "invalidPaging"],
      ["rowsPerPage=2.5", "invalidPaging"],
      ["rowsPerPage=", "invalidPaging"],
      ["page=0", "invalidPaging"],
      ["page=1e3", "invalidPaging"],
      ["page=100001", "invalidPaging"],
      ["sort=price", "invalidSort"],
      ["sort=Sales", "invalidSort"],
      [`sort=${encodeURIComponent('"AmountAgorot"; DROP TABLE reservations')}`, "invalidSort"],
      ["sort=date&direction=up", "invalidSort"],
      ["direction=desc", "invalidSort"],
    ] as const
    for (const [query, code] of cases) {
      const answer = await liveGet<{ error: string }>(server, token, `${PRESENTATIONS}&${query}`)
      expect([answer.status, answer.body.error], query).toEqual([400, code])
    }
    // the largest size is allowed
    expect((await liveGet(server, token, `${PRESENTATIONS}&rowsPerPage=100&page=1`)).status).toBe(200)
  })

  it("pages only the staff member's own businesses, however another's are asked for", async ({ skip }) => {
    if (!isUp()) return skip()
    for (const [staff, own, other] of ONE_BUSINESS) {
      const sums = await expected(live(), [own])
      const token = await staffToken(live(), staff.username)
      expect(sums.locations.size, `${staff.username} has sales`).toBeGreaterThan(0)
      for (const ask of [
        "",
        `&businessIds=${other}`,
        `&businessId=${own}&businessId=${other}`,
        "&businessIds=-1",
      ]) {
        // two pages or so: the scope must hold on a later page too
        const size = Math.max(1, Math.ceil(sums.locations.size / 2))
        const answer = await allPages(live(), token, `${LOCATIONS}&sort=sales${ask}`, size)
        expect(answer.totals, `${staff.username} ${ask}`).toEqual(totalsOf(sums.locations))
        expect(new Set(answer.rows.map((row) => row.Key))).toEqual(new Set(sums.locations.keys()))
      }
    }
  })
})
