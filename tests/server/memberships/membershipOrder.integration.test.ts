import { describe, expect, it } from "vitest"
import { withCheckDigit } from "../../../src/domain/order/israeliId.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { oneOrderPerKey, paidOnceByEveryWord } from "../payment/_guarantees.ts"
import {
  codeOf,
  commitCart,
  complete,
  freshStage,
  holdSeats,
  openForm,
  orderState,
  payByCard,
  postCommit,
  seatLine,
} from "../payment/_payment.ts"
import {
  buyerSsn,
  commitAs,
  holdersOf,
  membershipCart,
  type SeatedStage,
  seatCall,
  seatedStage,
  seatOfStage,
} from "./_memberships.ts"

/**
 * Buying a membership through `POST /api/payment/commit` on both databases (issue 16): a series membership with
 * its season seat held, paid by card, issues one member (its number on the confirmation, its seat sold in every
 * showing, its entries and validity), who can then buy a member-only ticket; completion retried issues no second
 * member; and every refusal of spec §5, §8 and §9 answers its code and writes nothing.
 */
const databases = bothDatabases("membershiporder")

interface Committed {
  readonly reservationIdentifier: string
  readonly total: number
}

/** Locks seat 0 of the stage, commits the membership with it and pays by card. */
const buySeated = async (server: RunningServer, stage: SeatedStage, ssn: string) => {
  const cart = await newCart(server.baseUrl)
  expect((await seatCall(server, cart, stage, 0)).status).toBe(200)
  const body = membershipCart(
    { membershipId: stage.membershipId, membershipPriceId: stage.priceId, seat: seatOfStage(stage, 0) },
    { ssn },
  )
  const response = await commitAs(server, cart, body)
  expect(response.status, await response.clone().text()).toBe(200)
  const order = (await response.json()) as Committed
  const form = await openForm(server, cart, order.reservationIdentifier)
  expect((await payByCard(server, form)).status).toBe(303)
  return { cart, order, form }
}

const today = async (server: RunningServer) =>
  (
    await server.query<{ day: string }>(
      `SELECT ((marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date)::text AS day`,
    )
  )[0]?.day as string

describe.each(databases)("membership orders on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("a paid season membership issues its member with the seat; the member then buys a member-only ticket", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used, { entries: 4 })
    const ssn = buyerSsn()
    const { order } = await buySeated(live(), stage, ssn)
    expect(order.total).toBe(stage.price)
    const state = await orderState(live(), order.reservationIdentifier)
    expect(state?.paymentStatus).toBe("paid")
    const confirmation = await fetch(
      `${live().baseUrl}/api/reservations/${order.reservationIdentifier}?key=${state?.documentKey}&lang=en`,
    )
    const shown = (await confirmation.json()) as {
      orderKind: string
      items: ReadonlyArray<{ kind: string; issued: ReadonlyArray<string> }>
    }
    expect(shown.orderKind).toBe("memberships")
    expect(shown.items).toHaveLength(1)
    const memberNumber = shown.items[0]?.issued[0] as string
    expect(memberNumber).toMatch(/^[1-9][0-9]{11}$/)
    const [member] = await live().query<{
      seatId: number
      balance: number
      start: string
      end: string
      days: number
    }>(
      `SELECT seat_id AS "seatId", balance, start_date::text AS start, end_date::text AS "end",
         (end_date - start_date + 1)::int AS days
       FROM members WHERE member_number = $1`,
      [memberNumber],
    )
    const seat = stage.seats[0] as SeatedStage["seats"][number]
    expect(member).toEqual({
      seatId: seat.id,
      balance: 4,
      start: await today(live()),
      end: member?.end,
      days: 120,
    })
    // the season seat is sold in every showing, to this order
    const holders = await holdersOf(live(), stage, seat.id)
    expect(holders.map((h) => h.kind)).toEqual(stage.showings.map(() => "sale"))

    // the new member proves itself with its number and the buyer's ID number, and buys a member-only ticket
    const ticketStage = await freshStage(live(), used, { ticket: "memberOnly" })
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, ticketStage, [0])
    const line = seatLine(ticketStage, 0, { memberNumber })
    const eligibility = (memberSsn: string) =>
      fetch(
        `${live().baseUrl}/api/presentations/${ticketStage.presentationId}/ticketEligibility?${new URLSearchParams({ ticketId: String(line.ticket.ticketId), memberNumber })}`,
        { headers: { "x-cart-token": cart, "x-member-ssn": memberSsn } },
      )
    expect((await eligibility(withCheckDigit("50000002"))).status).toBe(422)
    expect((await eligibility(ssn)).status).toBe(200)
    const ticket = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(ticketStage, [0], { seats: [line] }),
    )
    expect(ticket.status, await ticket.clone().text()).toBe(200)
  })

  it("a double click, a retried commit and the provider's every word make one order and issue one member", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used)
    const cart = await newCart(live().baseUrl)
    expect((await seatCall(live(), cart, stage, 0)).status).toBe(200)
    const line = {
      membershipId: stage.membershipId,
      membershipPriceId: stage.priceId,
      seat: seatOfStage(stage, 0),
    }
    const [ssn, otherSsn] = [buyerSsn(), buyerSsn()]
    const key = crypto.randomUUID()
    const order = await oneOrderPerKey(live(), cart, (body) =>
      commitAs(live(), cart, membershipCart(line, { ssn: body === "same" ? ssn : otherSsn }), { key }),
    )
    const form = await openForm(live(), cart, order.reservationIdentifier)
    await paidOnceByEveryWord(live(), form, order.reservationIdentifier, () =>
      complete(live(), cart, order.reservationIdentifier, form.paymentId),
    )
    const members = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM members mb JOIN order_items oi ON oi.id = mb.order_item_id
       JOIN reservations r ON r.id = oi.reservation_id WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(members[0]?.n).toBe(1)
  })

  it("refuses every broken rule with its code and writes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used)
    const cart = await newCart(live().baseUrl)
    const ssn = buyerSsn()
    const club = { membershipId: 1, membershipPriceId: 11 }
    const series = { membershipId: 2, membershipPriceId: 21 }
    const seated = { membershipId: stage.membershipId, membershipPriceId: stage.priceId }
    const ref = (reference1: string) => ({ reference1, reference2: null })
    const cases: ReadonlyArray<[number, string, ReturnType<typeof membershipCart>]> = [
      [
        422,
        "noMembershipsForSale",
        membershipCart({ membershipId: 999_999, membershipPriceId: 11 }, { ssn }),
      ],
      [422, "membershipPriceNotFound", membershipCart({ membershipId: 1, membershipPriceId: 21 }, { ssn })],
      [
        422,
        "membershipPriceNotFound",
        membershipCart({ membershipId: 1, membershipPriceId: 999_999 }, { ssn }),
      ],
      [422, "currencyMismatch", membershipCart({ ...series, currencyId: 2 }, { ssn })],
      [422, "membershipQuantity", membershipCart({ ...club, quantity: 2 }, { ssn })],
      [422, "membershipQuantity", membershipCart({ ...club, quantity: 0 }, { ssn })],
      [422, "membershipQuantity", membershipCart({ ...club, references: [ref("A1"), ref("B2")] }, { ssn })],
      [
        422,
        "membershipCodeAlreadyEntered",
        membershipCart({ ...club, references: [ref("A1"), ref("a1 ")] }, { ssn }),
      ],
      [422, "referenceInvalid", membershipCart({ ...club, references: [ref(" ")] }, { ssn })],
      [
        422,
        "membershipQuantity",
        membershipCart(club, {
          ssn,
          extra: {
            memberships: [
              membershipCart(club).memberships[0] as never,
              membershipCart({ membershipId: 3, membershipPriceId: 31 }).memberships[0] as never,
            ],
          },
        }),
      ],
      [
        422,
        "memberNotFound",
        membershipCart({ ...club, isTopup: true }, { ssn, extra: { membershipIdentifier: "90000001" } }),
      ],
      [422, "membershipSeatRequired", membershipCart(seated, { ssn })],
      [422, "seatCount", membershipCart({ ...club, seat: seatOfStage(stage, 0) }, { ssn })],
      [422, "holdLost", membershipCart({ ...seated, seat: seatOfStage(stage, 0) }, { ssn })],
      [
        422,
        "serviceChargeMismatch",
        membershipCart(club, { ssn, extra: { globalServiceCharge: 100 as never } }),
      ],
      [
        422,
        "mixedCart",
        membershipCart(club, {
          ssn,
          extra: { donations: [{ donationId: 1, donationDetailId: 1, quantity: 1, customAmount: null }] },
        }),
      ],
      // spec §5: the ID number is required for memberships, with its check digit
      [400, "customerInfoInvalid", membershipCart(club, { ssn: null })],
      [
        400,
        "customerInfoInvalid",
        membershipCart(club, { ssn: `${ssn.slice(0, 8)}${(Number(ssn[8]) + 1) % 10}` }),
      ],
    ]
    for (const [status, code, body] of cases) {
      const response = await commitAs(live(), cart, body)
      expect(response.status, code).toBe(status)
      expect(await codeOf(response), code).toBe(code)
    }
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(0)
    // spec §5: a series bought in two currencies is refused as such, before the count of memberships
    await live().query(
      `INSERT INTO membership_prices (id, membership_id, price_code, name, price_agorot, currency)
       VALUES ($1, $2, 'SEASON-USD', '{"en": "Season (USD)"}'::jsonb, 7000, 'USD')`,
      [stage.priceId + 1, stage.membershipId],
    )
    const twoCurrencies = (membershipId: number, first: number, second: number) =>
      membershipCart(
        { membershipId, membershipPriceId: first },
        {
          ssn,
          extra: {
            memberships: [
              membershipCart({ membershipId, membershipPriceId: first }).memberships[0] as never,
              membershipCart({ membershipId, membershipPriceId: second, currencyId: 2 })
                .memberships[0] as never,
            ],
          },
        },
      )
    const mixed = await commitAs(
      live(),
      cart,
      twoCurrencies(stage.membershipId, stage.priceId, stage.priceId + 1),
    )
    expect(await codeOf(mixed)).toBe("currencyMismatch")
    await live().query(
      `UPDATE memberships SET membership_type_id = 1, ticket_quantity = NULL WHERE id = $1`,
      [stage.membershipId],
    )
    const club2 = await commitAs(
      live(),
      cart,
      twoCurrencies(stage.membershipId, stage.priceId, stage.priceId + 1),
    )
    expect(await codeOf(club2)).toBe("membershipQuantity")
    // a membership no longer sold online is not for sale
    await live().query(`UPDATE memberships SET is_sold_online = false WHERE id = $1`, [stage.membershipId])
    const gone = await commitAs(
      live(),
      cart,
      membershipCart({ ...seated, seat: seatOfStage(stage, 0) }, { ssn }),
    )
    expect(await codeOf(gone)).toBe("noMembershipsForSale")
  })

  it("a seat hold that lapsed and was taken before the payment voids the order: no member, no double seat", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seatedStage(live(), used)
    const cart = await newCart(live().baseUrl)
    expect((await seatCall(live(), cart, stage, 0)).status).toBe(200)
    const body = membershipCart(
      { membershipId: stage.membershipId, membershipPriceId: stage.priceId, seat: seatOfStage(stage, 0) },
      { ssn: buyerSsn() },
    )
    const order = (await (await commitAs(live(), cart, body)).json()) as Committed
    const form = await openForm(live(), cart, order.reservationIdentifier)
    // (the guard trigger never lets an order's hold be shortened in place: untie, lapse, tie again)
    const tied = await live().query<{ id: string }>(
      `UPDATE seat_allocations SET reservation_id = NULL, expires_at = marquee_now() - interval '1 second'
       WHERE reservation_id = (SELECT id FROM reservations WHERE identifier = $1) RETURNING id::text AS id`,
      [order.reservationIdentifier],
    )
    expect(tied).toHaveLength(stage.showings.length)
    await live().query(
      `UPDATE seat_allocations SET reservation_id = (SELECT id FROM reservations WHERE identifier = $1)
       WHERE id = ANY ($2::bigint[])`,
      [order.reservationIdentifier, `{${tied.map((t) => t.id).join(",")}}`],
    )
    const other = await newCart(live().baseUrl)
    expect((await seatCall(live(), other, stage, 0)).status).toBe(200)
    await payByCard(live(), form)
    expect(await orderState(live(), order.reservationIdentifier)).toMatchObject({
      paymentStatus: "voided",
      failure: "seatHoldLost",
    })
    const issued = await live().query(
      `SELECT 1 FROM members mb JOIN order_items oi ON oi.id = mb.order_item_id
       JOIN reservations r ON r.id = oi.reservation_id WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(issued).toHaveLength(0)
    const holders = await holdersOf(live(), stage, (stage.seats[0] as SeatedStage["seats"][number]).id)
    expect(holders.map((h) => [h.cart, h.kind])).toEqual(stage.showings.map(() => [other, "hold"]))
  })
})
