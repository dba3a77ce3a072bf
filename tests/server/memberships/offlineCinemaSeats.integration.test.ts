import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { DEMO_MOBILE, signIn } from "../customerArea/_area.ts"
import { enrolSeatCall, MEMBERSHIP, seasonStage } from "../enrol/_enrol.ts"
import { seatCall, seatedStage } from "./_memberships.ts"

/**
 * Issue 19: a cinema offline for sales (`locations.is_online` false) sells nothing online, season seats included.
 * A membership whose seats are at that cinema is not for sale (its seat lock answers noMembershipsForSale and holds
 * nothing), yet a seat the cart already holds can still be let go; an enrolment season there is closed
 * (enrolmentClosed). The browser is told why (the membership's seat read answers locationOffline with the cinema's
 * name, the enrolment offer names the cinema in `offlineCinemas`) for its offline-venue view. Back online, both sell
 * again. Both databases.
 */
const databases = bothDatabases("offline_seasons")

const setVenueOnline = (server: RunningServer, venueId: number, online: boolean) =>
  server.query(
    `UPDATE locations SET is_online = $2 WHERE id = (SELECT location_id FROM venues WHERE id = $1)`,
    [venueId, online],
  )

const heldBy = async (server: RunningServer, cart: string) =>
  (
    await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM seat_allocations WHERE cart_token = $1`,
      [cart],
    )
  )[0]?.n

/** The English name of the hall's cinema. */
const cinemaOf = async (server: RunningServer, venueId: number) =>
  (
    await server.query<{ name: string }>(
      `SELECT l.name->>'en' AS name FROM locations l JOIN venues v ON v.location_id = l.id WHERE v.id = $1`,
      [venueId],
    )
  )[0]?.name

const errorOf = async (response: Response) => ((await response.json()) as { error?: string }).error

describe.each(databases)("season seats at a cinema offline for sales on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("a membership's season seat: refused while offline, nothing held; a held seat is still let go", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const stage = await seatedStage(server, used)
    const cart = await newCart(server.baseUrl)
    expect((await seatCall(server, cart, stage, 0)).status).toBe(200)
    await setVenueOnline(server, stage.venueId, false)
    try {
      const refused = await seatCall(server, await newCart(server.baseUrl), stage, 1)
      expect(refused.status).toBe(404)
      expect(await errorOf(refused)).toBe("noMembershipsForSale")
      // the seat step's read says why, naming the cinema: the browser's offline-venue view
      const plan = await fetch(
        `${server.baseUrl}/api/membership/seatplan?membershipId=${stage.membershipId}&lang=en`,
      )
      expect(plan.status).toBe(409)
      expect(await plan.json()).toMatchObject({
        error: "locationOffline",
        locationName: await cinemaOf(server, stage.venueId),
      })
      // the cart that held a seat before the cinema went offline can still give it back
      expect((await seatCall(server, cart, stage, 0, { action: "unlock" })).status).toBe(200)
      expect(await heldBy(server, cart)).toBe(0)
    } finally {
      await setVenueOnline(server, stage.venueId, true)
    }
    const again = await newCart(server.baseUrl)
    expect(
      (await fetch(`${server.baseUrl}/api/membership/seatplan?membershipId=${stage.membershipId}`)).status,
    ).toBe(200)
    expect((await seatCall(server, again, stage, 1)).status).toBe(200)
    expect(await heldBy(server, again)).toBe(stage.showings.length)
  })

  it("an enrolment season: closed while offline, nothing held; open again once back online", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const stage = await seasonStage(server, used)
    const auth = { cart: await newCart(server.baseUrl), uuid: await signIn(server, DEMO_MOBILE) }
    const offer = async () => {
      const response = await fetch(`${server.baseUrl}/api/enroll/${MEMBERSHIP}?lang=en`, {
        headers: { uuid: auth.uuid },
      })
      expect(response.status).toBe(200)
      const body = (await response.json()) as {
        seasons: Array<{ SeasonId: number }>
        offlineCinemas: Array<string>
      }
      return {
        offered: body.seasons.some((s) => s.SeasonId === stage.seasonId),
        offline: body.offlineCinemas,
      }
    }
    const cinema = await cinemaOf(server, stage.venueId)
    expect(await offer()).toMatchObject({ offered: true })
    expect((await offer()).offline).not.toContain(cinema)
    await setVenueOnline(server, stage.venueId, false)
    try {
      // the offer leaves the season out and names its cinema: the browser's offline-venue view
      expect(await offer()).toMatchObject({ offered: false })
      expect((await offer()).offline).toContain(cinema)
      const refused = await enrolSeatCall(server, auth, stage, 0, null)
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect(await errorOf(refused)).toBe("enrolmentClosed")
      expect(await heldBy(server, auth.cart)).toBe(0)
    } finally {
      await setVenueOnline(server, stage.venueId, true)
    }
    expect((await enrolSeatCall(server, auth, stage, 0, null)).status).toBe(200)
  })
})
