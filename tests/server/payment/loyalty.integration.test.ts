import { describe, expect, it } from "vitest"
import { withCheckDigit } from "../../../src/domain/order/israeliId.ts"
import { loyaltyPointsPrice } from "../../../src/domain/order/ticketRules.ts"
import { DEMO_MEMBER_SSN } from "../../../src/server/db/seed/codes.ts"
import { LOGINS_PER_CLIENT, LOGINS_PER_MEMBER } from "../../../src/server/presentations/http.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { askCode, lastCode, validate } from "../../_support/mobileLogin.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { orderStatuses } from "./_benefits.ts"
import { codeOf, commitCart, freshStage, holdSeats, postCommit, type Stage, seatLine } from "./_payment.ts"

/**
 * The ticket step's loyalty features through real HTTP on both databases: the loyalty login (param 64) by member
 * number with the holder's ID number, or by the signed-in holder, limited per number and per client (issue 14,
 * item 1); points paying for tickets (spent at commit only for a member the cart proved, checked, given back),
 * the cap on loyalty-priced tickets and one price level (spec §5).
 */
const databases = bothDatabases("loyalty")

/** A valid ID number that is nobody's in the seed (the demo member's is {@link DEMO_MEMBER_SSN}). */
const STRANGER_SSN = withCheckDigit("50000002")

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

/**
 * `GET /presentations/{id}/loyaltyMember` as the ticket step calls it (a cart, maybe a signed-in customer): the
 * member number in the address, the ID number in the `x-member-ssn` header (never in an address).
 */
const lookUp = (
  server: RunningServer,
  presentationId: number,
  query: { readonly memberNumber: string; readonly ssn?: string },
  headers: { readonly cart?: string; readonly uuid?: string } = {},
) =>
  fetch(
    `${server.baseUrl}/api/presentations/${presentationId}/loyaltyMember?${new URLSearchParams({ memberNumber: query.memberNumber, lang: "en" })}`,
    {
      headers: {
        ...(query.ssn === undefined ? {} : { "x-member-ssn": query.ssn }),
        ...(headers.cart === undefined ? {} : { "x-cart-token": headers.cart }),
        ...(headers.uuid === undefined ? {} : { uuid: headers.uuid }),
      },
    },
  )

/** The loyalty login a cart makes before it may spend the member's points. */
const prove = async (server: RunningServer, stage: Stage, cart: string, memberNumber: string) => {
  const answer = await lookUp(server, stage.presentationId, { memberNumber, ssn: DEMO_MEMBER_SSN }, { cart })
  expect(answer.status, await answer.clone().text()).toBe(200)
}

/** Each test starts with no login tries counted (the limits are per client, and every test here is one client). */
const forgetTries = (server: RunningServer) =>
  server.query(`DELETE FROM rate_limits WHERE key LIKE 'loyaltyLogin:%'`)

/** The line the ticket step makes for a seat paid with points: price 0, the full price as oldPrice. */
const pointsLine = (stage: Stage, i: number, member: { memberNumber: string; customerId: number }) =>
  seatLine(stage, i, {
    amount: 0 as never,
    oldPrice: stage.ticket.price as never,
    memberNumber: member.memberNumber,
    isLoyaltyPointsRedemption: true,
  })

describe.each(databases)("loyalty on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("logs a member in by number and ID number: first name and initial, points, member prices, never the customer id", async (ctx) => {
    if (!isUp()) return ctx.skip()
    await forgetTries(live())
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    const login = (
      memberNumber: string,
      ssn: string | undefined = DEMO_MEMBER_SSN,
      id = stage.presentationId,
    ) => lookUp(live(), id, ssn === undefined ? { memberNumber } : { memberNumber, ssn }, { cart })
    const ok = await login(" 90000001 ")
    expect(ok.status).toBe(200)
    // the member's name and points are personal: no cache keeps them
    expect(ok.headers.get("cache-control")).toBe("no-store")
    const body = (await ok.json()) as Record<string, unknown>
    expect(body).toMatchObject({
      memberNumber: "90000001",
      membershipIdentifier: "90000001",
      membershipTypeId: 1,
      memberCustomerName: "דנה מ.",
      pointsBalance: 1000,
      entriesLeft: null,
      allowMemberSaleTickets: true,
    })
    expect(body).not.toHaveProperty("customerId")
    // the ID number as people type it: without its leading zeros is the same number
    expect((await login("90000001", ` ${DEMO_MEMBER_SSN} `)).status).toBe(200)
    // not allowed member prices, a punch card used up, one with entries left
    expect(await (await login("90000005")).json()).toMatchObject({
      allowMemberSaleTickets: false,
      pointsBalance: 200,
    })
    expect(await (await login("90000004")).json()).toMatchObject({
      allowMemberSaleTickets: false,
      entriesLeft: 0,
    })
    expect(await (await login("90000006")).json()).toMatchObject({
      allowMemberSaleTickets: true,
      entriesLeft: 3,
    })
    for (const [number, msg] of [
      ["90000002", "memberExpired"],
      ["90000003", "memberNotStarted"],
    ] as const) {
      const refused = await login(number)
      expect(refused.status, number).toBe(422)
      expect(((await refused.json()) as { msg: string }).msg, number).toBe(msg)
    }
    expect((await login("90000001", DEMO_MEMBER_SSN, 99_999_999)).status).toBe(404)
  })

  it("refuses a login without the ID number, and answers an unknown number and a wrong ID number alike", async (ctx) => {
    if (!isUp()) return ctx.skip()
    await forgetTries(live())
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    // no cart: the login belongs to a cart (earned through the human check)
    expect(
      (await lookUp(live(), stage.presentationId, { memberNumber: "90000001", ssn: DEMO_MEMBER_SSN })).status,
    ).toBe(400)
    const answers = await Promise.all(
      [
        { memberNumber: "90000001" },
        { memberNumber: "90000001", ssn: STRANGER_SSN },
        { memberNumber: "90000001", ssn: "123" },
        { memberNumber: "12345678", ssn: DEMO_MEMBER_SSN },
        { memberNumber: "", ssn: DEMO_MEMBER_SSN },
      ].map(async (query) => {
        const answer = await lookUp(live(), stage.presentationId, query, { cart })
        return { status: answer.status, body: await answer.json() }
      }),
    )
    for (const answer of answers)
      expect(answer).toEqual({ status: 422, body: { _tag: "TicketCodeRefused", msg: "memberNotFound" } })
    // the holder's ID number put in the address proves nothing: an ID number is never read from a URL (issue 15)
    const inAddress = await fetch(
      `${live().baseUrl}/api/presentations/${stage.presentationId}/loyaltyMember?${new URLSearchParams({
        memberNumber: "90000001",
        ssn: DEMO_MEMBER_SSN,
        lang: "en",
      })}`,
      { headers: { "x-cart-token": cart } },
    )
    expect({ status: inAddress.status, body: await inAddress.json() }).toEqual({
      status: 422,
      body: { _tag: "TicketCodeRefused", msg: "memberNotFound" },
    })
    // none of them proved anything for the cart
    expect(await live().query(`SELECT 1 FROM cart_loyalty_members WHERE cart_token = $1`, [cart])).toEqual([])
  })

  it("a signed-in customer proves their own membership without the ID number, not another customer's", async (ctx) => {
    if (!isUp()) return ctx.skip()
    await forgetTries(live())
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    const mobile = "0521234567"
    expect((await askCode(live(), mobile)).status).toBe(200)
    const session = (await (await validate(live(), mobile, await lastCode(live(), mobile))).json()) as {
      uuid: string
    }
    const own = await lookUp(
      live(),
      stage.presentationId,
      { memberNumber: "90000001" },
      { cart, uuid: session.uuid },
    )
    expect(own.status, await own.clone().text()).toBe(200)
    // another customer's member, signed in as the demo customer: not found, as for anyone
    const other = await live().query<{ memberNumber: string }>(
      `SELECT member_number AS "memberNumber" FROM members
       WHERE customer_id <> (SELECT customer_id FROM members WHERE member_number = '90000001') LIMIT 1`,
    )
    if (other[0] !== undefined) {
      const refused = await lookUp(
        live(),
        stage.presentationId,
        { memberNumber: other[0].memberNumber },
        { cart, uuid: session.uuid },
      )
      expect(refused.status).toBe(422)
    }
  })

  it(`limits logins to ${LOGINS_PER_MEMBER} per member number and ${LOGINS_PER_CLIENT} per client`, async (ctx) => {
    if (!isUp()) return ctx.skip()
    await forgetTries(live())
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    const member = await clubMember(live(), 100)
    const guess = (memberNumber: string, ssn: string) =>
      lookUp(live(), stage.presentationId, { memberNumber, ssn }, { cart })
    for (let i = 0; i < LOGINS_PER_MEMBER; i++)
      expect((await guess(member.memberNumber, withCheckDigit(String(60_000_000 + i)))).status).toBe(422)
    // the number is locked for its window: even the right ID number is refused now
    const limited = await guess(member.memberNumber, DEMO_MEMBER_SSN)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ _tag: "LoyaltyLoginLimited", error: "loyaltyLoginLimited" })
    // other numbers from the same client, until the client's own limit
    const left = LOGINS_PER_CLIENT - LOGINS_PER_MEMBER - 1
    for (let i = 0; i < left; i++)
      expect((await guess(String(80_000_000 + i), DEMO_MEMBER_SSN)).status).toBe(422)
    expect((await guess("90000001", DEMO_MEMBER_SSN)).status).toBe(429)
    await forgetTries(live())
    expect((await guess("90000001", DEMO_MEMBER_SSN)).status).toBe(200)
  })

  it("an anonymous cart naming a member's number and customer id cannot spend the points (the issue's attack)", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const member = await clubMember(live(), 1000)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    // what the old lookup gave away, on the wire as the old browser sent it
    const line = seatLine(stage, 0, {
      amount: 0 as never,
      oldPrice: stage.ticket.price as never,
      memberNumber: member.memberNumber,
      loyaltyRedemptionCustomerId: member.customerId,
    })
    for (const seats of [[line], [pointsLine(stage, 0, member)]]) {
      const answer = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0], { seats }))
      expect(answer.status).toBe(400)
      expect(await answer.json()).toEqual({ _tag: "LoyaltyMemberNotProven", error: "loyaltyMemberNotProven" })
    }
    expect(await pointsOf(live(), member.memberNumber)).toBe(1000)
    expect(await orderStatuses(live(), cart)).toEqual([])
  })

  it("a cart that proved the member spends its points; another cart cannot ride on that proof", async (ctx) => {
    if (!isUp()) return ctx.skip()
    await forgetTries(live())
    const stage = await freshStage(live(), used)
    const each = loyaltyPointsPrice(stage.ticket.price)
    const member = await clubMember(live(), 1000)
    const [owner, rider] = [await newCart(live().baseUrl), await newCart(live().baseUrl)] as const
    await holdSeats(live(), owner, stage, [0])
    await holdSeats(live(), rider, stage, [1])
    await prove(live(), stage, owner, member.memberNumber)

    const riding = await postCommit(
      live(),
      rider,
      crypto.randomUUID(),
      commitCart(stage, [1], { seats: [pointsLine(stage, 1, member)] }),
    )
    expect(riding.status).toBe(400)
    expect(await pointsOf(live(), member.memberNumber)).toBe(1000)

    // the proof is of the member, whatever customer id the line names
    const proven = { ...member, customerId: member.customerId + 1 }
    const paid = await postCommit(
      live(),
      owner,
      crypto.randomUUID(),
      commitCart(stage, [0], {
        seats: [
          {
            ...pointsLine(stage, 0, proven),
            ticket: {
              ...pointsLine(stage, 0, proven).ticket,
              loyaltyRedemptionCustomerId: proven.customerId,
            },
          },
        ],
      }),
    )
    expect(paid.status, await paid.clone().text()).toBe(200)
    expect(await pointsOf(live(), member.memberNumber)).toBe(1000 - each)
  })

  it("points pay tickets within the balance, are spent at commit and given back when the order is voided", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const each = loyaltyPointsPrice(stage.ticket.price)
    // enough for two tickets, not three
    const member = await clubMember(live(), 2 * each + 1)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0, 1, 2])
    await forgetTries(live())
    await prove(live(), stage, cart, member.memberNumber)
    const commit = (seats: ReturnType<typeof seatLine>[]) =>
      postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0, 1, 2], { seats }))

    const three = await commit([0, 1, 2].map((i) => pointsLine(stage, i, member)))
    expect(three.status).toBe(422)
    expect(await codeOf(three)).toBe("pointsBalance")
    // a price left on the line: refused
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
    await forgetTries(live())
    for (const cart of carts) await prove(live(), stage, cart, member.memberNumber)
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
    await prove(live(), members, cart, "90000001")
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

/** Param 64 off (`LOYALTY_LOGIN=false`): the site has no loyalty login, and the server refuses it. */
describe.each(bothDatabases("loyaltyoff", { env: { LOYALTY_LOGIN: "false" } }))(
  "loyalty login off on $name",
  ({ start }) => {
    const { isUp, live } = useTestServer(start)

    it("serves param 64 off and refuses the login", async (ctx) => {
      if (!isUp()) return ctx.skip()
      const config = (await (await fetch(`${live().baseUrl}/api/config`)).json()) as {
        params: Record<string, unknown>
      }
      expect(config.params["64"]).toBe(false)
      const stage = await freshStage(live(), [])
      const cart = await newCart(live().baseUrl)
      const answer = await lookUp(
        live(),
        stage.presentationId,
        { memberNumber: "90000001", ssn: DEMO_MEMBER_SSN },
        { cart },
      )
      expect(answer.status).toBe(403)
      expect(await answer.json()).toEqual({ _tag: "LoyaltyLoginOff", error: "loyaltyLoginOff" })
    })
  },
)
