import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { codeOf, commitCart, freshStage, holdSeats, postCommit, seatCall } from "../payment/_payment.ts"

/**
 * A cinema offline for sales (`locations.is_online` false) sells nothing online, whatever a request says: the seat
 * lock (reserved seats and general-admission places), best available and the commit refuse it with the spec's
 * "location offline" (§8), as the presentation calls already did (src/domain/shared/onSale.ts `saleRefusalAt`).
 * Before that rule, a crafted request held and bought what the presentation calls withheld. Both databases.
 */
const databases = bothDatabases("offline_cinema")

const setOnline = (server: RunningServer, locationId: number, online: boolean) =>
  server.query(`UPDATE locations SET is_online = $2 WHERE id = $1`, [locationId, online])

/** A showing ahead, on sale, untouched by this file, with a general-admission section; its location. */
const gaShowing = async (server: RunningServer, used: Array<number>) => {
  const rows = await server.query<{ presentationId: number; sectionId: number; locationId: number }>(
    `SELECT p.id AS "presentationId", vs.id AS "sectionId", v.location_id AS "locationId"
     FROM presentations p JOIN venues v ON v.id = p.venue_id
     JOIN venue_sections vs ON vs.seatplan_id = v.seatplan_id AND NOT vs.is_reserved AND vs.capacity >= 4
     WHERE p.is_on_sale AND p.starts_at > marquee_now() + interval '1 day' AND v.venue_type_id < 100
       AND NOT (p.id = ANY ($1::integer[]))
     ORDER BY p.id LIMIT 1`,
    [`{${used.join(",")}}`],
  )
  const row = rows[0]
  if (row === undefined) throw new Error("no general-admission showing in the seeded data")
  used.push(row.presentationId)
  return row
}

const lockGa = (server: RunningServer, cart: string, ga: { presentationId: number; sectionId: number }) =>
  fetch(`${server.baseUrl}/api/seats/lock-seat?lang=en`, {
    method: "PUT",
    headers: { "content-type": "application/json", "x-cart-token": cart },
    body: JSON.stringify({
      seats: [0, 1].map((slot) => ({
        PresentationId: ga.presentationId,
        VenueSectionId: ga.sectionId,
        XCoordinate: slot,
        YCoordinate: 0,
      })),
    }),
  })

const bestAvailable = (server: RunningServer, cart: string, query: string) =>
  fetch(`${server.baseUrl}/api/seats/best-available?lang=en&quantity=2&${query}`, {
    headers: { "x-cart-token": cart },
  })

const heldBy = async (server: RunningServer, cart: string) =>
  (
    await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM seat_allocations WHERE cart_token = $1`,
      [cart],
    )
  )[0]?.n

describe.each(databases)("a cinema offline for sales on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("holds no seat, general-admission place or best-available match there; back online, it does", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const ga = await gaShowing(live(), used)
    const cart = await newCart(live().baseUrl)
    const offline = [...new Set([stage.locationId, ga.locationId])]
    for (const id of offline) await setOnline(live(), id, false)
    try {
      const seat = await seatCall(live(), "lock-seat", cart, stage, [0])
      expect(seat.status).toBe(409)
      // named as the offline-venue view names it (Hebrew: the call asked for no language)
      const name = await live().query<{ he: string }>(
        `SELECT name->>'he' AS he FROM locations WHERE id = $1`,
        [stage.locationId],
      )
      expect(await seat.json()).toMatchObject({ error: "locationOffline", locationName: name[0]?.he })
      const places = await lockGa(live(), cart, ga)
      expect(places.status).toBe(409)
      expect(await places.json()).toMatchObject({ error: "locationOffline" })
      // best available for the showing itself answers as the presentation calls do, held or only searched
      for (const lock of ["true", "false"]) {
        const asked = await bestAvailable(
          live(),
          cart,
          `presentationId=${stage.presentationId}&isLock=${lock}`,
        )
        expect(asked.status).toBe(409)
        expect(await asked.json()).toMatchObject({ error: "locationOffline" })
      }
      // a search across the cinema's showings passes them by
      const day = (
        await live().query<{ day: string }>(
          `SELECT (starts_at AT TIME ZONE 'Asia/Jerusalem')::date::text AS day FROM presentations WHERE id = $1`,
          [stage.presentationId],
        )
      )[0]?.day
      const searched = await bestAvailable(
        live(),
        cart,
        `locationId=${stage.locationId}&startDate=${day}&endDate=${day}&maxMatches=20&isBestPerPresentation=true`,
      )
      expect(searched.status).toBe(409)
      expect(await searched.json()).toMatchObject({ error: "NOT_ENOUGH_SEATS" })
      expect(await heldBy(live(), cart)).toBe(0)
    } finally {
      for (const id of offline) await setOnline(live(), id, true)
    }
    // back online the same requests hold at once (an offline answer is never kept in the lock's cache)
    expect((await seatCall(live(), "lock-seat", cart, stage, [0])).status).toBe(200)
    expect((await lockGa(live(), cart, ga)).status).toBe(200)
    expect(await heldBy(live(), cart)).toBe(3)
  })

  it("the commit refuses seats held before the cinema went offline, and takes them once it is back", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0, 1])
    const body = commitCart(stage, [0, 1])
    await setOnline(live(), stage.locationId, false)
    try {
      const refused = await postCommit(live(), cart, crypto.randomUUID(), body)
      expect(refused.status).toBe(422)
      expect(await codeOf(refused)).toBe("locationOffline")
      // nothing was sold or tied to an order: the seats are still this cart's plain holds
      const held = await live().query<{ kind: string; reservation: number | null }>(
        `SELECT kind, reservation_id AS reservation FROM seat_allocations WHERE cart_token = $1`,
        [cart],
      )
      expect(held).toEqual([
        { kind: "hold", reservation: null },
        { kind: "hold", reservation: null },
      ])
    } finally {
      await setOnline(live(), stage.locationId, true)
    }
    const placed = await postCommit(live(), cart, crypto.randomUUID(), body)
    expect(placed.status).toBe(200)
  })
})
