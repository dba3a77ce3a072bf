import { describe, expect, it } from "vitest"
import { MemberRemoved } from "../../../src/domain/cart/events.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { decodeCartEvent, encodeCartEvent } from "../../../src/domain/cart/migrate.ts"
import { allSeats } from "../../../src/domain/cart/state.ts"
import { agorot } from "../../../src/domain/cart/values.ts"
import { customer, member, newLog, place, presentation, seated, ticket } from "./fixtures.ts"

describe("loyalty login on the ticket step (MemberAdded, MemberRemoved)", () => {
  it("the first available member fixes the ids; removing it hands them to the next, removing all clears them", () => {
    const log = newLog()
    const cart = fold([
      log.customerInfo(customer({ CustomerId: null, FirstName: "Noa" })),
      log.memberAdded(member({ membershipId: 1, membershipIdentifier: "90000001", pointsBalance: 1000 })),
      log.memberAdded(member({ membershipId: 2, membershipIdentifier: "90000006" })),
    ])
    expect(cart).toMatchObject({ membershipLoyaltyId: 1, membershipIdentifier: "90000001" })
    expect(cart.members[0]?.pointsBalance).toBe(1000)
    const removed = fold(
      [MemberRemoved.make({ eventId: "r1", at: log.nextAt(), membershipIdentifier: "90000001" })],
      cart,
    )
    expect(removed).toMatchObject({ membershipLoyaltyId: 2, membershipIdentifier: "90000006" })
    expect(removed.members.map((m) => m.membershipIdentifier)).toEqual(["90000006"])
    // the details typed on the order stay
    expect(removed.customerInfo?.FirstName).toBe("Noa")
    const none = fold(
      [MemberRemoved.make({ eventId: "r2", at: log.nextAt(), membershipIdentifier: "90000006" })],
      removed,
    )
    expect(none).toMatchObject({ members: [], membershipLoyaltyId: null, membershipIdentifier: null })
    // an unknown member changes nothing and is no rejection
    const same = fold(
      [MemberRemoved.make({ eventId: "r3", at: log.nextAt(), membershipIdentifier: "nobody" })],
      none,
    )
    expect(same.rejections).toEqual([])
  })

  it("a member written without points (an older log) still reads; the new fields round-trip", () => {
    const log = newLog()
    const old = encodeCartEvent(log.memberAdded(member()))
    expect("pointsBalance" in (old as { member: object }).member).toBe(false)
    const decoded = decodeCartEvent(old)
    expect(decoded._tag).toBe("Success")
    const withPoints = log.memberAdded(member({ pointsBalance: 470, memberCustomerName: "Dana M." }))
    const again = decodeCartEvent(JSON.parse(JSON.stringify(encodeCartEvent(withPoints))))
    expect(
      again._tag === "Success" && again.success._tag === "MemberAdded" && again.success.member,
    ).toMatchObject({
      pointsBalance: 470,
      memberCustomerName: "Dana M.",
    })
  })
})

describe("a removed member's points leave the seats", () => {
  it("a seat paid with the removed member's points goes back to its full price; another member's stay", () => {
    const log = newLog()
    const facts = presentation()
    const full = ticket({ price: agorot(4700) })
    const points = (memberNumber: string) =>
      ticket({
        price: agorot(0),
        oldPrice: agorot(4700),
        memberNumber,
        isLoyaltyPointsRedemption: true,
      })
    const cart = fold([
      ...seated(log, facts, [place(1, 1), place(2, 1)], full),
      log.memberAdded(
        member({ membershipId: 1, memberNumber: "90000001", membershipIdentifier: "90000001" }),
      ),
      log.memberAdded(
        member({ membershipId: 2, memberNumber: "90000006", membershipIdentifier: "90000006" }),
      ),
      log.ticketChosen(facts.id, place(1, 1), points("90000001")),
      log.ticketChosen(facts.id, place(2, 1), points("90000006")),
    ])
    expect(cart.totals.tickets).toBe(0)
    const removed = fold(
      [MemberRemoved.make({ eventId: "r1", at: log.nextAt(), membershipIdentifier: "90000001" })],
      cart,
    )
    const [first, second] = allSeats(removed)
    expect(first?.ticket).toMatchObject({ price: 4700, oldPrice: null, memberNumber: null })
    expect(first?.ticket?.isLoyaltyPointsRedemption).toBe(false)
    expect(second?.ticket).toMatchObject({
      price: 0,
      memberNumber: "90000006",
      isLoyaltyPointsRedemption: true,
    })
    expect(removed.totals.tickets).toBe(4700)
    expect(removed.rejections).toEqual([])
  })
})
