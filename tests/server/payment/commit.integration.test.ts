import { describe, expect, it } from "vitest"
import { DEMO_MEMBER_SSN } from "../../../src/server/db/seed/codes.ts"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import { newCart, solveHumanCheck } from "../../_support/humanCheck.ts"
import { orderStatuses, referenceUsed, ticketsLeft, ticketVoucher, voucherLine } from "./_benefits.ts"
import {
  type Committed,
  codeOf,
  commitCart,
  freshStage,
  holdSeats,
  postCommit,
  seatLine,
} from "./_payment.ts"

/**
 * `POST /api/payment/commit` through real HTTP on both databases: the server prices the cart again, checks the
 * holds, and turns them into one order per idempotency key, whatever the retries and races.
 */
const databases = bothDatabases("commit")

describe.each(databases)("commit on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)
  const used: Array<number> = []

  it("turns the held seats into an order awaiting payment, held until the payment deadline", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0, 1])
    const response = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0, 1]))
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    const each = stage.ticket.price + stage.ticket.serviceCharge
    expect(order).toMatchObject({
      status: "awaitingPayment",
      total: 2 * each,
      amountDue: 2 * each,
      documentKey: null,
    })
    expect(order.ticketIdentifiers).toHaveLength(2)
    const minutes = (Date.parse(order.paymentDeadline) - live().now()) / 60_000
    expect(minutes).toBeGreaterThan(14)
    expect(minutes).toBeLessThanOrEqual(15.1)
    const holds = await live().query<{ kind: string; tied: boolean; deadline: boolean }>(
      `SELECT a.kind, a.reservation_id IS NOT NULL AS tied, a.expires_at > marquee_now() + interval '14 minutes' AS deadline
       FROM seat_allocations a WHERE a.presentation_id = $1 AND a.cart_token = $2`,
      [stage.presentationId, cart],
    )
    expect(holds).toEqual([
      { kind: "hold", tied: true, deadline: true },
      { kind: "hold", tied: true, deadline: true },
    ])
    // the cart cannot release an order's seats through the seat API while it awaits payment
    const unlock = await fetch(`${live().baseUrl}/api/seats/unlock-seat`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-cart-token": cart },
      body: JSON.stringify({
        seat: {
          PresentationId: stage.presentationId,
          VenueSectionId: stage.sectionId,
          XCoordinate: stage.seatIndexes[0],
          YCoordinate: stage.rowIndex,
        },
      }),
    })
    expect(unlock.status).not.toBe(200)
    const still = await live().query(
      `SELECT 1 FROM seat_allocations WHERE presentation_id = $1 AND cart_token = $2`,
      [stage.presentationId, cart],
    )
    expect(still).toHaveLength(2)
  })

  it("a dropped answer retried with the same key gets the same reservation; 20 parallel retries make one", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [2, 3])
    const key = crypto.randomUUID()
    const body = commitCart(stage, [2, 3])
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCommit(live(), cart, key, body)))
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200))
    const orders = (await Promise.all(answers.map((r) => r.json()))) as Array<Committed>
    expect(new Set(orders.map((o) => o.reservationIdentifier)).size).toBe(1)
    expect(new Set(orders.map((o) => o.ticketIdentifiers.join()))).toHaveLength(1)
    const again = (await (await postCommit(live(), cart, key, body)).json()) as Committed
    expect(again.reservationIdentifier).toBe(orders[0]?.reservationIdentifier)
    const rows = await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])
    expect(rows).toHaveLength(1)
  })

  it("a retry carrying its already spent human check still gets its reservation; a new commit does not", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const token = await solveHumanCheck(live().baseUrl)
    const key = crypto.randomUUID()
    const body = commitCart(stage, [0])
    const first = await postCommit(live(), cart, key, body, true, token)
    expect(first.status).toBe(200)
    const retry = await postCommit(live(), cart, key, body, true, token)
    expect(retry.status).toBe(200)
    expect(((await retry.json()) as Committed).reservationIdentifier).toBe(
      ((await first.json()) as Committed).reservationIdentifier,
    )
    const another = await postCommit(live(), cart, crypto.randomUUID(), body, true, token)
    expect(another.status).toBe(400)
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(1)
  })

  it("the same key with another cart is refused and changes nothing", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const [a, b] = await Promise.all([newCart(live().baseUrl), newCart(live().baseUrl)])
    await holdSeats(live(), a, stage, [0])
    await holdSeats(live(), b, stage, [1])
    const key = crypto.randomUUID()
    expect((await postCommit(live(), a, key, commitCart(stage, [0]))).status).toBe(200)
    const reused = await postCommit(live(), b, key, commitCart(stage, [1]))
    expect(reused.status).toBe(422)
    expect(await codeOf(reused)).toBe("idempotencyKeyReused")
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [b])).toHaveLength(0)
  })

  it("refuses a tampered price, a wrong service charge, a ticket of another group, a seat not held", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const cases: ReadonlyArray<[string, ReturnType<typeof commitCart>]> = [
      ["priceMismatch", commitCart(stage, [0], { seats: [seatLine(stage, 0, { amount: 100 as never })] })],
      [
        "serviceChargeMismatch",
        commitCart(stage, [0], {
          seats: [seatLine(stage, 0, { serviceCharge: (stage.ticket.serviceCharge + 1) as never })],
        }),
      ],
      ["serviceChargeMismatch", commitCart(stage, [0], { globalServiceCharge: 500 as never })],
      ["unknownTicket", commitCart(stage, [0], { seats: [seatLine(stage, 0, { ticketId: 999_999 })] })],
      [
        "ticketNotForSeat",
        commitCart(stage, [0], { seats: [seatLine(stage, 0, { ticketGroupId: stage.ticket.groupId + 1 })] }),
      ],
      ["holdLost", commitCart(stage, [0, 5])],
      ["emptyCart", commitCart(stage, [])],
      ["unknownProduct", commitCart(stage, [0], { products: [{ id: 999_999, quantity: 1 }] })],
      ["customerInfoInvalid", commitCart(stage, [0], { customerInfo: null })],
      [
        "voucherNotFound",
        commitCart(stage, [0], {
          voucherPayments: [
            { amount: 100 as never, id: 1, systemVoucher: "NOPE-123", systemVoucherItemId: 1 },
          ],
        }),
      ],
    ]
    for (const [code, body] of cases) {
      const response = await postCommit(live(), cart, crypto.randomUUID(), body)
      expect(response.status, code).toBe(422)
      expect(await codeOf(response), code).toBe(code)
    }
    const terms = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0]), false)
    expect(await codeOf(terms)).toBe("termsRequired")
    const badMobile = commitCart(stage, [0])
    const invalid = {
      ...badMobile,
      customerInfo: { ...badMobile.customerInfo, MobileNumber1: "+972 3-123-4567" },
    }
    expect(await codeOf(await postCommit(live(), cart, crypto.randomUUID(), invalid as never))).toBe(
      "customerInfoInvalid",
    )
    // nothing was written and the hold is still the cart's own
    expect(await live().query(`SELECT 1 FROM reservations WHERE cart_token = $1`, [cart])).toHaveLength(0)
    const holds = await live().query<{ tied: boolean }>(
      `SELECT reservation_id IS NOT NULL AS tied FROM seat_allocations WHERE presentation_id = $1 AND cart_token = $2`,
      [stage.presentationId, cart],
    )
    expect(holds).toEqual([{ tied: false }])
  })

  it("no cart token: the human check is required; products are priced from the database", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const noCart = await postCommit(live(), "not-a-cart", crypto.randomUUID(), commitCart(stage, [0]))
    expect(noCart.status).toBe(400)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    const product = (
      await live().query<{ id: number; price: number }>(
        `SELECT id, price_agorot AS price FROM products WHERE is_active AND NOT is_3d_glasses ORDER BY id LIMIT 1`,
      )
    )[0] as { id: number; price: number }
    const response = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0], { products: [{ id: product.id, quantity: 2 }] }),
    )
    const order = (await response.json()) as Committed
    expect(order.total).toBe(stage.ticket.price + stage.ticket.serviceCharge + 2 * product.price)
    const sales = await live().query<{ total: number }>(
      `SELECT ps.total_agorot AS total FROM product_sales ps JOIN reservations r ON r.id = ps.reservation_id
       WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    )
    expect(sales).toEqual([{ total: 2 * product.price }])
  })

  it("a new commit of the same cart supersedes its unpaid order and keeps the seats", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0, 1])
    const first = (await (
      await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0, 1]))
    ).json()) as Committed
    const second = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0]))
    expect(second.status).toBe(200)
    const rows = await live().query<{ identifier: string; paymentStatus: string }>(
      `SELECT identifier, payment_status AS "paymentStatus" FROM reservations WHERE cart_token = $1 ORDER BY id`,
      [cart],
    )
    expect(rows.map((r) => r.paymentStatus)).toEqual(["voided", "awaitingPayment"])
    expect(rows[0]?.identifier).toBe(first.reservationIdentifier)
    const cancelled = await live().query(
      `SELECT 1 FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
       WHERE r.identifier = $1 AND st.cancelled_at IS NOT NULL`,
      [first.reservationIdentifier],
    )
    expect(cancelled).toHaveLength(2)
  })
  it("seats paid by a ticket voucher commit at price 0 and spend its tickets; voiding gives them back", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0, 1])
    const [voucher, single, expired] = await Promise.all([
      ticketVoucher(live(), 3),
      ticketVoucher(live(), 1),
      ticketVoucher(live(), 5, true),
    ])
    const refused: ReadonlyArray<[string, ReturnType<typeof commitCart>["seats"]]> = [
      ["voucherNotFound", [voucherLine(stage, 0, "TV-NOPE")]],
      ["voucherNotFound", [voucherLine(stage, 0, "GIFT-100")]],
      ["voucherExpired", [voucherLine(stage, 0, expired)]],
      ["voucherBalance", [voucherLine(stage, 0, single), voucherLine(stage, 1, single)]],
      ["voucherBalance", [voucherLine(stage, 0, "TICKET-EMPTY")]],
      [
        "priceMismatch",
        [
          {
            ...voucherLine(stage, 0, voucher),
            ticket: { ...voucherLine(stage, 0, voucher).ticket, amount: 100 as never },
          },
        ],
      ],
    ]
    for (const [code, seats] of refused) {
      const response = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0], { seats }))
      expect(response.status, code).toBe(422)
      expect(await codeOf(response), code).toBe(code)
    }
    expect(await ticketsLeft(live(), single)).toBe(1)

    const seats = [voucherLine(stage, 0, voucher), voucherLine(stage, 1, voucher.toLowerCase())]
    const response = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0, 1], { seats }))
    expect(response.status).toBe(200)
    const order = (await response.json()) as Committed
    expect(order.total).toBe(2 * stage.ticket.serviceCharge)
    expect(await ticketsLeft(live(), voucher)).toBe(1)
    const sold = await live().query<{ price: number; voucher: boolean }>(
      `SELECT st.price_agorot AS price, st.system_voucher_id = v.id AS voucher
       FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
       LEFT JOIN system_vouchers v ON v.reference = $2
       WHERE r.identifier = $1`,
      [order.reservationIdentifier, voucher],
    )
    expect(sold).toEqual([
      { price: 0, voucher: true },
      { price: 0, voucher: true },
    ])
    // a new commit of the same cart voids the first order: its voucher tickets come back
    const plain = await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0, 1]))
    expect(plain.status).toBe(200)
    expect(await orderStatuses(live(), cart)).toEqual(["voided", "awaitingPayment"])
    expect(await ticketsLeft(live(), voucher)).toBe(3)
  })

  it("the last ticket of a voucher raced by four carts: one order, the others refused, never below zero", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used)
    const voucher = await ticketVoucher(live(), 1)
    const carts = await Promise.all([0, 1, 2, 3].map(() => newCart(live().baseUrl)))
    // one after another, left to right: holding them in parallel could leave a single empty seat for a moment
    for (const [i, cart] of carts.entries()) await holdSeats(live(), cart, stage, [i])
    const answers = await Promise.all(
      carts.map((cart, i) =>
        postCommit(
          live(),
          cart,
          crypto.randomUUID(),
          commitCart(stage, [i], { seats: [voucherLine(stage, i, voucher)] }),
        ),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422, 422, 422])
    const codes = await Promise.all(answers.filter((r) => r.status === 422).map(codeOf))
    expect(codes).toEqual(["voucherBalance", "voucherBalance", "voucherBalance"])
    expect(await ticketsLeft(live(), voucher)).toBe(0)
    const orders = await live().query(
      `SELECT 1 FROM sold_tickets st JOIN system_vouchers v ON v.id = st.system_voucher_id WHERE v.reference = $1`,
      [voucher],
    )
    expect(orders).toHaveLength(1)
  })

  it("a member-only ticket needs an active member allowed member prices, with entries left on a punch card", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used, { ticket: "memberOnly" })
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    // none, unknown, expired, not started, punch card used up, not allowed member prices
    for (const memberNumber of [undefined, "12345678", "90000002", "90000003", "90000004", "90000005"]) {
      const line = seatLine(stage, 0, memberNumber === undefined ? {} : { memberNumber })
      const response = await postCommit(
        live(),
        cart,
        crypto.randomUUID(),
        commitCart(stage, [0], { seats: [line] }),
      )
      expect(response.status, memberNumber).toBe(422)
      expect(await codeOf(response), memberNumber).toBe("memberInvalid")
    }
    expect(await orderStatuses(live(), cart)).toEqual([])
    // issue 14: a valid member's number alone spends nothing; the cart proves the member with the holder's ID number
    const line = seatLine(stage, 0, { memberNumber: "90000001" })
    const unproven = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0], { seats: [line] }),
    )
    expect(unproven.status).toBe(422)
    expect(await codeOf(unproven)).toBe("memberInvalid")
    const ticketId = String(line.ticket.ticketId)
    const eligibility = (memberSsn: string) =>
      fetch(
        `${live().baseUrl}/api/presentations/${stage.presentationId}/ticketEligibility?${new URLSearchParams({ ticketId, memberNumber: "90000001" })}`,
        { headers: { "x-cart-token": cart, "x-member-ssn": memberSsn } },
      )
    expect((await eligibility("500000021")).status).toBe(422)
    expect((await eligibility(DEMO_MEMBER_SSN)).status).toBe(200)
    const response = await postCommit(
      live(),
      cart,
      crypto.randomUUID(),
      commitCart(stage, [0], { seats: [line] }),
    )
    expect(response.status).toBe(200)
    const member = await live().query<{ memberNumber: string }>(
      `SELECT m.member_number AS "memberNumber" FROM sold_tickets st JOIN members m ON m.id = st.member_id
       JOIN reservations r ON r.id = st.reservation_id WHERE r.cart_token = $1`,
      [cart],
    )
    expect(member).toEqual([{ memberNumber: "90000001" }])
  })

  it("a reference ticket needs reference1 from its options with uses left; its use is counted and given back", async (ctx) => {
    if (!isUp()) return ctx.skip()
    const stage = await freshStage(live(), used, { ticket: "reference" })
    const cart = await newCart(live().baseUrl)
    await holdSeats(live(), cart, stage, [0])
    for (const ref1 of [undefined, "  ", "NOWHERE", "FULLHOTEL"]) {
      const line = seatLine(stage, 0, ref1 === undefined ? {} : { ref1 })
      const response = await postCommit(
        live(),
        cart,
        crypto.randomUUID(),
        commitCart(stage, [0], { seats: [line] }),
      )
      expect(response.status, ref1).toBe(422)
      expect(await codeOf(response), ref1).toBe("referenceInvalid")
    }
    const before = await referenceUsed(live(), stage.ticket.id, "HILTON")
    const hilton = seatLine(stage, 0, { ref1: "hilton", ref2: "room 12" })
    expect(
      (await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0], { seats: [hilton] })))
        .status,
    ).toBe(200)
    expect(await referenceUsed(live(), stage.ticket.id, "HILTON")).toBe((before ?? 0) + 1)
    // the cart commits again with another hotel: the first order is voided and gives HILTON its use back
    const dan = seatLine(stage, 0, { ref1: "DAN-TLV" })
    expect(
      (await postCommit(live(), cart, crypto.randomUUID(), commitCart(stage, [0], { seats: [dan] }))).status,
    ).toBe(200)
    expect(await orderStatuses(live(), cart)).toEqual(["voided", "awaitingPayment"])
    expect(await referenceUsed(live(), stage.ticket.id, "HILTON")).toBe(before)
    const refs = await live().query<{ reference1: string; reference2: string | null }>(
      `SELECT st.reference1, st.reference2 FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
       WHERE r.cart_token = $1 ORDER BY st.id`,
      [cart],
    )
    expect(refs).toEqual([
      { reference1: "hilton", reference2: "room 12" },
      { reference1: "DAN-TLV", reference2: null },
    ])
  })
})
