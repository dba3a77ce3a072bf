import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { rawRequest } from "../../_support/rawRequest.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { arrangeAttendance } from "./_arrange.ts"
import {
  expectedBy,
  expectedOf,
  inScope,
  numbersOf,
  type RawPresentation,
  rawPresentations,
} from "./_expected.ts"
import { liveGet, ONE_BUSINESS, STAFF, staffToken } from "./_staff.ts"

/**
 * Live v2, the feature/presentation view (spec §4 "Live v2", §7 `/PRES-live/v2/…`), through real HTTP on both
 * databases: every number equals the sum the test computes from raw rows (tests/server/staff/_expected.ts), with
 * location 1 left out; and a staff member of one business, however they name the other (query, repeated or
 * comma-separated parameter, a negative or 'all' id, a body, the other's feature or presentations), sees only
 * their own. The clock is pinned: today is 2026-11-24 in Jerusalem.
 */
const TODAY = "2026-11-24"
const RANGE = { start: "2026-11-23", end: "2026-11-25" }

type Row = Record<string, unknown>
interface Features {
  readonly features: ReadonlyArray<Row>
}
interface FeatureData {
  readonly totals: Row
  readonly presentations: ReadonlyArray<Row>
}
interface Presentations {
  readonly presentations: ReadonlyArray<Row>
}

/** the raw presentations of the dates from..to (Jerusalem business dates) */
const rawBetween = async (server: RunningServer, from: string, to: string) =>
  (await rawPresentations(server, "2026-11-20T00:00:00Z", "2026-11-28T00:00:00Z")).filter(
    (p) => p.date >= from && p.date <= to,
  )

const byId = (rows: ReadonlyArray<Row>, key: string) =>
  new Map(rows.map((row) => [Number(row[key]), numbersOf(row)]))
const perPresentation = (rows: ReadonlyArray<RawPresentation>) =>
  new Map(rows.map((p) => [p.id, expectedOf([p])]))

/** Every way a request's query can name a business; none may reach another business's numbers. */
const ASKS = (other: number, own: number) => [
  "",
  `&businessIds=${other}`,
  `&businessId=${other}`,
  `&businessIds=${other}&businessIds=${other}`,
  `&businessIds=${own},${other}`,
  `&businessIds=${own}&businessId=${other}`,
  `&businessIds[]=${other}`,
  `&businessIds=-1`,
  `&businessIds=-${other}`,
  `&businessIds=all`,
  `&businessIds=ALL&businessId=${other}`,
  `&businessIds=999999`,
]

describe.each(bothDatabases("stafffeatureview"))("live v2 feature view on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  let arranged: Promise<void> | undefined
  const ready = () => {
    arranged ??= arrangeAttendance(live())
    return arranged
  }

  it("lists the features of today and of a range with their sums from raw rows, location 1 left out", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const today = inScope(await rawBetween(server, TODAY, TODAY), [1, 2])
    // no dates: the chain's today
    const answer = await liveGet<Features>(server, token, "/PRES-live/v2/availableFeatures")
    expect([answer.status, answer.cacheControl]).toEqual([200, "no-store"])
    expect(byId(answer.body.features, "Id")).toEqual(expectedBy(today, (p) => p.featureId))
    expect(answer.body.features.some((row) => Number(row.SoldQuantity) > 0)).toBe(true)
    const range = inScope(await rawBetween(server, RANGE.start, RANGE.end), [1, 2])
    const ranged = await liveGet<Features>(
      server,
      token,
      `/PRES-live/v2/availableFeatures?startDate=${RANGE.start}&endDate=${RANGE.end}`,
    )
    expect(byId(ranged.body.features, "Id")).toEqual(expectedBy(range, (p) => p.featureId))
    // one cinema
    const locationId = today[0]!.locationId
    const here = await liveGet<Features>(
      server,
      token,
      `/PRES-live/v2/availableFeatures?locationId=${locationId}`,
    )
    expect(byId(here.body.features, "Id")).toEqual(
      expectedBy(
        today.filter((p) => p.locationId === locationId),
        (p) => p.featureId,
      ),
    )
    // location 1 really shows today (the arrangement's sales): leaving it out is what changed the sums
    const office = (await rawBetween(server, TODAY, TODAY)).filter((p) => p.locationId === 1 && p.sold > 0)
    expect(office.length).toBeGreaterThan(0)
  })

  it("answers a feature's presentations and totals, narrowed to the presentations named, and one presentation", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.admin.username)
    const today = inScope(await rawBetween(server, TODAY, TODAY), [1, 2])
    // the feature of the arrangement's head-office showings (990001, 990002), and every other one of today
    const office = (await rawBetween(server, TODAY, TODAY)).find((p) => p.id === 990001)!
    const featureIds = [...new Set([office.featureId, ...today.map((p) => p.featureId)])]
    for (const featureId of featureIds) {
      const mine = today.filter((p) => p.featureId === featureId)
      const data = await liveGet<FeatureData>(
        server,
        token,
        `/PRES-live/v2/featureData?featureId=${featureId}`,
      )
      expect(data.status).toBe(200)
      expect(numbersOf(data.body.totals), String(featureId)).toEqual(expectedOf(mine))
      expect(Number(data.body.totals.Presentations)).toBe(mine.length)
      expect(byId(data.body.presentations, "PresentationId")).toEqual(perPresentation(mine))
      const listed = await liveGet<Presentations>(
        server,
        token,
        `/PRES-live/v2/availablePresentations?featureId=${featureId}`,
      )
      expect(byId(listed.body.presentations, "PresentationId")).toEqual(perPresentation(mine))
    }
    expect(office.sold).toBeGreaterThan(0)
    // the totals of the presentations named only (the head office's one, at location 1, drops out)
    const several = today.filter((p) => p.featureId === office.featureId)
    const chosen = several.slice(0, 2)
    expect(chosen.length).toBeGreaterThan(0)
    const narrowed = await liveGet<FeatureData>(
      server,
      token,
      `/PRES-live/v2/featureData?featureId=${office.featureId}&presentationIds=${[...chosen.map((p) => p.id), 990001].join(",")}`,
    )
    expect(numbersOf(narrowed.body.totals)).toEqual(expectedOf(chosen))
    // one presentation, on its date or in a range that holds it; not on another date, not at location 1
    const one = today.find((p) => p.sold > 0) ?? today[0]!
    for (const dates of ["", `&startDate=${RANGE.start}&endDate=${RANGE.end}`]) {
      const shown = await liveGet<{ presentation: Row }>(
        server,
        token,
        `/PRES-live/v2/presentationData?presentationId=${one.id}${dates}`,
      )
      expect([shown.status, numbersOf(shown.body.presentation)]).toEqual([200, expectedOf([one])])
      expect(shown.body.presentation.BusinessDate).toBe(TODAY)
    }
    for (const path of [
      `/PRES-live/v2/presentationData?presentationId=${one.id}&startDate=2026-11-26`,
      "/PRES-live/v2/presentationData?presentationId=990001",
      "/PRES-live/v2/presentationData?presentationId=999999999",
    ]) {
      const missing = await liveGet<{ error: string }>(server, token, path)
      expect([missing.status, missing.body.error], path).toEqual([404, "presentationNotFound"])
    }
  })

  for (const [who, own, other] of ONE_BUSINESS) {
    it(`gives the staff of business ${own} only its own v2 numbers however business ${other} is asked for`, async ({
      skip,
    }) => {
      if (!isUp()) return skip()
      const server = live()
      await ready()
      const token = await staffToken(server, who.username)
      const raw = await rawBetween(server, TODAY, TODAY)
      const mine = inScope(raw, [own])
      const theirs = inScope(raw, [other])
      // the comparison is between two businesses that both show today
      expect([mine.length > 0, theirs.length > 0]).toEqual([true, true])
      const theirFeature = theirs[0]!.featureId
      const mineOfTheirFeature = mine.filter((p) => p.featureId === theirFeature)
      for (const ask of ASKS(other, own)) {
        const features = await liveGet<Features>(
          server,
          token,
          `/PRES-live/v2/availableFeatures?lang=en${ask}`,
        )
        expect(features.status, ask).toBe(200)
        expect(byId(features.body.features, "Id"), ask).toEqual(expectedBy(mine, (p) => p.featureId))
        // their feature named in the query: only this business's showings of it (none, when it shows none)
        const data = await liveGet<FeatureData>(
          server,
          token,
          `/PRES-live/v2/featureData?featureId=${theirFeature}${ask}`,
        )
        expect(numbersOf(data.body.totals), ask).toEqual(expectedOf(mineOfTheirFeature))
        expect(byId(data.body.presentations, "PresentationId"), ask).toEqual(
          perPresentation(mineOfTheirFeature),
        )
        const listed = await liveGet<Presentations>(
          server,
          token,
          `/PRES-live/v2/availablePresentations?featureId=${theirFeature}${ask}`,
        )
        expect(byId(listed.body.presentations, "PresentationId"), ask).toEqual(
          perPresentation(mineOfTheirFeature),
        )
        // their presentation, by id: answered as one that is not there
        const one = await liveGet<{ error?: string }>(
          server,
          token,
          `/PRES-live/v2/presentationData?presentationId=${theirs[0]!.id}${ask}`,
        )
        expect([one.status, one.body.error], ask).toEqual([404, "presentationNotFound"])
      }
      // their presentations named in the list of presentations to total: dropped, never summed
      const named = await liveGet<FeatureData>(
        server,
        token,
        `/PRES-live/v2/featureData?featureId=${theirFeature}&presentationIds=${theirs.map((p) => p.id).join(",")}&businessIds=${other}`,
      )
      const mineNamed = mineOfTheirFeature.filter((p) => theirs.some((t) => t.id === p.id))
      expect(numbersOf(named.body.totals)).toEqual(expectedOf(mineNamed))
      expect(named.body.presentations).toEqual([])
      // a body naming the other business (a GET with JSON, as a hostile client may send): not read at all
      const withBody = await rawRequest(server.baseUrl, {
        method: "GET",
        path: "/api/PRES-live/v2/availableFeatures",
        headers: { "x-staff-token": token, "content-type": "application/json" },
        body: JSON.stringify({ businessIds: [other], businessId: other }),
        timeoutMs: 30_000,
      })
      expect(withBody._tag).toBe("Answered")
      if (withBody._tag !== "Answered") return
      expect(withBody.status).toBe(200)
      const fromBody = JSON.parse(withBody.text) as Features
      expect(byId(fromBody.features, "Id")).toEqual(expectedBy(mine, (p) => p.featureId))
    })
  }

  it("refuses bad input with 400 and a code, and a call without a staff session with 401", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    await ready()
    const token = await staffToken(server, STAFF.chain.username)
    const cases: ReadonlyArray<readonly [string, string | undefined]> = [
      ["/PRES-live/v2/availableFeatures?businessIds=abc", "invalidBusinessIds"],
      ["/PRES-live/v2/availableFeatures?startDate=2026-02-30", "invalidDate"],
      ["/PRES-live/v2/availableFeatures?startDate=2026-11-24&endDate=2026-11-01", "invalidRange"],
      ["/PRES-live/v2/availableFeatures?startDate=2026-01-01&endDate=2026-12-31", "invalidRange"],
      ["/PRES-live/v2/featureData?featureId=1&presentationIds=1,x", "invalidDrill"],
      ["/PRES-live/v2/featureData", undefined],
      ["/PRES-live/v2/availablePresentations?featureId=-3", undefined],
      ["/PRES-live/v2/presentationData?presentationId=abc", undefined],
    ]
    for (const [path, code] of cases) {
      const answer = await liveGet<{ error?: string }>(server, token, path)
      expect(answer.status, path).toBe(400)
      if (code !== undefined) expect(answer.body.error, path).toBe(code)
    }
    for (const path of [
      "/PRES-live/v2/availableFeatures",
      "/PRES-live/v2/featureData?featureId=1",
      "/PRES-live/v2/availablePresentations?featureId=1",
      "/PRES-live/v2/presentationData?presentationId=1",
    ]) {
      const nobody = await liveGet<{ error?: string }>(server, undefined, path)
      expect([nobody.status, nobody.body.error], path).toEqual([401, "STAFF_LOGIN_REQUIRED"])
    }
  })
})
