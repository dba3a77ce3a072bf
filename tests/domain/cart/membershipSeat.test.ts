import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { toCommitCart } from "../../../src/domain/cart/commitCart.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import {
  MembershipQuantitySet,
  MembershipSeatHeld,
  MembershipSeatLetGo,
  MembershipTopupChosen,
} from "../../../src/domain/cart/otherOrderEvents.ts"
import { agorot } from "../../../src/domain/cart/values.ts"
import { at, newLog } from "./fixtures.ts"

const meta = (n: number) => ({ eventId: `m${n}`, at: at(100 + n) })
const seat = (membershipId: number, x = 4) =>
  MembershipSeatHeld.make({
    ...meta(x),
    membershipId,
    VenueSectionId: 7,
    XCoordinate: x,
    YCoordinate: 2,
    RowName: "2",
    SeatName: String(x),
    expiresAt: at(200),
  })
const topup = (isTopup: boolean) =>
  MembershipQuantitySet.make({
    ...meta(50),
    membershipId: 61,
    membershipPriceId: 9,
    currencyId: 1,
    price: agorot(48_000),
    quantity: 1,
    isTopup,
    references: [],
  })
const commitLines = (events: Parameters<typeof fold>[0]) => {
  const built = toCommitCart(fold(events))
  if (Result.isFailure(built)) throw new Error("no commit cart")
  return built.success
}

describe("a membership's season seat and top-up member in the cart (issue 16)", () => {
  it("the commit names the seat the server held for the line's membership", () => {
    const log = newLog()
    const cart = commitLines([log.cartType("memberships"), log.membership(9, 48_000, 1), seat(61)])
    expect(cart.memberships[0]?.seat).toEqual({ VenueSectionId: 7, XCoordinate: 4, YCoordinate: 2 })
  })

  it("no seat for another membership's hold, after letting it go, or after choosing another cart type", () => {
    const log = newLog()
    const base = [log.cartType("memberships"), log.membership(9, 48_000, 1)]
    expect(commitLines([...base, seat(62)]).memberships[0]?.seat).toBeNull()
    const letGo = [...base, seat(61), MembershipSeatLetGo.make({ ...meta(9), membershipId: 61 })]
    expect(commitLines(letGo).memberships[0]?.seat).toBeNull()
    const other = fold([...base, seat(61), log.cartType("vouchers")])
    expect(other.membershipSeat).toBeNull()
  })

  it("a later hold replaces the earlier one; letting go of another membership keeps it", () => {
    const log = newLog()
    const cart = fold([
      log.cartType("memberships"),
      seat(61, 4),
      seat(61, 5),
      MembershipSeatLetGo.make({ ...meta(8), membershipId: 62 }),
    ])
    expect(cart.membershipSeat).toMatchObject({ XCoordinate: 5, SeatName: "5" })
  })

  it("a top-up names the chosen member and no seat; any other order keeps the login's member", () => {
    const log = newLog()
    const chosen = MembershipTopupChosen.make({ ...meta(20), memberNumber: "123456789012" })
    const topped = commitLines([log.cartType("memberships"), chosen, seat(61), topup(true)])
    expect(topped.membershipIdentifier).toBe("123456789012")
    expect(topped.memberships[0]).toMatchObject({ isTopup: true, seat: null })
    const fresh = commitLines([log.cartType("memberships"), chosen, topup(false)])
    expect(fresh.membershipIdentifier).toBeNull()
  })
})
