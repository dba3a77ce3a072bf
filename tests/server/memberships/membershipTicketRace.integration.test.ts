import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { holdersOf, type SeatedStage, seatCall, seatedStage, ticketSeatCall } from "./_memberships.ts"

/**
 * Issues 13 and 16: a membership's season seat and a ticket seat are held by one function (`hold_seats_batch`),
 * so when a buyer locks a seat as a membership seat and another buyer locks the same seat as a ticket seat at the
 * same moment, exactly one of them holds it: the ticket buyer in its showing, or the member in every showing of
 * the series, never both and never the member in some showings only.
 */
const databases = bothDatabases("membershipticketrace")

const ROUNDS = 6

describe.each(databases)("a membership seat racing a ticket seat on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("holds the seat for exactly one of them, each round, whichever asks first", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used, { seatCount: ROUNDS })
    // the hall without the single-seat rule (tests/server/seats/singleSeatRace): a ticket seat beside a seat the
    // member holds in one showing only would otherwise be refused for a reason of its own. Before any seat call,
    // so no presentation facts of the hall are cached yet.
    await live().query(`UPDATE venues SET seating_policy_id = 1 WHERE id = $1`, [stage.venueId])
    const wins = { membership: 0, ticket: 0 }
    for (let round = 0; round < ROUNDS; round++) {
      const [memberCart, ticketCart] = await Promise.all([newCart(live().baseUrl), newCart(live().baseUrl)])
      // the ticket buyer's showing and who asks first change from round to round
      const showing = stage.showings[round % 2] as number
      const member = () => seatCall(live(), memberCart, stage, round)
      const ticket = () => ticketSeatCall(live(), ticketCart, stage, round, showing)
      const [memberAnswer, ticketAnswer] =
        round % 4 < 2
          ? await Promise.all([member(), ticket()])
          : await Promise.all([ticket(), member()]).then(([t, m]) => [m, t] as const)
      const statuses = [memberAnswer.status, ticketAnswer.status]
      expect(
        [...statuses].sort((a, b) => a - b),
        `round ${round}: ${await ticketAnswer.clone().text()}`,
      ).toEqual([200, 409])
      const holders = await holdersOf(live(), stage, (stage.seats[round] as SeatedStage["seats"][number]).id)
      if (memberAnswer.status === 200) {
        wins.membership += 1
        expect(holders.map((h) => [h.presentationId, h.cart])).toEqual(
          stage.showings.map((id) => [id, memberCart]),
        )
        expect(await memberAnswer.json()).toMatchObject({
          lockedSeat: { x: stage.seats[round]?.XCoordinate },
        })
      } else {
        wins.ticket += 1
        expect(holders.map((h) => [h.presentationId, h.cart])).toEqual([[showing, ticketCart]])
        expect(await memberAnswer.json()).toMatchObject({ error: "lock_seat_error" })
      }
    }
    expect(wins.membership + wins.ticket).toBe(ROUNDS)
  })

  it("leaves hold_seats_batch the only function that holds a reserved seat", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const inSchema = `p.pronamespace = (SELECT n.oid FROM pg_namespace n WHERE n.nspname = current_schema())`
    const dropped = ["hold_seats", "hold_seats_in_presentation", "hold_membership_seat"]
    const named = await live().query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p WHERE ${inSchema} AND p.proname = ANY ($1::text[])`,
      [`{${dropped.join(",")}}`],
    )
    expect(named).toEqual([])
    // and no function left calls one of them
    const callers = await live().query<{ name: string }>(
      `SELECT p.proname AS name FROM pg_proc p
       WHERE ${inSchema} AND p.prosrc ~ '[[:<:]](hold_seats|hold_seats_in_presentation|hold_membership_seat)[[:space:]]*[(]'`,
    )
    expect(callers).toEqual([])
  })
})
