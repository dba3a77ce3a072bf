import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCartFrom } from "../../_support/humanCheck.ts"
import { expectSeatHoldsTooFast } from "../../_support/seatCall.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { DEMO_MOBILE, signIn } from "../customerArea/_area.ts"
import { enrolSeatCall, holders, seasonStage } from "../enrol/_enrol.ts"
import { holdersOf, seatCall, seatedStage } from "../memberships/_memberships.ts"

/**
 * Lock velocity (issue 20, migration 0074) on the seats held in several showings at once: a membership's season seat
 * and an enrolment's seats (src/server/seats/showingHolds.ts). They are held by `hold_seats_batch`, one request per
 * showing, so since 0074 they count in the client's new seats a minute like ticket seats: one per showing held, and
 * a hold refused part way through the showings takes back both its holds and its count (one transaction). Over the
 * limit the answer is the ticket seats' 429 `seatHoldsTooFast` with Retry-After. The limit is 3 here; each test asks
 * from its own address (another client), so what one test counts does not count in the other.
 */
const databases = bothDatabases("showing_hold_velocity", { env: { MAX_SEATS_PER_CLIENT_MINUTE: "3" } })

/** The client's count of new seats in its current minute (0 when nothing is counted yet). */
const counted = async (server: RunningServer, client: string) =>
  (
    await server.query<{ used: number }>(
      `SELECT used FROM rate_limits WHERE key = $1
         AND window_start = date_bin(interval '1 minute', marquee_now(), timestamptz 'epoch')`,
      [`seatHolds:client:${client}`],
    )
  )[0]?.used ?? 0

describe.each(databases)("lock velocity on seats held in several showings, on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("a membership's season seat counts once per showing, across the client's carts; refused part way, nothing is held or counted", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const client = "127.0.0.31"
    const stage = await seatedStage(server, used, { seatCount: 2 })
    // one membership per order: the client's second seat is another cart's
    const [cart, other] = [
      await newCartFrom(server.baseUrl, client),
      await newCartFrom(server.baseUrl, client),
    ]

    // the season seat's two showings: two new seats
    expect((await seatCall(server, cart, stage, 0)).status).toBe(200)
    expect(await counted(server, client)).toBe(2)
    // the client's next seat fits in its first showing (3 of 3) but not in its second: refused, held in neither
    // showing, and the first showing's count went back with it
    await expectSeatHoldsTooFast(await seatCall(server, other, stage, 1), server.now())
    expect(await holdersOf(server, stage, (stage.seats[1] as { id: number }).id)).toEqual([])
    expect(await counted(server, client)).toBe(2)
    // asking again for the seat the cart holds renews it and takes nothing new
    expect((await seatCall(server, cart, stage, 0)).status).toBe(200)
    expect(await counted(server, client)).toBe(2)

    // the next minute (the window moved back instead of waiting): the second seat is held in both showings
    await server.query(
      `UPDATE rate_limits SET window_start = window_start - interval '1 minute' WHERE key = $1`,
      [`seatHolds:client:${client}`],
    )
    expect((await seatCall(server, other, stage, 1)).status).toBe(200)
    expect(
      (await holdersOf(server, stage, (stage.seats[1] as { id: number }).id)).map((h) => h.cart),
    ).toEqual([other, other])
    expect(await counted(server, client)).toBe(2)
  })

  it("an enrolment's member seat and showing seats count the same way; letting go and taking again counts", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const server = live()
    const client = "127.0.0.32"
    // three showings, the first two required: the member seat is held in those two
    const stage = await seasonStage(server, used, { required: [true, true, false] })
    const auth = { cart: await newCartFrom(server.baseUrl, client), uuid: await signIn(server, DEMO_MOBILE) }
    const third = stage.showings[2] as number
    const seatId = (i: number) => (stage.seats[i] as { id: number }).id

    expect((await enrolSeatCall(server, auth, stage, 1, third)).status).toBe(200)
    expect((await enrolSeatCall(server, auth, stage, 0, null)).status).toBe(200)
    expect(await counted(server, client)).toBe(3)
    // renewing the member seat takes nothing new
    expect((await enrolSeatCall(server, auth, stage, 0, null)).status).toBe(200)

    // the member seat let go and asked for again: two new seats over the limit, held in no showing
    expect((await enrolSeatCall(server, auth, stage, 0, null, { action: "unlock" })).status).toBe(200)
    await expectSeatHoldsTooFast(await enrolSeatCall(server, auth, stage, 0, null), server.now())
    expect(await holders(server, stage, seatId(0))).toEqual([])
    expect(await counted(server, client)).toBe(3)
    // the showing seat the cart still holds is untouched
    expect((await holders(server, stage, seatId(1))).map((h) => h.presentationId)).toEqual([third])
  })
})
