import { describe, expect, it } from "vitest"
import { payDeadline, payFigures } from "../../../src/app/payment/figures.ts"
import { Committed } from "../../../src/domain/cart/events.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { agorot } from "../../../src/domain/cart/values.ts"
import { at, newLog, place, presentation, seated } from "../../domain/cart/fixtures.ts"

const perOrder = {
  id: 1,
  name: "",
  amount: 250,
  percentBasisPoints: null,
  appliesPer: "order" as const,
  isRefundable: false,
}
const percent = {
  id: 2,
  name: "Booking",
  amount: null,
  percentBasisPoints: 500,
  appliesPer: "ticket" as const,
  isRefundable: false,
}

describe("pay figures", () => {
  it("adds the booking fees to the cart's lines and takes the voucher's part from the whole", () => {
    const log = newLog()
    // two seats at 4700 + 300 each
    const cart = fold([
      ...seated(log, presentation(), [place(0, 0), place(1, 0)]),
      log.voucherPayment(5000, 3),
    ])
    const figures = payFigures(cart, [perOrder, percent])
    expect(figures.tickets).toBe(9400)
    expect(figures.perTicketCharge).toBe(600)
    // 5% of 9400 = 470
    expect(figures.bookingLines.map((l) => l.amount)).toEqual([250, 470])
    expect(figures.bookingTotal).toBe(720)
    expect(figures.total).toBe(9400 + 600 + 720)
    expect(figures.voucher).toBe(5000)
    expect(figures.due).toBe(10720 - 5000)
    expect(figures.fromServer).toBe(false)
  })

  it("lets a voucher larger than the lines pay the booking fees too, as the server charges", () => {
    const log = newLog()
    const cart = fold([
      ...seated(log, presentation(), [place(0, 0), place(1, 0)]),
      log.voucherPayment(50_000, 3),
    ])
    const figures = payFigures(cart, [perOrder, percent])
    expect(figures.voucher).toBe(10_720)
    expect(figures.due).toBe(0)
  })

  it("shows the server's figures once committed, and its payment deadline", () => {
    const log = newLog()
    const cart = fold([...seated(log, presentation(), [place(0, 0)]), log.commitRequested("k")])
    expect(payDeadline(cart)?.kind).toBe("hold")
    const committed = fold(
      [
        Committed.make({
          eventId: "c",
          at: at(20),
          idempotencyKey: "k",
          reservationIdentifier: "R",
          ticketIdentifiers: [],
          amounts: {
            total: agorot(6000),
            serviceCharge: agorot(300),
            voucherAmount: agorot(0),
            amountDue: agorot(6000),
          },
          paymentDeadline: at(35),
        }),
      ],
      cart,
    )
    expect(payFigures(committed, [perOrder])).toMatchObject({ total: 6000, due: 6000, fromServer: true })
    expect(payDeadline(committed)).toEqual({ kind: "pay", deadline: at(35) })
  })

  it("has nothing to count down without seats", () => {
    expect(payDeadline(fold([newLog().select()]))).toBeNull()
  })
})
