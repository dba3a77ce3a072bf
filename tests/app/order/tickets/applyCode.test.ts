import { afterEach, describe, expect, it, vi } from "vitest"
import type { PresentationDetail, Ticket } from "../../../../src/api/PresentationEntities.ts"
import { applyCode } from "../../../../src/app/order/tickets/applyCode.ts"
import { toCartTicket } from "../../../../src/app/order/tickets/ticketChoice.ts"
import type { CartTicket } from "../../../../src/domain/cart/facts.ts"
import type { CartSeat } from "../../../../src/domain/cart/state.ts"
import { seatKey } from "../../../../src/domain/seating/seatKeys.ts"
import { ticketOffer } from "../../../_support/ticketOffer.ts"

const offer = (id: number, price: number): Ticket => ticketOffer(id, { price })
const regular = offer(101, 4700)
const child = offer(102, 3900)
const detail = {
  ticketGroups: [{ id: 1, name: "Tickets", sectionId: null, tickets: [regular, child], seatModifiers: [] }],
} as unknown as PresentationDetail

const seat = (x: number, ticket: CartTicket | null): CartSeat => ({
  key: seatKey(7, { VenueSectionId: 3, x, y: 1 }),
  presentationId: 7,
  VenueSectionId: 3,
  x,
  y: 1,
  RowName: "1",
  SeatName: String(x),
  TicketGroupId: null,
  allocationId: null,
  holdExpiresAt: "2026-11-22T10:00:00Z",
  ticket,
  ticketSource: "chosen",
  autoTicketRefusal: null,
  isFirstAddonSelected: false,
  isMultiplyFactorSubTicket: false,
  seatModifiers: [],
})

const answer = (status: number, body: unknown) =>
  vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  )

afterEach(() => vi.unstubAllGlobals())

describe("applyCode", () => {
  it("reprices every applicable seat with the shared discount arithmetic", async () => {
    const fetch = answer(200, {
      kind: "discount",
      discount: {
        discountId: 9,
        code: "KIDS5",
        name: "Kids",
        percentBasisPoints: null,
        amountOff: 500,
        ticketIds: [102],
        minTickets: 1,
      },
    })
    vi.stubGlobal("fetch", fetch)
    const seats = [seat(1, toCartTicket(regular, 1)), seat(2, toCartTicket(child, 1))]
    const result = await applyCode(7, "kids5", seats, detail, "en")
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      "/api/presentations/7/ticketCode?code=KIDS5&ticketIds=101%2C102&lang=en",
    )
    expect(result.ok).toBe(true)
    expect(result.message).toEqual({ key: "orderSteps.tickets.codeApplied", params: { code: "KIDS5", n: 1 } })
    expect(result.events).toHaveLength(1)
    const chosen = result.events[0] as { ticket: CartTicket; seat: { x: number } }
    expect(chosen.seat.x).toBe(2)
    expect(chosen.ticket).toMatchObject({
      price: 3400,
      oldPrice: 3900,
      appliedDiscount: 500,
      discountId: 9,
      code: "KIDS5",
    })
  })

  it("refuses a code already on a seat without asking the server", async () => {
    const fetch = answer(200, {})
    vi.stubGlobal("fetch", fetch)
    const seats = [seat(1, { ...toCartTicket(regular, 1), code: "CINEMA10", discountId: 1 })]
    const result = await applyCode(7, " cinema10 ", seats, detail, "en")
    expect(result).toMatchObject({
      ok: false,
      events: [],
      message: { key: "orderSteps.codes.codeAlreadyEntered" },
    })
    expect(fetch).not.toHaveBeenCalled()
  })

  it("lets a ticket voucher pay for as many seats as it has tickets", async () => {
    vi.stubGlobal(
      "fetch",
      answer(200, { kind: "ticketVoucher", reference: "TICKET-2", ticketsLeft: 2, endsOn: "2027-01-01" }),
    )
    const seats = [1, 2, 3].map((x) => seat(x, toCartTicket(regular, 1)))
    const result = await applyCode(7, "TICKET-2", seats, detail, "en")
    expect(result.events).toHaveLength(2)
    for (const event of result.events)
      expect((event as { ticket: CartTicket }).ticket).toMatchObject({
        price: 0,
        oldPrice: 4700,
        systemVoucher: "TICKET-2",
        serviceCharge: 500,
      })
  })

  it("translates the server's refusal and an unusable answer", async () => {
    vi.stubGlobal("fetch", answer(422, { _tag: "TicketCodeRefused", msg: "couponUsedUp" }))
    const seats = [seat(1, toCartTicket(regular, 1))]
    expect((await applyCode(7, "USEDUP", seats, detail, "en")).message.key).toBe(
      "orderSteps.codes.couponUsedUp",
    )
    vi.stubGlobal("fetch", answer(500, { oops: true }))
    expect((await applyCode(7, "X", seats, detail, "en")).message.key).toBe("orderSteps.codes.failed")
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    )
    expect((await applyCode(7, "X", seats, detail, "en")).message.key).toBe("orderSteps.codes.failed")
  })
})

describe("applyCode after a ticket change", () => {
  it("puts a code already on one seat on a seat whose new ticket has none", async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(
          JSON.stringify({
            kind: "discount",
            discount: {
              discountId: 1,
              code: "CINEMA10",
              name: "10%",
              percentBasisPoints: 1000,
              amountOff: null,
              ticketIds: null,
              minTickets: 1,
            },
          }),
          { status: 200 },
        ),
    )
    vi.stubGlobal("fetch", fetch)
    const discounted = {
      ...toCartTicket(regular, 1),
      price: 4230,
      oldPrice: 4700,
      code: "CINEMA10",
      discountId: 1,
    }
    const seats = [seat(1, discounted as CartTicket), seat(2, toCartTicket(child, 1))]
    const result = await applyCode(7, "CINEMA10", seats, detail, "en")
    expect(result.events).toHaveLength(1)
    expect((result.events[0] as { ticket: CartTicket }).ticket).toMatchObject({ price: 3510, oldPrice: 3900 })
  })
})
