import { beforeAll, describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { json, liveGet, STAFF, staffToken } from "./_staff.ts"

/**
 * Issue 18 brokers (spec §4, src/api/StaffBrokersApi.ts) through real HTTP on both databases: a broker's lock takes
 * a presentation off sale for buyers (the shop lists it as not on sale and refuses a seat lock), unlocking makes
 * it sellable again, saving for sale puts it on sale; another business's presentation is not found whatever the
 * request names, a staff member who is not a broker is refused, and simultaneous calls leave one state.
 * Seeded brokers: admin (businesses 1, 2) and partner.haifa (2); manager.tlv and analyst are not brokers.
 */
type Done = {
  presentation: { PresentationId: number; SaleState: string; LockedBy: string | null; Started: boolean }
  changed: boolean
}
type Row = { onSale: boolean; lockedBy: number | null; wasOnSale: boolean | null }

const act = (server: RunningServer, token: string, action: string, id: number, query = "") =>
  fetch(`${server.baseUrl}/api/PRES-live/brokers/${action}/${id}${query}`, {
    method: "POST",
    headers: { ...json, "x-staff-token": token },
    body: "{}",
  })

const stateOf = async (server: RunningServer, id: number): Promise<Row> => {
  const [row] = await server.query<Row>(
    `SELECT is_on_sale AS "onSale", broker_locked_by AS "lockedBy", broker_was_on_sale AS "wasOnSale"
     FROM presentations WHERE id = $1`,
    [id],
  )
  if (row === undefined) throw new Error(`no presentation ${id}`)
  return row
}

/** Future presentations of `business` on sale in an ordinary reserved hall, soonest first. */
const sellable = async (server: RunningServer, business: number) =>
  (
    await server.query<{ id: number }>(
      `SELECT p.id FROM presentations p JOIN venues v ON v.id = p.venue_id
       WHERE p.business_id = $1 AND p.is_on_sale AND p.starts_at > marquee_now() + interval '2 hours'
         AND v.venue_type_id = 1 AND v.seatplan_id IS NOT NULL
         AND EXISTS (SELECT 1 FROM venue_sections s WHERE s.seatplan_id = v.seatplan_id AND s.is_reserved)
       ORDER BY p.starts_at, p.id LIMIT 5`,
      [business],
    )
  ).map((row) => row.id)

const lockSeat = async (server: RunningServer, presentationId: number) => {
  const best = (await (
    await fetch(
      `${server.baseUrl}/api/seats/best-available?presentationId=${presentationId}&quantity=1&isLock=false`,
    )
  ).json()) as { matches?: Array<{ seats: Array<Record<string, unknown>> }> }
  const seat = best.matches?.[0]?.seats[0]
  return async () => {
    if (seat === undefined) throw new Error(`no free seat at ${presentationId}`)
    const response = await fetch(`${server.baseUrl}/api/seats/lock-seat`, {
      method: "PUT",
      headers: { ...json, "x-cart-token": await newCart(server.baseUrl) },
      body: JSON.stringify({ seat }),
    })
    return { status: response.status, body: (await response.json()) as { error?: string } }
  }
}

const shopSaysOnSale = async (server: RunningServer, id: number) =>
  (
    (await (await fetch(`${server.baseUrl}/api/presentations/${id}`)).json()) as {
      presentation: { isOnSale: boolean }
    }
  ).presentation.isOnSale

describe.each(bothDatabases("staffbrokers"))("brokers' lock, unlock and save on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  let admin: string
  let partner: string
  let analyst: string
  let chainShows: ReadonlyArray<number>
  beforeAll(async () => {
    if (!isUp()) return
    const server = live()
    admin = await staffToken(server, STAFF.admin.username)
    partner = await staffToken(server, STAFF.partner.username)
    analyst = await staffToken(server, STAFF.analyst.username)
    chainShows = await sellable(server, 1)
    expect(chainShows.length).toBeGreaterThanOrEqual(4)
  })

  it("a lock takes the presentation off sale for buyers; unlocking makes it sellable again", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const id = chainShows[0] as number
    const trySeat = await lockSeat(server, id)
    const locked = await act(server, admin, "lock", id)
    expect(locked.status).toBe(200)
    const done = (await locked.json()) as Done
    expect(done).toMatchObject({ changed: true, presentation: { PresentationId: id, SaleState: "locked" } })
    expect(done.presentation.LockedBy).toBe("Dana Levi")
    expect(await shopSaysOnSale(server, id)).toBe(false)
    const refused = await trySeat()
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe("notOnSale")
    // again: the same state, nothing changed
    const again = (await (await act(server, admin, "lock", id)).json()) as Done
    expect(again).toMatchObject({ changed: false, presentation: { SaleState: "locked" } })

    const unlocked = (await (await act(server, admin, "unlock", id)).json()) as Done
    expect(unlocked).toMatchObject({ changed: true, presentation: { SaleState: "onSale", LockedBy: null } })
    expect(await shopSaysOnSale(server, id)).toBe(true)
    expect((await trySeat()).status).toBe(200)
    expect(await stateOf(server, id)).toEqual({ onSale: true, lockedBy: null, wasOnSale: null })
  })

  it("unlock gives back the switch as it was; save for sale puts it on sale; a started show is refused", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const id = chainShows[1] as number
    await server.query("UPDATE presentations SET is_on_sale = false WHERE id = $1", [id])
    expect((await (await act(server, admin, "lock", id)).json()) as Done).toMatchObject({ changed: true })
    const back = (await (await act(server, admin, "unlock", id)).json()) as Done
    expect(back.presentation.SaleState).toBe("offSale")
    const saved = (await (await act(server, admin, "saveForSale", id)).json()) as Done
    expect(saved).toMatchObject({ changed: true, presentation: { SaleState: "onSale" } })
    expect(await shopSaysOnSale(server, id)).toBe(true)
    const savedAgain = (await (await act(server, admin, "saveForSale", id)).json()) as Done
    expect(savedAgain.changed).toBe(false)

    const [past] = await server.query<{ id: number }>(
      `SELECT id FROM presentations WHERE business_id = 1 AND starts_at < marquee_now() ORDER BY starts_at DESC LIMIT 1`,
    )
    const pastId = past?.id as number
    const before = await stateOf(server, pastId)
    for (const action of ["lock", "saveForSale"]) {
      const answer = await act(server, admin, action, pastId)
      expect(answer.status).toBe(409)
      expect(((await answer.json()) as { error: string }).error).toBe("presentationStarted")
    }
    expect(await stateOf(server, pastId)).toEqual(before)
  })

  it("another business's presentation is not found whatever the request names, and nothing changes", async ({
    skip,
  }) => {
    if (!isUp()) return skip()
    const server = live()
    const id = chainShows[2] as number
    const before = await stateOf(server, id)
    for (const query of [
      "",
      "?businessIds=1",
      "?businessId=1",
      "?businessIds=all",
      "?businessIds=1,2",
      "?businessId=-1",
    ])
      for (const action of ["lock", "unlock", "saveForSale"]) {
        const answer = await act(server, partner, action, id, query)
        expect(answer.status).toBe(404)
        expect(((await answer.json()) as { error: string }).error).toBe("presentationNotFound")
      }
    const states = await liveGet<{ presentations: ReadonlyArray<unknown> }>(
      server,
      partner,
      `/PRES-live/brokers/presentations?presentationIds=${id}&businessIds=1`,
    )
    expect(states).toMatchObject({ status: 200, body: { presentations: [] } })
    expect(await stateOf(server, id)).toEqual(before)
    expect(await shopSaysOnSale(server, id)).toBe(true)
  })

  it("a staff member who is not a broker is refused (403) and the session says so", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const id = chainShows[2] as number
    const before = await stateOf(server, id)
    for (const action of ["lock", "unlock", "saveForSale"]) {
      const answer = await act(server, analyst, action, id)
      expect(answer.status).toBe(403)
      expect(((await answer.json()) as { error: string }).error).toBe("notBroker")
    }
    expect(
      (await liveGet(server, analyst, `/PRES-live/brokers/presentations?presentationIds=${id}`)).status,
    ).toBe(403)
    expect(await stateOf(server, id)).toEqual(before)
    const info = async (token: string) =>
      (await liveGet<{ isBroker: boolean }>(server, token, "/pres-live/userInfo")).body.isBroker
    expect([await info(admin), await info(partner), await info(analyst)]).toEqual([true, true, false])
  })

  it("simultaneous locks leave one lock, and simultaneous unlocks one unlock", async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const id = chainShows[3] as number
    const [adminRow] = await server.query<{ id: number }>(
      "SELECT id FROM staff_users WHERE username = 'admin'",
    )
    const all = async (action: string) => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => act(server, admin, action, id)))
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as ReadonlyArray<Done>
      return bodies
    }
    const locks = await all("lock")
    expect(locks.filter((b) => b.changed)).toHaveLength(1)
    expect(locks.every((b) => b.presentation.SaleState === "locked")).toBe(true)
    expect(await stateOf(server, id)).toEqual({ onSale: false, lockedBy: adminRow?.id, wasOnSale: true })
    const unlocks = await all("unlock")
    expect(unlocks.filter((b) => b.changed)).toHaveLength(1)
    expect(await stateOf(server, id)).toEqual({ onSale: true, lockedBy: null, wasOnSale: null })
  })
})
