import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CartEvent } from "../../../src/domain/cart/events.ts"
import { apply, fold } from "../../../src/domain/cart/fold.ts"
import { decodeCartEvent, encodeCartEvent } from "../../../src/domain/cart/migrate.ts"
import { allSeats, type Cart } from "../../../src/domain/cart/state.ts"
import { seatKey } from "../../../src/domain/seating/seatKeys.ts"
import { cartLog } from "./arbitraries.ts"

const sum = (values: ReadonlyArray<number>) => values.reduce((total, value) => total + value, 0)
const rest = ({ rejections, lastError, eventCount, ...other }: Cart) => other

/** Each invariant is checked after every event of every log, not only at the end. */
const states = (events: ReadonlyArray<CartEvent>): Array<[Cart, CartEvent, Cart]> => {
  const steps: Array<[Cart, CartEvent, Cart]> = []
  let cart = fold([])
  for (const event of events) {
    const next = apply(cart, event)
    steps.push([cart, event, next])
    cart = next
  }
  return steps
}

describe("the cart fold, over any log", () => {
  it("is deterministic: replay gives the same cart, and so does replay from a snapshot", () => {
    fc.assert(
      fc.property(cartLog, fc.nat(), (events, cut) => {
        const once = fold(events)
        expect(fold(events)).toEqual(once)
        expect(JSON.stringify(fold(events))).toBe(JSON.stringify(once))
        const at_ = events.length === 0 ? 0 : cut % events.length
        expect(fold(events.slice(at_), fold(events.slice(0, at_)))).toEqual(once)
        expect(once.eventCount).toBe(events.length)
      }),
    )
  })

  it("keeps items of one order kind only", () => {
    fc.assert(
      fc.property(cartLog, (events) => {
        for (const [, , cart] of states(events)) {
          const kinds = new Set<string>()
          if (cart.products.length > 0) kinds.add("tickets")
          if (cart.vouchers.length > 0) kinds.add("vouchers")
          if (cart.memberships.length > 0) kinds.add("memberships")
          if (cart.donations.length > 0) kinds.add("donations")
          for (const p of cart.presentations) kinds.add(p.isEnrolling ? "memberships" : "tickets")
          expect(kinds.size).toBeLessThanOrEqual(1)
          if (kinds.size === 1) expect(cart.cartType).toBe([...kinds][0])
          // several presentations: an enrolment, or (issue 16) a ticket order whose buyer added showings; never both
          if (cart.presentations.length > 1)
            expect(new Set(cart.presentations.map((p) => p.isEnrolling)).size).toBe(1)
        }
      }),
    )
  })

  it("never holds a seat twice, and all seats share one auth profile and one business", () => {
    fc.assert(
      fc.property(cartLog, (events) => {
        for (const [, , cart] of states(events)) {
          const keys = allSeats(cart).map((seat) => seat.key)
          expect(new Set(keys).size).toBe(keys.length)
          const seated = cart.presentations.filter((p) => p.seats.length > 0)
          expect(new Set(seated.map((p) => p.facts.authProfileId)).size).toBeLessThanOrEqual(1)
          expect(new Set(seated.map((p) => p.facts.businessId)).size).toBeLessThanOrEqual(1)
          for (const p of cart.presentations) {
            for (const seat of p.seats) {
              expect(seat.key).toBe(seatKey(p.facts.id, seat))
              expect(seat.holdExpiresAt).toBe(p.holdExpiresAt)
            }
          }
        }
      }),
    )
  })

  it("has totals equal to the sum of its lines, and a used balance equal to its seat lines", () => {
    fc.assert(
      fc.property(cartLog, (events) => {
        for (const [, , cart] of states(events)) {
          const seats = allSeats(cart)
          const total = sum([
            ...seats.map((seat) => (seat.ticket?.price ?? 0) + (seat.ticket?.serviceCharge ?? 0)),
            ...cart.products.map((line) => line.price * line.quantity),
            ...cart.vouchers.map((line) => line.price * line.quantity),
            ...cart.memberships.map((line) => line.price * line.quantity),
            ...cart.donations.map((line) => (line.customAmount ?? line.amount) * line.quantity),
          ])
          expect(cart.totals.total).toBe(total)
          expect(Number.isInteger(cart.totals.total)).toBe(true)
          const counts: Record<string, number> = {}
          for (const seat of seats) {
            if (seat.ticket === null) continue
            counts[seat.ticket.ticketId] = (counts[seat.ticket.ticketId] ?? 0) + 1
            if (seat.ticket.balance !== null) {
              expect(counts[seat.ticket.ticketId]).toBeLessThanOrEqual(seat.ticket.balance)
            }
          }
          expect(cart.usedBalance).toEqual(counts)
        }
      }),
    )
  })

  it("commits at most once: after a reservation, a commit request or answer is refused", () => {
    fc.assert(
      fc.property(cartLog, (events) => {
        for (const [before, event, after] of states(events)) {
          if (before.reservation === null) continue
          if (event._tag !== "Committed" && event._tag !== "CommitRequested") continue
          expect(after.reservation).toEqual(before.reservation)
          expect(after.lastError).toEqual({
            eventId: event.eventId,
            event: event._tag,
            reason: "reservationExists",
          })
        }
      }),
    )
  })

  it("changes nothing but the rejections when it refuses an event", () => {
    fc.assert(
      fc.property(cartLog, (events) => {
        for (const [before, event, after] of states(events)) {
          if (after.lastError?.eventId !== event.eventId) continue
          expect(after.rejections.at(-1)).toEqual(after.lastError)
          expect(rest(after)).toEqual(rest(before))
        }
      }),
    )
  })

  it("round-trips every event through JSON unchanged", () => {
    fc.assert(
      fc.property(cartLog, (events) => {
        for (const event of events) {
          const json = JSON.parse(JSON.stringify(encodeCartEvent(event)))
          const decoded = decodeCartEvent(json)
          expect(decoded._tag).toBe("Success")
          if (decoded._tag === "Success") {
            expect(decoded.success).toEqual(event)
            expect(decoded.success.constructor).toBe(event.constructor)
          }
        }
      }),
    )
  })
})
