import { gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SiteConfig } from "../../../src/api/ConfigApi.ts"
import type { LocationList } from "../../../src/api/CustomerApi.ts"
import { decodeSeatplanBody } from "../../../src/api/compactSeatplan.ts"
import type { PresentationDetail, PresentationList } from "../../../src/api/PresentationEntities.ts"
import { SEATPLAN_CONTENT_TYPE, type Seatplan } from "../../../src/api/SeatsApi.ts"
import { DEMO_IMAGE_MAP, DEMO_IMAGE_MAP_VENUE_ID } from "../../../src/server/db/seed/imageMaps.ts"
import { bothDatabases } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/**
 * The HTTP contract through real HTTP, once on the embedded PGlite and once on the PostgreSQL server, both
 * migrated and seeded exactly as `npm start` does.
 */
const databases = bothDatabases("api")

describe.each(databases)("API on $name", ({ start }) => {
  let server: RunningServer | undefined
  let cleanup: () => Promise<void> = async () => {}
  const get = (path: string) => {
    if (server === undefined) throw new Error("server not started")
    return fetch(`${server.baseUrl}${path}`)
  }

  beforeAll(async () => {
    const started = await start()
    if (started === undefined) return
    server = started.server
    cleanup = started.cleanup
  })
  afterAll(async () => {
    await server?.close()
    await cleanup()
  })

  const live = (name: string, body: () => Promise<void>) =>
    it(name, async (context) => {
      if (server === undefined) context.skip()
      await body()
    })

  live("GET /api/config has ILS and the step timers", async () => {
    const response = await get("/api/config")
    expect(response.status).toBe(200)
    const config = (await response.json()) as SiteConfig
    expect(config.currencies).toContainEqual(
      expect.objectContaining({ CurrencyCode: "ILS", symbol: "₪", decimals: 2 }),
    )
    expect(config.params["665"].chooseSeatsInSeconds).toBeGreaterThan(0)
    expect(config.locales.enabled).toEqual(["he", "en", "ru"])
    expect(config.timeZone).toBe("Asia/Jerusalem")
  })

  live("GET /api/presentations/ lists upcoming seeded presentations in time order", async () => {
    const response = await get("/api/presentations/")
    expect(response.status).toBe(200)
    const list = (await response.json()) as PresentationList
    expect(list.presentations.length).toBeGreaterThan(20)
    expect(list.hasReserved).toBe(true)
    expect(list.hasGA).toBe(true)
    const times = list.presentations.map((p) => Date.parse(p.dateTime))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times[0]).toBeGreaterThanOrEqual((server?.now() ?? 0) - 60_000)
    for (const p of list.presentations)
      expect(p.dateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[23]:00$/)
    expect(new Set(list.presentations.map((p) => p.seatingMode))).toEqual(
      new Set(["reserved", "singleGA", "multiGA", "mixed"]),
    )
    expect(list.presentations.some((p) => p.isVod)).toBe(true)
    for (const p of list.presentations) {
      if (p.isVod) expect([p.capacity, p.availableSeats]).toEqual([null, null])
      else expect(p.availableSeats).toBeLessThanOrEqual(p.capacity!)
    }
    // seeded advance sales for upcoming shows are subtracted from what is left
    expect(list.presentations.some((p) => p.availableSeats !== null && p.availableSeats < p.capacity!)).toBe(
      true,
    )
  })

  live("localised names follow lang", async () => {
    const he = (await (await get("/api/presentations/")).json()) as PresentationList
    const en = (await (await get("/api/presentations/?lang=en")).json()) as PresentationList
    const first = he.presentations[0]!
    const same = en.presentations.find((p) => p.id === first.id)!
    expect(first.featureName).toMatch(/[\u0590-\u05FF]/)
    expect(same.featureName).toMatch(/[A-Za-z]/)
    expect(same.featureName).not.toBe(first.featureName)
  })

  live("featureIds and locationId filter the list", async () => {
    const all = (await (await get("/api/presentations/")).json()) as PresentationList
    const featureId = all.presentations[0]!.featureId
    const locationId = all.presentations[0]!.locationId
    const byFeature = (await (
      await get(`/api/presentations/?featureIds=${featureId}`)
    ).json()) as PresentationList
    expect(byFeature.presentations.length).toBeGreaterThan(0)
    expect(byFeature.presentations.every((p) => p.featureId === featureId)).toBe(true)
    const byLocation = (await (
      await get(`/api/presentations/?locationId=${locationId}`)
    ).json()) as PresentationList
    expect(byLocation.presentations.every((p) => p.locationId === locationId)).toBe(true)
    expect(byLocation.presentations.length).toBeLessThan(all.presentations.length)
  })

  live("GET /api/presentations/{id} returns the presentation and serverTime", async () => {
    const all = (await (await get("/api/presentations/")).json()) as PresentationList
    const id = all.presentations[0]!.id
    const response = await get(`/api/presentations/${id}`)
    expect(response.status).toBe(200)
    const detail = (await response.json()) as PresentationDetail
    expect(detail.presentation).toEqual(all.presentations[0])
    expect(Math.abs(Date.parse(detail.serverTime) - (server?.now() ?? 0))).toBeLessThan(60_000)
  })

  live(
    "a venue's image map is served as stored with each of its presentations (spec §3 imageMapHtml)",
    async () => {
      const all = (await (await get("/api/presentations/")).json()) as PresentationList
      const mapped = all.presentations.filter((p) => p.venueId === DEMO_IMAGE_MAP_VENUE_ID)
      expect(mapped.length).toBeGreaterThan(0)
      for (const p of mapped) expect(p.imageMapHtml).toBe(DEMO_IMAGE_MAP)
      for (const p of all.presentations.filter((p) => p.venueId !== DEMO_IMAGE_MAP_VENUE_ID))
        expect(p.imageMapHtml).toBeNull()
      const detail = (await (await get(`/api/presentations/${mapped[0]!.id}`)).json()) as PresentationDetail
      expect(detail.presentation.imageMapHtml).toBe(DEMO_IMAGE_MAP)
    },
  )

  live(
    "a location's venue brand travels with its presentations, and Arabic names with lang=ar (issue 19)",
    async () => {
      const all = (await (await get("/api/presentations/?lang=ar")).json()) as PresentationList
      const brands = new Map([
        [1181, "lounge"],
        [1173, "family"],
      ])
      for (const [locationId, brand] of brands) {
        const branded = all.presentations.filter((p) => p.locationId === locationId)
        expect(branded.length, brand).toBeGreaterThan(0)
        for (const p of branded) expect(p.locationBrand).toBe(brand)
      }
      for (const p of all.presentations.filter((p) => !brands.has(p.locationId)))
        expect(p.locationBrand).toBeNull()
      // the demo data's Arabic (seed/arabic.ts): a film and its category, not their English
      expect(all.presentations[0]!.featureName).toMatch(/^[\u0600-\u06FF\s\d]+$/)
      expect(all.presentations[0]!.featureCategoryName).toMatch(/^[\u0600-\u06FF\s]+$/)
    },
  )

  live("the detail carries ticket groups, prices in agorot, booking fees and products", async () => {
    const all = (await (await get("/api/presentations/?lang=en")).json()) as PresentationList
    const hall = all.presentations.find((p) => !p.isVod && !p.is3D)!
    const threeD = all.presentations.find((p) => p.is3D)!
    const detail = (await (await get(`/api/presentations/${hall.id}?lang=en`)).json()) as PresentationDetail
    expect(detail.ticketGroups.length).toBeGreaterThan(0)
    const prices = detail.ticketGroups.flatMap((group) => group.tickets.map((ticket) => ticket.price))
    expect(prices.length).toBeGreaterThan(1)
    for (const price of prices) expect(Number.isInteger(price) && price > 0).toBe(true)
    expect(detail.products.length).toBeGreaterThan(0)
    expect(detail.products.some((product) => product.is3DGlasses)).toBe(false)
    const withGlasses = (await (await get(`/api/presentations/${threeD.id}`)).json()) as PresentationDetail
    expect(withGlasses.products.some((product) => product.is3DGlasses)).toBe(true)
    // per-ticket fees ride on the tickets; location 1173 also charges a booking fee on the order
    const at1173 = all.presentations.find((p) => p.locationId === 1173)!
    const withFee = (await (await get(`/api/presentations/${at1173.id}`)).json()) as PresentationDetail
    expect(withFee.serviceCharge).toContainEqual(expect.objectContaining({ appliesPer: "order" }))
  })

  live("an unknown presentation answers the spec's 'no event found' error", async () => {
    const response = await get("/api/presentations/999999999")
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: "noEventFound" })
  })

  live("bad input is a 400 problem naming the field", async () => {
    for (const [path, field] of [
      ["/api/presentations/abc", "id"],
      ["/api/presentations/?locationId=x", "locationId"],
      ["/api/presentations/?featureIds=1,,2", "featureIds"],
      ["/api/presentations/?lang=xx", "lang"],
    ] as const) {
      const response = await get(path)
      expect(response.status, path).toBe(400)
      expect(response.headers.get("content-type")).toContain("application/problem+json")
      expect(JSON.stringify(await response.json()), path).toContain(field)
    }
  })

  live("an unknown /api path is a JSON 404, never the app shell", async () => {
    for (const path of ["/api/no-such-thing", "/api/presentations/1/nope"]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get("content-type"), path).toContain("json")
    }
  })

  live("GET /api/features/ and /api/customer/locations", async () => {
    const features = (await (await get("/api/features/?lang=ru")).json()) as {
      features: ReadonlyArray<unknown>
    }
    expect(features.features.length).toBeGreaterThanOrEqual(20)
    const locations = (await (await get("/api/customer/locations?lang=en")).json()) as LocationList
    const ids = locations.locations.map((l) => l.LocationId)
    expect(ids).toEqual(expect.arrayContaining([1173, 1181]))
    expect(ids).not.toContain(1)
  })

  live("GET /api/seats/seatplan-compact is the JSON seatplan in a fraction of the bytes", async () => {
    // the largest hall the demo has: the open-air amphitheatre's some 23,000 seats
    const [hall] = await (server as RunningServer).query<{ venueId: number; seatplanId: number }>(
      `SELECT v.id AS "venueId", v.seatplan_id AS "seatplanId" FROM venues v
       ORDER BY (SELECT count(*) FROM seats s WHERE s.seatplan_id = v.seatplan_id) DESC LIMIT 1`,
    )
    if (hall === undefined) throw new Error("no venue in the seeded data")
    const query = `venueId=${hall.venueId}&seatplanId=${hall.seatplanId}&lang=en`
    // each answer read once (some 23,000 seats: on PGlite under load, seconds a call) for its content and its size
    const jsonBody = Buffer.from(await (await get(`/api/seats/seatplan?${query}`)).arrayBuffer())
    const json = JSON.parse(jsonBody.toString("utf8")) as Seatplan
    const compact = await get(`/api/seats/seatplan-compact?${query}`)
    expect(compact.status).toBe(200)
    expect(compact.headers.get("content-type")).toBe(SEATPLAN_CONTENT_TYPE)
    expect(compact.headers.get("content-encoding")).toMatch(/^(br|gzip)$/)
    const compactBody = Buffer.from(await compact.arrayBuffer())
    const decoded = decodeSeatplanBody(new Uint8Array(compactBody))
    const { seats, ...hallPart } = json.seatplan
    const { seats: decodedSeats, ...decodedHall } = decoded.seatplan
    expect(decodedHall).toEqual(hallPart)
    expect(seats.length).toBeGreaterThan(10_000)
    expect(decodedSeats).toHaveLength(seats.length)
    // the same seats in the same order; positions to 1/100 of a seat width
    type Seat = Seatplan["seatplan"]["seats"][number]
    const withoutPositions = (list: ReadonlyArray<Seat>) =>
      list.map(({ PositionX, PositionY, ...rest }) => rest)
    expect(withoutPositions(decodedSeats)).toEqual(withoutPositions(seats))
    const worst = decodedSeats.reduce((most, seat, i) => {
      const original = seats[i] as Seat
      return Math.max(
        most,
        Math.abs(seat.PositionX - original.PositionX),
        Math.abs(seat.PositionY - original.PositionY),
      )
    }, 0)
    expect(worst).toBeLessThanOrEqual(0.005 + 1e-9)
    // what goes over the wire, both compressed the same way
    expect(gzipSync(compactBody).length * 10).toBeLessThan(gzipSync(jsonBody).length)
    expect((await get(`/api/seats/seatplan-compact?venueId=999999&seatplanId=999999`)).status).toBe(404)
  })

  live("/api/openapi.json is generated from the contract", async () => {
    const spec = (await (await get("/api/openapi.json")).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        "/api/config",
        "/api/presentations/",
        "/api/presentations/{id}",
        "/api/features/",
      ]),
    )
  })
})
