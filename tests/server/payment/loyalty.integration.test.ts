import { describe, expect, it } from "vitest"
import { loyaltyPointsPrice } from "../../../src/domain/order/ticketRules.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { orderStatuses } from "./_benefits.ts"
import { codeOf, commitCart, freshStage, holdSeats, postCommit, type Stage, seatLine } from "./_payment.ts"

/**
 * The ticket step's loyalty features through real HTTP on both databases: the loyalty login by member number
 * (param 64), points paying for tickets (checked, spent and given back at commit), the cap on loyalty-priced
 * tickets and one price level (spec §5).
 */
const databases = bothDatabases("loyalty")

/** A club member of the demo customer with its own number and points, so tests do not share a balance. */
const clubMember = async (server: RunningServer, points: number) => {
  const memberNumber = String(91_000_000 + Math.floor(Math.random() * 8_999_999))
  const rows = await server.query<{ customerId: number }>(
    `INSERT INTO members (customer_id, membership_id, member_number, points_balance, start_date, end_date)
     SELECT customer_id, 1, $1, $2, (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date - 1,
       (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + 30 FROM members WHERE member_number = '90000001'
     RETURNING customer_id AS "customerId"`,
    [memberNumber, points],
  )
  return { memberNumber, customerId: rows[0]?.customerId as number }
}

const pointsOf = async (server: RunningServer, memberNumber: string) =>
  (
    await server.query<{ points: number }>(
      `SELECT points_balance AS points FROM members WHERE member_number = $1`,
      [memberNumber],
    )
  )[0]?.points

/** The line the ticket step makes for a seat paid with points: price 0, the full price as oldPrice. */
const pointsLine = (stage: Stage, i: number, member: { memberNumber: string; customerId: number }) =>
  seatLine(stage, i, {
    amount: 0 as never,
    oldPrice: stage.ticket.price as never,
    memberNumber: member.memberNumber,
    loyaltyRedemptionCustomerId: member.customerId,
  })

describe.each(databases)("loyalty on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("logs a member in by number: first name and initial, points, member prices; refuses the others", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const lookUp = (memberNumber: string, presentationId = stage.presentationId) =>
      fetch(
        `${live().baseUrl}/api/presentations/${presentationId}/loyaltyMember?${new URLSearchParams({ memberNumber, lang: "en" })}`,
      )
    const ok = await lookUp(" 90000001 ")
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({
      memberNumber: "90000001",
      membershipIdentifier: "90000001",
      membershipTypeId: 1,
      memberCustomerName: "דנה מ.",
      pointsBalance: 1000,
      entriesLeft: null,
      allowMemberSaleTickets: true,
    })
    // not allowed member prices, a punch card used up, one with entries left
    expect(await (await lookUp("90000005")).json()).toMatchObject({
      allowMemberSaleTickets: false,
      pointsBalance: 200,
    })
    expect(await (await lookUp("90000004")).json()).toMatchObject({
      allowMemberSaleTickets: false,
      entriesLeft: 0,
    })
    expect(await (await lookUp("90000006")).json()).toMatchObject({
      allowMemberSaleTickets: true,
      entriesLeft: 3,
    })
    for (const [number, msg] of [
      ["90000002", "memberExpired"],
      ["90000003", "memberNotStarted"],
      ["12345678", "memberNotFound"],
      ["", "memberNotFound"],
    ] as const) {
      const refused = await lookUp(number)
      expect(refused.status, number).toBe(422)
      expect(((await refused.json()) as { msg: string }).msg, number).toBe(msg)
    }
    expect((await lookUp("90000001", 99_999_999)).status).toBe(404)
  })

  it("points pay tickets within the balance, are spent at commit and given back when the order is voided", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const each = loyaltyPointsPrice(stage.ticket.price)
    // enough for two tickets, not three
    const member = await clubMember(live(), 2 * each + 1)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0, 1, 2])
    const commit = (seats: ReturnType<typeof seatLine>[]) =>
      postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0, 1, 2], { seats }))

    const three = await commit([0, 1, 2].map((i) => pointsLine(stage, i, member)))
    expect(three.status).toBe(422)
    expect(await codeOf(three)).toBe("pointsBalance")
    // another customer's id, a price left on the line, a points line with a coupon's discount: refused
    const stranger = { ...member, customerId: member.customerId + 1 }
    expect(
      await codeOf(await commit([pointsLine(stage, 0, stranger), seatLine(stage, 1), seatLine(stage, 2)])),
    ).toBe("memberInvalid")
    const priced = { ...pointsLine(stage, 0, member) }
    const withPrice = { ...priced, ticket: { ...priced.ticket, amount: stage.ticket.price as never } }
    expect(await codeOf(await commit([withPrice, seatLine(stage, 1), seatLine(stage, 2)]))).toBe(
      "priceMismatch",
    )
    expect(await pointsOf(live(), member.memberNumber)).toBe(2 * each + 1)
    expect(await orderStatuses(live(), cart)).toEqual([])

    const two = await commit([pointsLine(stage, 0, member), pointsLine(stage, 1, member), seatLine(stage, 2)])
    expect(two.status, await two.clone().text()).toBe(200)
    const order = (await two.json()) as { total: number }
    // the points pay the tickets' prices; every ticket's service charge is still paid in money
    expect(order.total).toBe(stage.ticket.price + 3 * stage.ticket.serviceCharge)
    expect(await pointsOf(live(), member.memberNumber)).toBe(1)
    const sold = await live().query<{ price: number; points: number }>(
      `SELECT st.price_agorot AS price, st.loyalty_points AS points FROM sold_tickets st
       JOIN reservations r ON r.id = st.reservation_id WHERE r.cart_token = $1 ORDER BY st.id`,
      [cart],
    )
    expect(sold).toEqual([
      { price: 0, points: each },
      { price: 0, points: each },
      { price: stage.ticket.price, points: 0 },
    ])

    // a new commit of the cart voids the first order: its points come back, the new one spends its own
    const one = await commit([pointsLine(stage, 0, member), seatLine(stage, 1), seatLine(stage, 2)])
    expect(one.status).toBe(200)
    expect(await orderStatuses(live(), cart)).toEqual(["voided", "awaitingPayment"])
    expect(await pointsOf(live(), member.memberNumber)).toBe(each + 1)
  })

  it("two carts racing for the same points: one order spends them, the other is refused, never below zero", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const each = loyaltyPointsPrice(stage.ticket.price)
    const member = await clubMember(live(), each)
    const carts = await Promise.all([0, 1].map(() => newCart(live().baseUrl)))
    await holdSeats(live(), carts[0] as string, stage, [0])
    await holdSeats(live(), carts[1] as string, stage, [1])
    const answers = await Promise.all(
      carts.map((cart, i) =>
        postCommit(
          live(),
          cart,
          crypto.randomUUID(),
          commitCart(stage, [i], { seats: [pointsLine(stage, i, member)] }),
        ),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422])
    expect(await codeOf(answers.find((r) => r.status === 422) as Response)).toBe("pointsBalance")
    expect(await pointsOf(live(), member.memberNumber)).toBe(0)
  })

  it("caps loyalty-priced tickets per order and keeps an order to one price level", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const members = await freshStage(live(), used, { ticket: "memberOnly" })
    const cart = await newCart(live().baseUrl)
    const five = [0, 1, 2, 3, 4]
    await holdSeats(live(), cart, members, five)
    const lines = five.map((i) => seatLine(members, i, { memberNumber: "90000001" }))
    const capped = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(members, five, { seats: lines }),
    )
    expect(capped.status).toBe(422)
    expect(await codeOf(capped)).toBe("loyaltyTicketLimit")

    // one seat of the row becomes a premium seat of the same ticket group: its price level is its own group
    const stage = await freshStage(live(), used)
    const other = await newCart(live().baseUrl)
    await holdSeats(live(), other, stage, [0, 1])
    const seat = { section: stage.sectionId, index: stage.seatIndexes[1], row: stage.rowIndex }
    await live().query(
      `UPDATE seats SET default_ticket_group_id = $1
       WHERE seatplan_id = $2 AND section_id = $3 AND seat_index = $4 AND row_index = $5`,
      [stage.ticket.groupId, stage.seatplanId, seat.section, seat.index, seat.row],
    )
    try {
      const mixed = await postCommit(live(), other, crypto.randomUUID(), commitCart(stage, [0, 1]))
      expect(mixed.status).toBe(422)
      expect(await codeOf(mixed)).toBe("priceLevel")
      // each level alone is fine
      expect((await postCommit(live(), other, crypto.randomUUID(), commitCart(stage, [1]))).status).toBe(200)
    } finally {
      await live().query(
        `UPDATE seats SET default_ticket_group_id = NULL
         WHERE seatplan_id = $1 AND section_id = $2 AND seat_index = $3 AND row_index = $4`,
        [stage.seatplanId, seat.section, seat.index, seat.row],
      )
    }
  })
})
