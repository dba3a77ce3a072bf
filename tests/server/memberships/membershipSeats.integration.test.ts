import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { holdersOf, type SeatedStage, seatCall, seatedStage, ticketSeatCall } from "./_memberships.ts"

/**
 * A membership's season seat through `GET /api/membership/seatplan`, `PUT /api/membership/lock-seat` and
 * `/unlock-seat` on both databases (issue 16, spec §7): the same seat held in every future showing of the series,
 * all or nothing, never by two carts, and no more seats than memberships selected.
 */
const databases = bothDatabases("membershipseats")

const seatplanOf = async (baseUrl: string, stage: SeatedStage, cart?: string) => {
  const response = await fetch(`${baseUrl}/api/membership/seatplan?membershipId=${stage.membershipId}`, {
    headers: cart === undefined ? {} : { "x-cart-token": cart },
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const statusOf = (plan: Record<string, unknown>, stage: SeatedStage, i: number) => {
  const seat = stage.seats[i] as SeatedStage["seats"][number]
  return (plan.seats as ReadonlyArray<Record<string, unknown>>).find(
    (s) =>
      s.VenueSectionId === seat.VenueSectionId &&
      s.XCoordinate === seat.XCoordinate &&
      s.YCoordinate === seat.YCoordinate,
  )
}

describe.each(databases)("membership seats on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("holds one seat in every showing for the cart; others see it taken; unlock frees it everywhere", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used)
    const cart = await newCart(live().baseUrl)
    const other = await newCart(live().baseUrl)
    const before = await seatplanOf(live().baseUrl, stage, cart)
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({
      MembershipId: stage.membershipId,
      venueId: stage.venueId,
      seatplanId: stage.seatplanId,
      presentationIds: stage.showings,
      holdExpiresAt: null,
    })
    expect(statusOf(before.body, stage, 0)).toMatchObject({ isAvailable: true, isSelected: false })

    const locked = await seatCall(live(), cart, stage, 0)
    expect(locked.status, await locked.clone().text()).toBe(200)
    const answer = (await locked.json()) as { lockedSeat: Record<string, unknown>; expiresAt: string }
    const seat = stage.seats[0] as SeatedStage["seats"][number]
    expect(answer.lockedSeat).toMatchObject({ VenueSectionId: seat.VenueSectionId, x: seat.XCoordinate })
    const holders = await holdersOf(live(), stage, seat.id)
    expect(holders.map((h) => [h.presentationId, h.cart, h.kind])).toEqual(
      stage.showings.map((id) => [id, cart, "hold"]),
    )
    const mine = await seatplanOf(live().baseUrl, stage, cart)
    expect(statusOf(mine.body, stage, 0)).toMatchObject({ isAvailable: true, isSelected: true })
    expect(mine.body.holdExpiresAt).toBe(answer.expiresAt)
    const theirs = await seatplanOf(live().baseUrl, stage, other)
    expect(statusOf(theirs.body, stage, 0)).toMatchObject({ isAvailable: false, isSelected: false })
    // the other cart cannot take it, and the ticket seat API cannot either (one hold per seat and showing)
    const refused = await seatCall(live(), other, stage, 0)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ error: "lock_seat_error" })

    const unlocked = await seatCall(live(), cart, stage, 0, { action: "unlock" })
    expect(unlocked.status).toBe(200)
    expect(await holdersOf(live(), stage, seat.id)).toEqual([])
    const again = await seatCall(live(), cart, stage, 0, { action: "unlock" })
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ error: "unlock_seat_error" })
  })

  it("two carts racing for one seat: exactly one holds it, in every showing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used)
    const carts = await Promise.all(Array.from({ length: 6 }, () => newCart(live().baseUrl)))
    const answers = await Promise.all(carts.map((cart) => seatCall(live(), cart, stage, 0)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(carts.length - 1)
    const winner = carts[statuses.indexOf(200)]
    const holders = await holdersOf(live(), stage, (stage.seats[0] as SeatedStage["seats"][number]).id)
    expect(holders.map((h) => h.cart)).toEqual(stage.showings.map(() => winner))
  })

  it("a seat taken in one showing is held in none (all or nothing)", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used)
    const seat = stage.seats[0] as SeatedStage["seats"][number]
    const ticketCart = await newCart(live().baseUrl)
    // a ticket buyer holds the seat in the second showing only, through the ticket seat API
    const ticketHold = await ticketSeatCall(live(), ticketCart, stage, 0, stage.showings[1] as number)
    expect(ticketHold.status, await ticketHold.clone().text()).toBe(200)
    const cart = await newCart(live().baseUrl)
    const refused = await seatCall(live(), cart, stage, 0)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ error: "lock_seat_error" })
    const holders = await holdersOf(live(), stage, seat.id)
    expect(holders.map((h) => [h.presentationId, h.cart])).toEqual([[stage.showings[1], ticketCart]])
  })

  it("refuses what the selections do not allow and seats it does not know; nothing is held", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used, { seatCount: 2 })
    const cart = await newCart(live().baseUrl)
    const codeOf = async (response: Response) => ((await response.json()) as { error?: string }).error
    const none = await seatCall(live(), cart, stage, 0, { selections: [] })
    expect([none.status, await codeOf(none)]).toEqual([409, "membershipNotSelected"])
    const two = await seatCall(live(), cart, stage, 0, { quantity: 2 })
    expect([two.status, await codeOf(two)]).toEqual([409, "membershipQuantityExceeded"])
    const unknown = await fetch(`${live().baseUrl}/api/membership/lock-seat`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-cart-token": cart },
      body: JSON.stringify({
        seat: { MembershipId: stage.membershipId, VenueSectionId: 1, XCoordinate: 9999, YCoordinate: 9999 },
        selections: [{ MembershipId: stage.membershipId, membershipPriceId: stage.priceId, quantity: 1 }],
      }),
    })
    expect([unknown.status, await codeOf(unknown)]).toEqual([400, "unknownSeat"])
    // the seed's club membership has no seat: not for sale through the seat calls
    const club = await fetch(`${live().baseUrl}/api/membership/seatplan?membershipId=1`)
    expect([club.status, await codeOf(club)]).toEqual([404, "noMembershipsForSale"])
    expect(await live().query(`SELECT 1 FROM seat_allocations WHERE cart_token = $1`, [cart])).toHaveLength(0)
    // one membership selected: one seat; a second seat is refused while the first is held, allowed once it is not
    expect((await seatCall(live(), cart, stage, 0)).status).toBe(200)
    const second = await seatCall(live(), cart, stage, 1)
    expect([second.status, await codeOf(second)]).toEqual([409, "membershipQuantityExceeded"])
    expect((await seatCall(live(), cart, stage, 0)).status).toBe(200)
    expect((await seatCall(live(), cart, stage, 0, { action: "unlock" })).status).toBe(200)
    expect((await seatCall(live(), cart, stage, 1)).status).toBe(200)
    const noCart = await fetch(`${live().baseUrl}/api/membership/lock-seat`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{}",
    })
    expect(noCart.status).toBe(400)
  })
})
