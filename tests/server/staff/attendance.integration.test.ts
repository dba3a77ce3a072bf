import { describe, expect, it } from "vitest"
import { STAFF_UNCOMPRESSED_BELOW_BYTES } from "../../../src/server/staff/staffSessions.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { arrangeAttendance } from "./_arrange.ts"
import { expectedBy, expectedOf, inScope, numbersOf, rawPresentations } from "./_expected.ts"
import { liveEncoding, liveGet, STAFF, staffToken } from "./_staff.ts"

/**
 * Cinema attendance (issue 18, spec §9) through real HTTP on both databases: every aggregate (the strip, 'All
 * cinemas', each location, venue, feature and presentation) equals the sum the test computes from raw rows, with
 * location 1 left out and the shares rounded as §9 says. The clock is pinned: today is 2026-11-24 in Jerusalem.
 */
const TODAY = "2026-11-24"
const STRIP_FIRST = "2026-11-10"
const STRIP_LAST = "2026-12-08"

type Row = Record<string, unknown>

const stripRows = async (server: RunningServer) =>
  (await rawPresentations(server, "2026-11-08T00:00:00Z", "2026-12-10T00:00:00Z")).filter(
    (p) => p.date >= STRIP_FIRST && p.date <= STRIP_LAST,
  )

/** the strip the scope should see: 29 dates, zeros where nothing is shown */
const expectedStrip = (rows: Awaited<ReturnType<typeof stripRows>>, businessIds: ReadonlyArray<number>) => {
  const byDate = expectedBy(inScope(rows, businessIds), (p) => p.date)
  const zero = expectedOf([])
  return (dates: ReadonlyArray<string>) => dates.map((date) => byDate.get(date) ?? zero)
}

const locationsExpected = (
  rows: Awaited<ReturnType<typeof stripRows>>,
  businessIds: ReadonlyArray<number>,
) => {
  const today = inScope(rows, businessIds).filter((p) => p.date === TODAY)
  return { all: expectedOf(today), each: expectedBy(today, (p) => p.locationId) }
}

describe.each(bothDatabases("staffattendance"))("cinema attendance on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  let arranged: Promise<void> | undefined
  const ready = () => {
    arranged ??= arrangeAttendance(live())
    return arranged
  }

  it("sums the 29-day strip from raw rows, location 1 left out", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const answer = await liveGet<{ today: string; days: ReadonlyArray<Row> }>(
      server,
      token,
      "/PRES-live/attendanceStrip",
    )
    expect(answer.status).toBe(200)
    expect(answer.cacheControl).toBe("no-store")
    expect(answer.body.today).toBe(TODAY)
    const dates = answer.body.days.map((d) => String(d.BusinessDate))
    expect(dates).toHaveLength(29)
    expect(dates[0]).toBe(STRIP_FIRST)
    expect(dates[14]).toBe(TODAY)
    expect(dates[28]).toBe(STRIP_LAST)
    const rows = await stripRows(server)
    expect(answer.body.days.map(numbersOf)).toEqual(expectedStrip(rows, [1, 2])(dates))
    // the seed sold seats today and the arrangement holds some: the comparison is not of zeros
    expect(answer.body.days[14]?.SoldQuantity).toBeGreaterThan(0)
    expect(answer.body.days[14]?.HeldQuantity).toBeGreaterThanOrEqual(3)
    const range = await liveGet<{ days: ReadonlyArray<Row> }>(
      server,
      token,
      `/PRES-live/attendanceByDate/${STRIP_FIRST}/${STRIP_LAST}`,
    )
    expect(range.body.days).toEqual(answer.body.days)
    // the strip fits the first round trip as it is: sent uncompressed (compressing it was ~4 ms of its time);
    // an answer larger than that still goes compressed
    const strip = await liveEncoding(server, token, "/PRES-live/attendanceStrip")
    expect(strip).toEqual({ status: 200, contentEncoding: null, bytes: expect.any(Number) })
    expect(strip.bytes).toBeGreaterThan(1024)
    const large = await liveEncoding(
      server,
      token,
      "/PRES-live/monitors/PresentationSales/data?startDate=2026-10-01&endDate=2026-11-24&rowsPerPage=100",
    )
    expect(large.status).toBe(200)
    expect(large.bytes).toBeGreaterThan(STAFF_UNCOMPRESSED_BELOW_BYTES)
    expect(large.contentEncoding).toBe("br")
  })

  it("answers 'All cinemas' (-1) as the sum of the locations, then each location, never location 1", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const answer = await liveGet<{ locations: ReadonlyArray<Row> }>(
      server,
      token,
      `/PRES-live/attendanceByDateByLocation/${TODAY}`,
    )
    expect(answer.status).toBe(200)
    const [all, ...each] = answer.body.locations
    const expected = locationsExpected(await stripRows(server), [1, 2])
    expect(all?.LocationId).toBe(-1)
    expect(numbersOf(all!)).toEqual(expected.all)
    expect(Number(all!.Availability)).toBe(
      expected.all.Capacity - expected.all.SoldQuantity - expected.all.HeldQuantity,
    )
    expect(new Map(each.map((row) => [Number(row.LocationId), numbersOf(row)]))).toEqual(expected.each)
    expect(each.some((row) => row.LocationId === 1)).toBe(false)
    // location 1 really had sales today: leaving it out changed the sum
    const withOffice = (await stripRows(server)).filter(
      (p) => p.date === TODAY && p.capacity > 0 && p.locationId === 1,
    )
    expect(withOffice.reduce((n, p) => n + p.sold, 0)).toBe(10)
    const officeDrill = await liveGet<{ venues: ReadonlyArray<Row> }>(
      server,
      token,
      `/PRES-live/attendanceByDateByLocationByVenue/${TODAY}/1`,
    )
    expect(officeDrill.body.venues).toEqual([])
  })

  it("drills every location into venues and features, and each into its presentation box", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const today = inScope(await stripRows(server), [1, 2]).filter((p) => p.date === TODAY)
    const locations = [...new Set(today.map((p) => p.locationId)), -1]
    for (const locationId of locations) {
      const here = locationId === -1 ? today : today.filter((p) => p.locationId === locationId)
      for (const [by, field, key] of [
        ["venues", "Venue", (p: (typeof here)[number]) => p.venueId],
        ["features", "Feature", (p: (typeof here)[number]) => p.featureId],
      ] as const) {
        const answer = await liveGet<Record<string, ReadonlyArray<Row>>>(
          server,
          token,
          `/PRES-live/attendanceByDateByLocationBy${field}/${TODAY}/${locationId}`,
        )
        expect(answer.status).toBe(200)
        const groups = answer.body[by] ?? []
        expect(new Map(groups.map((row) => [Number(row.Id), numbersOf(row)]))).toEqual(expectedBy(here, key))
        // the first group's box: its presentations one by one
        const first = groups[0]
        if (first === undefined || locationId === -1) continue
        const box = await liveGet<{ presentations: ReadonlyArray<Row> }>(
          server,
          token,
          `/PRES-live/attendanceByDatePresentationBox/${TODAY}/${locationId}/${by}/${first.Id}`,
        )
        const inBox = here.filter((p) => key(p) === Number(first.Id))
        expect(
          new Map(box.body.presentations.map((row) => [Number(row.PresentationId), numbersOf(row)])),
        ).toEqual(new Map(inBox.map((p) => [p.id, expectedOf([p])])))
        expect(box.body.presentations.every((row) => String(row.BusinessDate) === TODAY)).toBe(true)
      }
    }
  })

  /** Every way a request can name a business; none may reach another business's numbers. */
  const ASKS = (other: number, own: number) => [
    `?businessIds=${other}`,
    `?businessId=${other}`,
    `?businessIds=${other}&businessIds=${other}`,
    `?businessIds=${own},${other}`,
    `?businessIds=${own}&businessId=${other}`,
    `?businessIds=-1`,
    `?businessIds=-${other}`,
    `?businessIds=all`,
    `?businessIds=ALL&businessId=${other}`,
    `?businessIds=${other}&lang=en`,
    `?businessIds=999999`,
  ]

  for (const [who, own, other] of [
    ["chain", 1, 2],
    ["partner", 2, 1],
  ] as const) {
    it(`gives the ${who} staff (business ${own}) only business ${own}'s numbers however business ${other} is asked for`, async ({
      skip,
    }) => {
      if (!isUp()) return skip()
      const server = live()
      await ready()
      const token = await staffToken(server, STAFF[who].username)
      const rows = await stripRows(server)
      const strip = expectedStrip(rows, [own])
      const locations = locationsExpected(rows, [own])
      for (const ask of ["", ...ASKS(other, own)]) {
        const answer = await liveGet<{ days: ReadonlyArray<Row> }>(
          server,
          token,
          `/PRES-live/attendanceStrip${ask}`,
        )
        expect(answer.status, ask).toBe(200)
        expect(answer.body.days.map(numbersOf), ask).toEqual(
          strip(answer.body.days.map((d) => String(d.BusinessDate))),
        )
        const byLocation = await liveGet<{ locations: ReadonlyArray<Row> }>(
          server,
          token,
          `/PRES-live/attendanceByDateByLocation/${TODAY}${ask}`,
        )
        const [all, ...each] = byLocation.body.locations
        expect(numbersOf(all!), ask).toEqual(locations.all)
        expect(new Map(each.map((row) => [Number(row.LocationId), numbersOf(row)])), ask).toEqual(
          locations.each,
        )
      }
      // the other business's venues and features named in the path give nothing
      const theirs = inScope(rows, [other]).filter((p) => p.date === TODAY)
      for (const p of theirs.slice(0, 3)) {
        for (const [by, id] of [
          ["venues", p.venueId],
          ["features", p.featureId],
        ] as const) {
          const box = await liveGet<{ presentations: ReadonlyArray<Row> }>(
            server,
            token,
            `/PRES-live/attendanceByDatePresentationBox/${TODAY}/${p.locationId}/${by}/${id}?businessIds=${other}`,
          )
          expect(box.status).toBe(200)
          expect(
            box.body.presentations.every((row) => !theirs.some((t) => t.id === row.PresentationId)),
          ).toBe(true)
        }
        const venues = await liveGet<{ venues: ReadonlyArray<Row> }>(
          server,
          token,
          `/PRES-live/attendanceByDateByLocationByVenue/${TODAY}/${p.locationId}?businessId=${other}`,
        )
        const mine = expectedBy(
          inScope(rows, [own]).filter((q) => q.date === TODAY && q.locationId === p.locationId),
          (q) => q.venueId,
        )
        expect(new Map(venues.body.venues.map((row) => [Number(row.Id), numbersOf(row)]))).toEqual(mine)
      }
    })
  }

  it("lists as filter data only the cinemas where the member's businesses show, never location 1", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const showing = async (businessIds: ReadonlyArray<number>) =>
      (
        await server.query<{ location_id: number }>(
          `SELECT DISTINCT v.location_id FROM presentations p JOIN venues v ON v.id = p.venue_id
           WHERE p.business_id = ANY($1::int[]) AND v.location_id <> 1 ORDER BY 1`,
          [businessIds],
        )
      ).map((row) => row.location_id)
    for (const [who, own, other] of [
      ["chain", 1, 2],
      ["partner", 2, 1],
    ] as const) {
      const token = await staffToken(server, STAFF[who].username)
      for (const ask of [
        "",
        `?businessIds=${other}`,
        "?businessIds=all",
        `?businessId=-1&businessId=${other}`,
      ]) {
        const answer = await liveGet<{
          locations: ReadonlyArray<{ LocationId: number }>
          productClasses: ReadonlyArray<string>
          weekendDays: ReadonlyArray<number>
        }>(server, token, `/PRES-live/getCinemaFilterData${ask}`)
        expect(answer.status, ask).toBe(200)
        expect(
          answer.body.locations.map((l) => l.LocationId).sort((a, b) => a - b),
          ask,
        ).toEqual(await showing([own]))
        expect(answer.body.weekendDays).toEqual([5, 6])
        expect(answer.body.productClasses.length).toBeGreaterThan(0)
      }
    }
  })

  it("lets a member of two businesses narrow to one, never widen", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const rows = await stripRows(server)
    for (const business of [1, 2]) {
      const answer = await liveGet<{ locations: ReadonlyArray<Row> }>(
        server,
        token,
        `/PRES-live/attendanceByDateByLocation/${TODAY}?businessIds=${business}`,
      )
      expect(numbersOf(answer.body.locations[0]!)).toEqual(locationsExpected(rows, [business]).all)
    }
  })

  it("answers bad input with 400 and a code, never 500", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.chain.username)
    const cases: ReadonlyArray<readonly [string, string | undefined]> = [
      ["/PRES-live/attendanceStrip?businessIds=abc", "invalidBusinessIds"],
      ["/PRES-live/attendanceStrip?businessIds=1.5", "invalidBusinessIds"],
      ["/PRES-live/attendanceByDateByLocation/2026-02-30", "invalidDate"],
      ["/PRES-live/attendanceByDateByLocation/all", "invalidDate"],
      ["/PRES-live/attendanceByDate/2026-11-24/2026-11-01", "invalidRange"],
      ["/PRES-live/attendanceByDate/2026-01-01/2026-12-31", "invalidRange"],
      [`/PRES-live/attendanceByDateByLocationByVenue/${TODAY}/0`, "invalidDrill"],
      [`/PRES-live/attendanceByDateByLocationByVenue/${TODAY}/x`, undefined],
      [`/PRES-live/attendanceByDatePresentationBox/${TODAY}/1170/rooms/1`, undefined],
    ]
    for (const [path, code] of cases) {
      const answer = await liveGet<{ error?: string }>(server, token, path)
      expect(answer.status, path).toBe(400)
      if (code !== undefined) expect(answer.body.error, path).toBe(code)
    }
  })
})
