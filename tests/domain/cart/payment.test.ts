import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { Committed } from "../../../src/domain/cart/events.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { decodeCartEvent, encodeCartEvent, migrateEvent } from "../../../src/domain/cart/migrate.ts"
import { agorot } from "../../../src/domain/cart/values.ts"
import { at, newLog, place, presentation, seated } from "./fixtures.ts"

const committedCart = () => {
  const log = newLog()
  const cart = fold([...seated(log, presentation(), [place(0, 0)]), log.commitRequested("k1")])
  return { log, cart: fold([log.committed("k1", "R-1")], cart) }
}

describe("payments of the reservation", () => {
  it("opens one payment for the reservation and settles it as paid with the document key", () => {
    const { log, cart } = committedCart()
    const opened = fold([log.paymentOpened("R-1", "P-1")], cart)
    expect(opened.reservation?.payment).toMatchObject({
      paymentId: "P-1",
      method: "card",
      status: "open",
      paymentFormURL: "/sandbox/card/P-1",
    })
    const paid = fold([log.paymentSettled("paid")], opened)
    expect(paid.reservation).toMatchObject({ status: "paid", documentKey: "doc-key" })
    expect(paid.reservation?.payment).toMatchObject({ status: "paid", failure: null })
    expect(paid.rejections).toEqual([])
  })

  it("refuses a second payment while one is open, but takes the same one again without change", () => {
    const { log, cart } = committedCart()
    const opened = fold([log.paymentOpened("R-1", "P-1")], cart)
    const second = fold([log.paymentOpened("R-1", "P-2")], opened)
    expect(second.lastError?.reason).toBe("paymentInProgress")
    expect(second.reservation).toEqual(opened.reservation)
    const again = fold([log.paymentOpened("R-1", "P-1")], opened)
    expect(again.rejections).toEqual([])
    expect(again.reservation).toEqual(opened.reservation)
  })

  it("lets the buyer try again after a failed payment, and stops at a voided order", () => {
    const { log, cart } = committedCart()
    const failed = fold(
      [log.paymentOpened("R-1", "P-1"), log.paymentSettled("failed", { failure: "declined" })],
      cart,
    )
    expect(failed.reservation).toMatchObject({ status: "awaitingPayment", payment: { status: "failed" } })
    const retried = fold([log.paymentOpened("R-1", "P-2")], failed)
    expect(retried.reservation?.payment).toMatchObject({ paymentId: "P-2", status: "open" })
    const voided = fold(
      [log.paymentSettled("failed", { paymentId: "P-2", failure: "seatHoldLost" })],
      retried,
    )
    expect(voided.reservation?.status).toBe("voided")
    const after = fold([log.paymentOpened("R-1", "P-3")], voided)
    expect(after.lastError?.reason).toBe("orderNotAwaitingPayment")
  })

  it("refuses payments for another reservation, settling twice, and settling what was never opened", () => {
    const { log, cart } = committedCart()
    expect(fold([log.paymentOpened("R-2", "P-1")], cart).lastError?.reason).toBe("noReservation")
    expect(fold([log.paymentSettled("paid")], cart).lastError?.reason).toBe("paymentNotOpen")
    const paid = fold([log.paymentOpened(), log.paymentSettled("paid")], cart)
    const twice = fold([log.paymentSettled("failed", { failure: "declined" })], paid)
    expect(twice.lastError?.reason).toBe("paymentNotOpen")
    expect(twice.reservation).toEqual(paid.reservation)
    const noOrder = fold([newLog().paymentOpened()])
    expect(noOrder.lastError?.reason).toBe("noReservation")
  })

  it("records the server's figures, deadline and status from the commit answer", () => {
    const log = newLog()
    const cart = fold(seated(log, presentation(), [place(0, 0)]))
    const amounts = {
      total: agorot(5000),
      serviceCharge: agorot(300),
      voucherAmount: agorot(5000),
      amountDue: agorot(0),
    }
    const event = Committed.make({
      eventId: "e-c",
      at: at(9),
      idempotencyKey: "k1",
      reservationIdentifier: "R-5",
      ticketIdentifiers: ["T-1"],
      status: "paid",
      amounts,
      paymentDeadline: at(20),
      documentKey: "key-5",
    })
    expect(fold([event], cart).reservation).toMatchObject({
      status: "paid",
      amounts,
      paymentDeadline: at(20),
      documentKey: "key-5",
    })
    expect(event.v).toBe(2)
  })
})

describe("migrating Committed version 1", () => {
  const v1 = {
    _tag: "Committed",
    v: 1,
    eventId: "old-c",
    at: at(3),
    idempotencyKey: "k1",
    reservationIdentifier: "R-1",
    ticketIdentifiers: ["T-1"],
  }

  it("upgrades to version 2 awaiting payment with unknown figures", () => {
    expect(migrateEvent(v1)).toMatchObject({
      v: 2,
      status: "awaitingPayment",
      amounts: null,
      documentKey: null,
    })
    const decoded = Result.getOrThrow(decodeCartEvent(v1))
    expect(decoded).toBeInstanceOf(Committed)
    expect(encodeCartEvent(decoded)).toEqual({
      ...v1,
      v: 2,
      status: "awaitingPayment",
      amounts: null,
      paymentDeadline: null,
      documentKey: null,
    })
  })

  it("keeps an old log's reservation", () => {
    const log = newLog()
    const events = [...seated(log, presentation(), [place(0, 0)]), log.commitRequested("k1")]
    const stored = [...events.map(encodeCartEvent), v1]
    const decoded = stored.map((raw) => Result.getOrThrow(decodeCartEvent(raw)))
    expect(fold(decoded).reservation).toMatchObject({
      identifier: "R-1",
      status: "awaitingPayment",
      payment: null,
    })
  })

  it("refuses a version 1 commit without its identifiers", () => {
    const { reservationIdentifier: _gone, ...broken } = v1
    expect(Result.isFailure(decodeCartEvent(broken))).toBe(true)
  })
})
