import { describe, expect, it } from "vitest"
import type { CustomerAreaData } from "../../../src/api/CustomerAreaApi.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart } from "../../_support/humanCheck.ts"
import { call, DEMO_MOBILE, secondMobile, signIn } from "../customerArea/_area.ts"
import { commitAs } from "../memberships/_memberships.ts"
import { oneOrderPerKey, paidOnceByEveryWord } from "../payment/_guarantees.ts"
import { codeOf, complete, openForm } from "../payment/_payment.ts"
import {
  enrolCart,
  enrolSeatCall,
  holders,
  MEMBERSHIP,
  memberFor,
  type SeasonStage,
  seasonStage,
} from "./_enrol.ts"

/**
 * Season enrolment end to end on both databases (issue 16; spec §3 "Enrol membership", §7 `/enroll/…`, §8
 * ALREADY_ENROLLED): the offer, the member seat and the showings' seats through the ticket seats' holds, and the
 * commit of order kind `enrolment` with every rule of src/server/payment/itemOrders/enrolmentOrder.ts.
 */
const databases = bothDatabases("enrolment")
const DEMO_MEMBER = "90000001"

describe.each(databases)("season enrolment on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  // one sign-in per customer and database: a number gets at most 3 codes in 10 minutes
  const sessions = new Map<string, string>()
  const session = async (mobile: string) => {
    const known = sessions.get(mobile)
    if (known !== undefined) return known
    const uuid = await signIn(live(), mobile)
    sessions.set(mobile, uuid)
    return uuid
  }
  const demo = async () => ({ cart: await newCart(live().baseUrl), uuid: await session(DEMO_MOBILE) })
  const offer = async (uuid: string | null) => {
    const response = await fetch(`${live().baseUrl}/api/enroll/${MEMBERSHIP}?lang=en`, {
      headers: uuid === null ? {} : { uuid },
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const seasonOf = (body: Record<string, unknown>, stage: SeasonStage) =>
    (body.seasons as ReadonlyArray<Record<string, unknown>>).find((s) => s.SeasonId === stage.seasonId)
  const lockAll = async (
    auth: { cart: string; uuid: string },
    stage: SeasonStage,
    showings: Array<number>,
  ) => {
    const member = await enrolSeatCall(live(), auth, stage, 0, null)
    expect(member.status, await member.clone().text()).toBe(200)
    for (const n of showings) {
      const locked = await enrolSeatCall(live(), auth, stage, 0, stage.showings[n] as number)
      expect(locked.status, await locked.clone().text()).toBe(200)
    }
  }

  it("offers the season to a signed-in member only, and enrols with a seat in each showing chosen", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seasonStage(live(), used, { payable: [0, 0, 1500] })
    expect((await offer(null)).status).toBe(401)
    const stranger = await session(await secondMobile(live()))
    await live().query(
      `UPDATE members SET end_date = start_date WHERE membership_id = $1
         AND customer_id = (SELECT id FROM customers WHERE mobile = $2)`,
      [MEMBERSHIP, await secondMobile(live())],
    )
    expect(await offer(stranger)).toMatchObject({ status: 404, body: { error: "memberNotFound" } })

    const auth = await demo()
    const before = await offer(auth.uuid)
    expect(before.status).toBe(200)
    expect(before.body.memberNumber).toBe(DEMO_MEMBER)
    expect(seasonOf(before.body, stage)).toMatchObject({
      IsSkipMemberSeat: false,
      IsPricingPerTicket: false,
      DefaultTicketGroupId: 1,
      enrolled: null,
      Presentations: stage.showings.map((id, i) => ({
        PresentationId: id,
        IsRequired: i === 0,
        MembershipPayableAmount: [0, 0, 1500][i],
      })),
    })

    // the member seat: the required showing; then showing 2 on the same seat
    const member = await enrolSeatCall(live(), auth, stage, 0, null)
    expect(member.status, await member.clone().text()).toBe(200)
    expect(await member.json()).toMatchObject({ presentationIds: [stage.showings[0]] })
    const second = await enrolSeatCall(live(), auth, stage, 1, stage.showings[1] as number)
    expect(second.status).toBe(200)
    // one seat per showing: another seat in showing 2 must wait for the first to be let go
    const third = await enrolSeatCall(live(), auth, stage, 2, stage.showings[1] as number)
    expect(third.status).toBe(409)
    expect(await third.json()).toMatchObject({ error: "oneSeatPerPresentation" })
    const plan = await fetch(
      `${live().baseUrl}/api/enroll/${MEMBERSHIP}/seatplan?seasonId=${stage.seasonId}&presentationId=${stage.showings[1]}`,
      { headers: { uuid: auth.uuid, "x-cart-token": auth.cart } },
    )
    const seats = ((await plan.json()) as { seats: Array<Record<string, unknown>> }).seats
    const mine = stage.seats[1] as SeasonStage["seats"][number]
    expect(
      seats.find(
        (s) => s.XCoordinate === mine.x && s.YCoordinate === mine.y && s.VenueSectionId === mine.sectionId,
      ),
    ).toMatchObject({ isAvailable: true, isSelected: true })

    const cart = enrolCart(stage, DEMO_MEMBER, [
      { showing: 0, seat: 0 },
      { showing: 1, seat: 1 },
    ])
    const committed = await commitAs(live(), auth.cart, cart, { uuid: auth.uuid })
    expect(committed.status, await committed.clone().text()).toBe(200)
    const order = (await committed.json()) as { status: string; reservationIdentifier: string; total: number }
    // included showings: nothing to pay, so paid at commit and the seats sold
    expect(order).toMatchObject({ status: "paid", total: 0 })
    expect((await holders(live(), stage, (stage.seats[0] as { id: number }).id)).map((h) => h.kind)).toEqual([
      "sale",
    ])
    // a sold seat is taken for everyone, an asker without a cart too
    const sold = await fetch(
      `${live().baseUrl}/api/enroll/${MEMBERSHIP}/seatplan?seasonId=${stage.seasonId}&presentationId=${stage.showings[0]}`,
      { headers: { uuid: auth.uuid } },
    )
    const first = stage.seats[0] as SeasonStage["seats"][number]
    expect(
      ((await sold.json()) as { seats: Array<Record<string, unknown>> }).seats.find(
        (s) => s.XCoordinate === first.x && s.YCoordinate === first.y && s.VenueSectionId === first.sectionId,
      ),
    ).toMatchObject({ isAvailable: false, isSelected: false })
    const after = await offer(auth.uuid)
    expect(seasonOf(after.body, stage)?.enrolled).toMatchObject({
      reservationIdentifier: order.reservationIdentifier,
      status: "paid",
      seats: [{ PresentationId: stage.showings[0] }, { PresentationId: stage.showings[1] }],
    })
    const rows = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrolments WHERE season_id = $1 AND enrolled_at IS NOT NULL`,
      [stage.seasonId],
    )
    expect(rows[0]?.n).toBe(1)
    // no ticket chosen: each seat's ticket is the default group's first public ticket
    const named = await live().query<{ ticketGroup: number; ticket: number }>(
      `SELECT DISTINCT st.ticket_group_id AS "ticketGroup", st.ticket_id AS ticket FROM sold_tickets st
       JOIN reservations r ON r.id = st.reservation_id WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    const firstPublic = await live().query<{ id: number }>(
      `SELECT id FROM tickets WHERE ticket_group_id = 1 AND is_active AND NOT is_member_only
         AND NOT requires_reference AND multiply_factor = 1 ORDER BY id LIMIT 1`,
    )
    expect(named).toEqual([{ ticketGroup: 1, ticket: firstPublic[0]?.id }])
    // the default group is always one the season offers: the database refuses another
    await expect(
      live().query(`UPDATE enrolment_seasons SET ticket_group_ids = '{2}' WHERE id = $1`, [stage.seasonId]),
    ).rejects.toThrow()

    // ALREADY_ENROLLED: a second enrolment, and a seat for one
    const again = await demo()
    const refusedSeat = await enrolSeatCall(live(), again, stage, 3, stage.showings[2] as number)
    expect(refusedSeat.status).toBe(409)
    expect(await refusedSeat.json()).toMatchObject({ error: "ALREADY_ENROLLED" })
    const refused = await commitAs(
      live(),
      again.cart,
      enrolCart(stage, DEMO_MEMBER, [{ showing: 0, seat: 3 }]),
      {
        uuid: again.uuid,
      },
    )
    expect(await codeOf(refused)).toBe("ALREADY_ENROLLED")
  })

  it("prices by payable amount, override and ticket; paid by card, its tickets are sold tickets", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seasonStage(live(), used, { payable: [0, 1500, 700], override: [null, null, 2500] })
    const auth = await demo()
    await lockAll(auth, stage, [1, 2])
    const picks = [
      { showing: 0, seat: 0, amount: 0 },
      { showing: 1, seat: 0, amount: 1500 },
      { showing: 2, seat: 0, amount: 700 },
    ]
    const wrong = await commitAs(live(), auth.cart, enrolCart(stage, DEMO_MEMBER, picks), { uuid: auth.uuid })
    expect(await codeOf(wrong)).toBe("priceMismatch")
    const right = picks.map((p, i) => (i === 2 ? { ...p, amount: 2500 } : p))
    // a double click or a retry after a dropped answer: one order; the key with other prices is refused
    const key = crypto.randomUUID()
    const order = await oneOrderPerKey(live(), auth.cart, (body) =>
      commitAs(live(), auth.cart, enrolCart(stage, DEMO_MEMBER, body === "same" ? right : picks), {
        key,
        uuid: auth.uuid,
      }),
    )
    expect(order).toMatchObject({ status: "awaitingPayment", total: 4000, amountDue: 4000 })
    // the holds are the order's now, awaiting payment
    const tied = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM order_item_seats WHERE seat_id = $1 AND presentation_id = ANY ($2::int[])`,
      [(stage.seats[0] as { id: number }).id, `{${stage.showings.join(",")}}`],
    )
    expect(tied[0]?.n).toBe(3)

    // paid by card: the provider returns to the enrolment's own page, whose completion makes the order paid
    const identifier = order.reservationIdentifier
    const form = await openForm(live(), auth.cart, identifier, "card", "en")
    // the return page may come back without the enrolment's cart: its signed-in member owns the order
    const completion = async () => {
      const answer = await fetch(`${live().baseUrl}/api/payment/complete`, {
        method: "POST",
        headers: { "content-type": "application/json", uuid: auth.uuid },
        body: JSON.stringify({ reservationIdentifier: identifier, paymentId: form.paymentId }),
      })
      return { status: answer.status, body: (await answer.json()) as { status: string; documentKey: string } }
    }
    // the provider's word by webhooks and return pages at once: paid once, and (below) three tickets, not more
    const paid = await paidOnceByEveryWord(live(), form, identifier, completion)
    expect(paid.location).toContain(
      `/enrol/${MEMBERSHIP}/payment-return?paymentId=${form.paymentId}&reservationIdentifier=${identifier}`,
    )
    const completed = (await completion()).body
    expect(completed.status).toBe("paid")
    const stranger = await complete(live(), await newCart(live().baseUrl), identifier, form.paymentId)
    expect(stranger.status).toBe(404)

    // three real sold tickets on the member seat, one per showing, at the showing's price
    const sold = await live().query<{ presentationId: number; seatId: number; price: number; kind: string }>(
      `SELECT st.presentation_id AS "presentationId", st.seat_id AS "seatId", st.price_agorot AS price, a.kind
       FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
       JOIN seat_allocations a ON a.id = st.allocation_id
       WHERE r.identifier = $1 AND st.cancelled_at IS NULL ORDER BY st.presentation_id`,
      [identifier],
    )
    const seatId = (stage.seats[0] as { id: number }).id
    expect(sold).toEqual(
      stage.showings.map((presentationId, i) => ({
        presentationId,
        seatId,
        price: [0, 1500, 2500][i],
        kind: "sale",
      })),
    )
    // like any ticket: the customer area lists them, the e-document shows them
    const area = (await call(live(), auth.uuid, "GET", "/api/customer-area/customerAreaData?lang=en"))
      .body as unknown as CustomerAreaData
    const listed = area.reservations.find((r) => r.reservationIdentifier === identifier)
    expect(listed?.state).toBe("active")
    expect(listed?.tickets).toHaveLength(3)
    const edoc = await fetch(`${live().baseUrl}/api/edocuments/${completed.documentKey}?lang=en`)
    expect(edoc.status).toBe(200)
    const tickets = ((await edoc.json()) as { tickets: Array<{ state?: string }> }).tickets
    expect(tickets).toHaveLength(3)
    expect(seasonOf((await offer(auth.uuid)).body, stage)?.enrolled).toMatchObject({ status: "paid" })
  })

  it("prices per ticket with IsPricingPerTicket, the override still winning", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seasonStage(live(), used, { perTicket: true, override: [null, 900] }, 2)
    const auth = await demo()
    await lockAll(auth, stage, [1])
    const price = stage.ticket.price
    const noTicket = enrolCart(stage, DEMO_MEMBER, [
      { showing: 0, seat: 0, amount: price },
      { showing: 1, seat: 0, amount: 900 },
    ])
    expect(await codeOf(await commitAs(live(), auth.cart, noTicket, { uuid: auth.uuid }))).toBe(
      "enrolmentTicket",
    )
    const cart = enrolCart(
      stage,
      DEMO_MEMBER,
      [
        { showing: 0, seat: 0, amount: price },
        { showing: 1, seat: 0, amount: 900 },
      ],
      { ticketId: stage.ticket.id },
    )
    const committed = await commitAs(live(), auth.cart, cart, { uuid: auth.uuid })
    expect(committed.status, await committed.clone().text()).toBe(200)
    expect(await committed.json()).toMatchObject({ total: price + 900 })
  })

  it("refuses each broken rule with its code and writes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seasonStage(live(), used, { required: [true, true, false] })
    const auth = await demo()
    await lockAll(auth, stage, [1, 2])
    const all = [
      { showing: 0, seat: 0 },
      { showing: 1, seat: 0 },
    ]
    const cases: ReadonlyArray<readonly [string, Parameters<typeof enrolCart>[2], object, string | null]> = [
      ["memberNotFound", all, { memberNumber: "90000002" }, DEMO_MEMBER],
      ["enrolmentClosed", all, { seasonId: 1 + stage.seasonId * 0 + 999_999 }, null],
      ["enrolmentRequiredMissing", [{ showing: 0, seat: 0 }], {}, null],
      ["enrolmentPresentation", [...all, { showing: 1, seat: 0 }], {}, null],
      ["enrolmentTicket", all, { ticketGroupId: 5 }, null],
      [
        "enrolmentMemberSeat",
        [
          { showing: 0, seat: 0 },
          { showing: 1, seat: 1 },
        ],
        {},
        null,
      ],
      ["holdLost", [...all, { showing: 2, seat: 3 }], {}, null],
    ]
    for (const [code, picks, line] of cases) {
      const response = await commitAs(live(), auth.cart, enrolCart(stage, DEMO_MEMBER, picks, line), {
        uuid: auth.uuid,
      })
      expect(await codeOf(response), code).toBe(code)
    }
    const guest = await commitAs(live(), auth.cart, enrolCart(stage, DEMO_MEMBER, all))
    expect(await codeOf(guest)).toBe("signInRequired")
    const written = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM enrolments WHERE season_id = $1`,
      [stage.seasonId],
    )
    expect(written[0]?.n).toBe(0)
    // a member seat where the season skips it
    await live().query(`UPDATE enrolment_seasons SET is_skip_member_seat = true WHERE id = $1`, [
      stage.seasonId,
    ])
    const skipped = await enrolSeatCall(live(), await demo(), stage, 2, null)
    expect(skipped.status).toBe(409)
    expect(await skipped.json()).toMatchObject({ error: "enrolmentMemberSeat" })
    // and then the required showings may sit apart
    const apart = await demo()
    for (const [n, seat] of [
      [0, 2],
      [1, 3],
    ] as const) {
      const locked = await enrolSeatCall(live(), apart, stage, seat, stage.showings[n] as number)
      expect(locked.status, await locked.clone().text()).toBe(200)
    }
    const ok = await commitAs(
      live(),
      apart.cart,
      enrolCart(stage, DEMO_MEMBER, [
        { showing: 0, seat: 2 },
        { showing: 1, seat: 3 },
      ]),
      { uuid: apart.uuid },
    )
    expect(ok.status, await ok.clone().text()).toBe(200)
  })

  it("racing: members racing for one seat get one hold; one member's racing enrolments make one order", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await seasonStage(live(), used)
    const mobile = await secondMobile(live())
    const otherNumber = await memberFor(live(), mobile)
    await live().query(
      `UPDATE members SET end_date = start_date WHERE membership_id = $1 AND member_number <> $2
        AND customer_id = (SELECT id FROM customers WHERE mobile = $3)`,
      [MEMBERSHIP, otherNumber, mobile],
    )
    const racers = [
      await demo(),
      { cart: await newCart(live().baseUrl), uuid: await session(mobile) },
      await demo(),
    ]
    const answers = await Promise.all(racers.map((auth) => enrolSeatCall(live(), auth, stage, 0, null)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
    const seat = stage.seats[0] as SeasonStage["seats"][number]
    expect(await holders(live(), stage, seat.id)).toHaveLength(1)

    // one member, two carts each holding seats of its own, committing at once: one order
    const [a, b] = [await demo(), await demo()]
    await enrolSeatCall(live(), a, stage, 1, null)
    await enrolSeatCall(live(), b, stage, 2, null)
    const commits = await Promise.all([
      commitAs(live(), a.cart, enrolCart(stage, DEMO_MEMBER, [{ showing: 0, seat: 1 }]), { uuid: a.uuid }),
      commitAs(live(), b.cart, enrolCart(stage, DEMO_MEMBER, [{ showing: 0, seat: 2 }]), { uuid: b.uuid }),
    ])
    const codes = await Promise.all(commits.map(async (c) => (c.status === 200 ? "ok" : await codeOf(c))))
    expect(codes.sort()).toEqual(["ALREADY_ENROLLED", "ok"])
    const rows = await live().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reservations WHERE order_kind = 'enrolment' AND payment_status <> 'voided'
         AND id IN (SELECT reservation_id FROM order_item_seats WHERE presentation_id = $1)`,
      [stage.showings[0]],
    )
    expect(rows[0]?.n).toBe(1)
  })
})
