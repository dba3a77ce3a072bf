import { rmSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SeatRef } from "../../../src/api/SeatsApi.ts"
import { createSeatsClient, type SeatsClient } from "../../../src/app/seating/seatsClient.ts"
import { embeddedDataDir } from "../../_support/databases.ts"
import { solveHumanCheck } from "../../_support/humanCheck.ts"
import { embeddedTarget, type RunningServer, startTestServer } from "../../_support/testServer.ts"

/** The browser's seat client against the real server: answers become Ok or Refused with the server's code. */
describe("seats client", () => {
  let server: RunningServer
  let dir: string
  let client: SeatsClient

  beforeAll(async () => {
    dir = await embeddedDataDir("client")
    server = await startTestServer(embeddedTarget(dir))
    client = createSeatsClient({ base: server.baseUrl })
  })

  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const newCart = async () => {
    const answer = await client.newCart(await solveHumanCheck(server.baseUrl))
    if (answer._tag !== "Ok") throw new Error(`no cart: ${answer.code}`)
    return answer.value.token
  }

  const freeSeat = async (offset: number): Promise<SeatRef> => {
    const [row] = await server.query<{ presentationId: number; sectionId: number; x: number; y: number }>(
      `SELECT p.id AS "presentationId", s.section_id AS "sectionId", s.seat_index AS x, s.row_index AS y
       FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN seats s ON s.seatplan_id = v.seatplan_id
       WHERE p.is_on_sale AND p.starts_at > marquee_now() + interval '1 day' AND s.seat_group_id IS NULL
         AND NOT s.is_premium AND s.seat_index = 0
         AND NOT EXISTS (SELECT 1 FROM seat_allocations a WHERE a.presentation_id = p.id AND a.seat_id = s.id)
         AND NOT EXISTS (SELECT 1 FROM seats n JOIN seat_allocations a ON a.seat_id = n.id AND a.presentation_id = p.id
           WHERE n.section_id = s.section_id AND n.row_index = s.row_index)
       ORDER BY p.id LIMIT 1 OFFSET $1`,
      [offset],
    )
    if (row === undefined) throw new Error("no free seat")
    return {
      PresentationId: row.presentationId,
      VenueSectionId: row.sectionId,
      XCoordinate: row.x,
      YCoordinate: row.y,
    }
  }

  const secondsLeft = async (cartToken: string) => {
    const [row] = await server.query<{ left: number }>(
      `SELECT extract(epoch FROM expires_at - marquee_now())::float8 AS left FROM seat_allocations WHERE cart_token = $1`,
      [cartToken],
    )
    return row?.left ?? null
  }

  it("locks, refuses a second cart with lock_seat_error, unlocks, and syncs", async () => {
    const seat = await freeSeat(0)
    const row = { presentationId: seat.PresentationId }
    const [first, second] = [await newCart(), await newCart()]

    const locked = await client.lock(first, [seat])
    expect(locked._tag).toBe("Ok")
    expect(await client.lock(second, [seat])).toMatchObject({
      _tag: "Refused",
      status: 409,
      code: "lock_seat_error",
    })
    expect(await client.lock("nope", [seat])).toMatchObject({
      _tag: "Refused",
      status: 400,
      code: "RECAPTCHA_REQUIRED",
    })
    // a body without a catalogue code (a schema failure of the request) is narrowed to the spec's 'Error occurred'
    expect(await client.lock(first, [{ ...seat, XCoordinate: -1 }])).toMatchObject({
      status: 400,
      code: "Error occurred",
    })
    // an unlock by a cart that does not hold the seat, or by no live cart, is refused with its own code
    expect(await client.unlock(second, [seat])).toMatchObject({ status: 409, code: "unlock_seat_error" })
    expect(await client.unlock("nope", [seat])).toMatchObject({ status: 400, code: "RECAPTCHA_REQUIRED" })

    const synced = await client.sync(first, [{ presentationId: row.presentationId, seats: [seat] }])
    expect(synced._tag === "Ok" && synced.value.presentations[0]?.held.length).toBe(1)

    expect((await client.unlock(first, [seat]))._tag).toBe("Ok")
    expect(await client.unlock(first, [seat])).toMatchObject({ _tag: "Refused", code: "unlock_seat_error" })
  }, 60_000)

  it("renews a cart's live holds for the step the buyer is on, never shortens them, never revives a lapsed one", async () => {
    const seat = await freeSeat(1)
    const cart = await newCart()
    expect((await client.lock(cart, [seat]))._tag).toBe("Ok")

    // the hold is about to lapse; the buyer reaches the ticket step (param 665: 420 s)
    await server.query(
      `UPDATE seat_allocations SET expires_at = marquee_now() + interval '5 seconds' WHERE cart_token = $1`,
      [cart],
    )
    const renewed = await client.renewHolds(cart, "chooseTickets")
    if (renewed._tag !== "Ok") throw new Error(renewed.code)
    expect(renewed.value.presentations.map((p) => p.presentationId)).toEqual([seat.PresentationId])
    const left = await secondsLeft(cart)
    expect(left).toBeGreaterThan(410)
    expect(left).toBeLessThanOrEqual(420)
    expect(Date.parse(renewed.value.presentations[0]?.expiresAt ?? "")).toBeGreaterThan(
      server.now() + 400_000,
    )

    // a shorter step does not cut a longer hold
    await client.renewHolds(cart, "chooseProducts")
    expect(await secondsLeft(cart)).toBeGreaterThan(400)

    // a hold that lapsed is free for anyone: renewing does not take it back
    await server.query(
      `UPDATE seat_allocations SET expires_at = marquee_now() - interval '1 second' WHERE cart_token = $1`,
      [cart],
    )
    const late = await client.renewHolds(cart, "customerInfo")
    expect(late._tag === "Ok" && late.value.presentations).toEqual([])
    expect(await secondsLeft(cart)).toBeLessThan(0)

    expect(await client.renewHolds("nope", "chooseTickets")).toMatchObject({
      _tag: "Refused",
      status: 400,
      code: "RECAPTCHA_REQUIRED",
    })
  }, 60_000)
})
