import { describe, expect, it } from "vitest"
import { fold } from "../../../src/domain/cart/fold.ts"
import { canRequestSeats } from "../../../src/domain/cart/rules.ts"
import { allSeats, type Cart, pendingLockSeats } from "../../../src/domain/cart/state.ts"
import { agorot } from "../../../src/domain/cart/values.ts"
import { at, locked, newLog, place, presentation, seated, ticket } from "./fixtures.ts"

const withoutRejections = ({ rejections, lastError, eventCount, ...rest }: Cart) => rest
const seatNames = (cart: Cart) => allSeats(cart).map((seat) => `${seat.RowName}${seat.SeatName}`)

describe("the seat flow follows the server (spec §4)", () => {
  it("records a lock request as pending and recognises its retry", () => {
    const log = newLog()
    const cart = fold([
      log.select(),
      log.lockRequested("c1", 1, [place(0, 0)]),
      log.lockRequested("c1", 1, [place(0, 0)]),
    ])
    expect(cart.commands.c1).toMatchObject({ kind: "lock", status: "pending", seats: [place(0, 0)] })
    expect(Object.keys(cart.commands)).toEqual(["c1"])
    expect(cart.rejections).toEqual([])
    expect(allSeats(cart)).toEqual([])
  })

  it("selects a seat when the lock succeeds, with its row, seat name and hold deadline", () => {
    const log = newLog()
    const cart = fold([
      log.select(),
      log.lockRequested("c1", 1, [place(2, 1)]),
      log.locked("c1", 1, [locked(2, 1)], at(20)),
    ])
    expect(allSeats(cart)).toMatchObject([
      { RowName: "B", SeatName: "3", holdExpiresAt: at(20), ticket: null },
    ])
    expect(cart.commands.c1?.status).toBe("accepted")
    expect(cart.startDateTime).toBe(at(3))
  })

  it("moves the selection to the place the server chose in a general-admission section", () => {
    const log = newLog()
    const cart = fold([
      log.select(),
      log.lockRequested("c1", 1, [place(0, 0, 9)]),
      log.locked("c1", 1, [locked(17, 0, null, 9)]),
    ])
    expect(allSeats(cart).map((seat) => [seat.VenueSectionId, seat.x, seat.y])).toEqual([[9, 17, 0]])
  })

  it("ignores a second verdict for the same command", () => {
    const log = newLog()
    const once = fold([
      log.select(),
      log.lockRequested("c1", 1, [place(0, 0)]),
      log.locked("c1", 1, [locked(0, 0)]),
    ])
    const twice = fold([log.locked("c1", 1, [locked(5, 0)])], once)
    expect(withoutRejections(twice)).toEqual(withoutRejections(once))
  })

  it("takes a renewal's later deadline for every held seat, and never a shorter one", () => {
    const log = newLog()
    const held = fold([
      log.select(),
      log.lockRequested("c1", 1, [place(0, 0), place(1, 0)]),
      log.locked("c1", 1, [locked(0, 0), locked(1, 0)], at(20)),
    ])
    const renewed = fold([log.holdsRenewed(1, at(30))], held)
    expect(allSeats(renewed).map((seat) => seat.holdExpiresAt)).toEqual([at(30), at(30)])
    expect(renewed.presentations[0]?.holdExpiresAt).toBe(at(30))
    // an answer that arrives after a later one changes nothing
    const stale = fold([log.holdsRenewed(1, at(25))], renewed)
    expect(allSeats(stale).map((seat) => seat.holdExpiresAt)).toEqual([at(30), at(30)])
    // another presentation's renewal leaves these seats alone
    expect(allSeats(fold([log.holdsRenewed(2, at(40))], renewed)).map((s) => s.holdExpiresAt)).toEqual([
      at(30),
      at(30),
    ])
  })

  it("gives every seat of the presentation the newest deadline", () => {
    const log = newLog()
    const cart = fold([
      log.select(),
      log.locked("c1", 1, [locked(0, 0)], at(10)),
      log.locked("c2", 1, [locked(1, 0)], at(15)),
    ])
    expect(allSeats(cart).map((seat) => seat.holdExpiresAt)).toEqual([at(15), at(15)])
    expect(cart.presentations[0]?.holdExpiresAt).toBe(at(15))
  })

  it("unselects on lock failure: the seat stops being pending and the reason is kept", () => {
    const log = newLog()
    const pending = fold([
      ...seated(log, presentation(), [place(0, 0)]),
      log.lockRequested("c2", 1, [place(1, 0)]),
    ])
    expect(pendingLockSeats(pending)).toEqual([{ presentationId: 1, seat: place(1, 0) }])
    const cart = fold([log.lockRejected("c2", "premiumSeatOnHold")], pending)
    expect(pendingLockSeats(cart)).toEqual([])
    expect(cart.commands.c2).toMatchObject({ status: "refused", reason: "premiumSeatOnHold" })
    expect(seatNames(cart)).toEqual(["A1"])
    // a refusal nobody asked for, or a second one, changes nothing
    expect(fold([log.lockRejected("c2"), log.lockRejected("nobody")], cart)).toMatchObject({
      commands: cart.commands,
      presentations: cart.presentations,
    })
  })

  it("unselects on unlock and drops the ticket; an unlock failure keeps the seat", () => {
    const log = newLog()
    const held = fold(seated(log, presentation(), [place(0, 0), place(1, 0)]))
    expect(held.usedBalance).toEqual({ "501": 2 })
    const refused = fold([log.unlockRequested("u1", 1, [place(0, 0)]), log.unlockRejected("u1")], held)
    expect(seatNames(refused)).toEqual(["A1", "A2"])
    expect(refused.commands.u1).toMatchObject({ status: "refused", reason: "unlock_seat_error" })
    const released = fold(
      [log.unlockRequested("u2", 1, [place(0, 0)]), log.unlocked("u2", 1, [place(0, 0)])],
      held,
    )
    expect(seatNames(released)).toEqual(["A2"])
    expect(released.usedBalance).toEqual({ "501": 1 })
    expect(released.totals.tickets).toBe(4700)
  })

  it("drops seats whose hold the reconciler found lost", () => {
    const log = newLog()
    const cart = fold([
      ...seated(log, presentation(), [place(0, 0), place(1, 0)]),
      log.lockLost(1, [place(0, 0), place(1, 0)]),
    ])
    expect(allSeats(cart)).toEqual([])
    expect(cart.presentations[0]?.holdExpiresAt).toBeNull()
    expect(cart.usedBalance).toEqual({})
  })

  it("refuses a lock request for a seat already in the cart or a presentation that is not", () => {
    const log = newLog()
    const held = fold(seated(log, presentation(), [place(0, 0)]))
    expect(fold([log.lockRequested("c9", 1, [place(0, 0)])], held).lastError?.reason).toBe(
      "seatAlreadyInCart",
    )
    expect(fold([log.lockRequested("c9", 2, [place(0, 0)])], held).lastError?.reason).toBe(
      "presentationNotInCart",
    )
    expect(fold([log.locked("c9", 2, [locked(0, 0)])], held).lastError?.reason).toBe("presentationNotInCart")
    expect(canRequestSeats(held, 1, [place(1, 0)])._tag).toBe("Success")
  })

  it("never holds one seat twice, even when the server answers it again", () => {
    const log = newLog()
    const cart = fold([
      log.select(),
      log.locked("c1", 1, [locked(0, 0), locked(0, 0)]),
      log.locked("c2", 1, [locked(0, 0)]),
    ])
    expect(seatNames(cart)).toEqual(["A1"])
  })

  it("refuses seats of another auth profile or business (spec §5), on request and on verdict", () => {
    const log = newLog()
    const enrolled = fold([
      log.select(presentation({ id: 1 }), true),
      // both may join while no seat is held anywhere
      log.select(presentation({ id: 2, authProfileId: 99 }), true),
      log.select(presentation({ id: 3, businessId: 99 }), true),
      log.locked("c1", 1, [locked(0, 0)]),
    ])
    expect(enrolled.rejections).toEqual([])
    const request = fold([log.lockRequested("c2", 2, [place(0, 0)])], enrolled)
    expect(request.lastError).toMatchObject({
      event: "SeatLockRequested",
      reason: "Incompatible AuthProfile",
    })
    expect(canRequestSeats(enrolled, 2, [place(0, 0)])).toMatchObject({
      _tag: "Failure",
      failure: { reason: "Incompatible AuthProfile" },
    })
    const verdict = fold([log.locked("c3", 3, [locked(0, 0)])], enrolled)
    expect(verdict.lastError).toMatchObject({ event: "SeatLocked", reason: "Incompatible Business" })
    expect(withoutRejections(verdict)).toEqual(withoutRejections(enrolled))
  })
})

describe("choosing a ticket for a seat", () => {
  it("sets the ticket of a held seat and refuses a seat that is not held", () => {
    const log = newLog()
    const held = fold(seated(log, presentation(), [place(0, 0)], null))
    const senior = ticket({ ticketId: 502, price: agorot(3500), serviceCharge: agorot(0) })
    const chosen = fold([log.ticketChosen(1, place(0, 0), senior)], held)
    expect(allSeats(chosen)[0]).toMatchObject({ ticket: { ticketId: 502 }, ticketSource: "chosen" })
    expect(chosen.totals).toMatchObject({ tickets: 3500, serviceCharges: 0, total: 3500 })
    expect(fold([log.ticketChosen(1, place(5, 5), senior)], held).lastError?.reason).toBe("seatNotInCart")
  })
})
