import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { toCommitCart } from "../../../src/domain/cart/commitCart.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { type Cart, initialCart } from "../../../src/domain/cart/state.ts"
import { locked, newLog, place, presentation, seated, ticket } from "./fixtures.ts"

const ids = (cart: Cart) => cart.presentations.map((p) => p.facts.id)
const withoutRejections = ({ rejections, lastError, eventCount, ...rest }: Cart) => rest

describe("selecting a presentation (spec §4)", () => {
  it("removes the other presentations of a ticket order", () => {
    const log = newLog()
    const cart = fold([
      ...seated(log, presentation({ id: 1 }), [place(0, 0)]),
      log.select(presentation({ id: 2 })),
    ])
    expect(ids(cart)).toEqual([2])
    expect(cart.cartType).toBe("tickets")
    expect(cart.totals.total).toBe(0)
  })

  it("keeps the others while enrolling, which makes the cart a membership order", () => {
    const log = newLog()
    const cart = fold([log.select(presentation({ id: 1 }), true), log.select(presentation({ id: 2 }), true)])
    expect(ids(cart)).toEqual([1, 2])
    expect(cart.cartType).toBe("memberships")
    expect(cart.presentations.every((p) => p.isEnrolling)).toBe(true)
  })

  it("always removes the others for venue types 101 and 102, even while enrolling", () => {
    for (const venueTypeId of [101, 102]) {
      const log = newLog()
      const cart = fold([
        log.select(presentation({ id: 1 }), true),
        log.select(presentation({ id: 2, venueTypeId }), true),
      ])
      expect(ids(cart)).toEqual([2])
    }
    const log = newLog()
    const kept = fold([
      log.select(presentation({ id: 1 }), true),
      log.select(presentation({ id: 2, venueTypeId: 103 }), true),
    ])
    expect(ids(kept)).toEqual([1, 2])
  })

  it("marks venue types 101 to 104 as video on demand and no others", () => {
    const vod = (venueTypeId: number) =>
      fold([newLog().select(presentation({ venueTypeId }))]).presentations[0]?.isVod
    expect([100, 101, 102, 103, 104, 105].map(vod)).toEqual([false, true, true, true, true, false])
  })

  it("clears the reservation identifier and the start time", () => {
    const log = newLog()
    const committed = fold([
      ...seated(log, presentation({ id: 1 }), [place(0, 0)]),
      log.commitRequested("k1"),
      log.committed("k1", "R-77", ["T-1"]),
    ])
    expect(committed.reservation?.identifier).toBe("R-77")
    expect(committed.startDateTime).not.toBeNull()
    const next = fold([log.select(presentation({ id: 2 }))], committed)
    expect(next.reservation).toBeNull()
    expect(next.startDateTime).toBeNull()
  })

  it("keeps the seats of a presentation selected again", () => {
    const log = newLog()
    const cart = fold([...seated(log, presentation({ id: 1 }), [place(0, 0), place(1, 0)]), log.select()])
    expect(cart.presentations[0]?.seats).toHaveLength(2)
  })

  it("is refused in a cart of another kind", () => {
    const log = newLog()
    const vouchers = fold([log.cartType("vouchers"), log.voucher(1, 10000, 1)])
    const after = fold([log.select()], vouchers)
    expect(after.lastError).toMatchObject({ reason: "wrongCartType", event: "PresentationSelected" })
    expect(withoutRejections(after)).toEqual(withoutRejections(vouchers))
  })
})

describe("adding and removing presentations (spec §4)", () => {
  it("adds presentations while enrolling and removes one with its seats", () => {
    const log = newLog()
    const a = presentation({ id: 1 })
    const b = presentation({ id: 2 })
    const cart = fold([
      log.select(a, true),
      log.lockRequested("c1", 1, [place(0, 0)]),
      log.locked("c1", 1, [locked(0, 0)]),
      log.select(b, true),
      log.remove(1),
    ])
    expect(ids(cart)).toEqual([2])
    expect(cart.presentations.flatMap((p) => p.seats)).toEqual([])
  })

  it("treats removing a presentation that is not there as a no-op", () => {
    const log = newLog()
    const before = fold([log.select()])
    const after = fold([log.remove(99)], before)
    expect(withoutRejections(after)).toEqual(withoutRejections(before))
    expect(after.rejections).toEqual([])
  })
})

describe("one auth profile and one business per cart (spec §5)", () => {
  it("refuses to enrol a presentation of another auth profile next to held seats", () => {
    const log = newLog()
    const first = presentation({ id: 1, authProfileId: 7 })
    const held = fold([
      log.select(first, true),
      log.lockRequested("c1", 1, [place(0, 0)]),
      log.locked("c1", 1, [locked(0, 0)]),
    ])
    const after = fold([log.select(presentation({ id: 2, authProfileId: 8 }), true)], held)
    expect(after.lastError?.reason).toBe("Incompatible AuthProfile")
    expect(withoutRejections(after)).toEqual(withoutRejections(held))
    const business = fold([log.select(presentation({ id: 3, businessId: 4 }), true)], held)
    expect(business.lastError?.reason).toBe("Incompatible Business")
  })

  it("does not count a presentation without seats, nor one that selection is about to remove", () => {
    const log = newLog()
    const cart = fold([
      log.select(presentation({ id: 1, authProfileId: 7 }), true),
      log.select(presentation({ id: 2, authProfileId: 8 }), true),
    ])
    expect(ids(cart)).toEqual([1, 2])
    const other = newLog()
    const replaced = fold([
      ...seated(other, presentation({ id: 1, authProfileId: 7 }), [place(0, 0)]),
      other.select(presentation({ id: 2, authProfileId: 8 })),
    ])
    expect(replaced.rejections).toEqual([])
    expect(ids(replaced)).toEqual([2])
  })

  it("starts empty", () => {
    expect(fold([])).toEqual(initialCart)
  })
})

describe("adding a showing to the basket (spec §4 basket, issue 16)", () => {
  const b = presentation({ id: 2, dateTime: "2026-11-23T21:00:00+02:00" })
  const seatedTwo = (log: ReturnType<typeof newLog>) => [
    ...seated(log, presentation({ id: 1 }), [place(0, 0)]),
    log.add(b),
    log.lockRequested("lock-2", 2, [place(3, 0)]),
    log.locked("lock-2", 2, [locked(3, 0, ticket())]),
  ]

  it("keeps the showings already in a ticket order, each with its own seats, and both commit together", () => {
    const log = newLog()
    const cart = fold(seatedTwo(log))
    expect(ids(cart)).toEqual([1, 2])
    expect(cart.presentations.map((p) => p.seats.length)).toEqual([1, 1])
    const built = toCommitCart(cart)
    expect(Result.isSuccess(built)).toBe(true)
    if (Result.isSuccess(built))
      expect(built.success.seats.map((line) => line.ticket.prsntId)).toEqual([1, 2])
  })

  it("clears the reservation identifier and the start time, as selecting does", () => {
    const log = newLog()
    const committed = fold([
      ...seated(log, presentation({ id: 1 }), [place(0, 0)]),
      log.commitRequested("k1"),
      log.committed("k1", "R-77", ["T-1"]),
    ])
    const next = fold([log.add(b)], committed)
    expect(ids(next)).toEqual([1, 2])
    expect(next.reservation).toBeNull()
    expect(next.startDateTime).toBeNull()
  })

  it("is refused for a showing of another auth profile or business (spec §5), and changes nothing", () => {
    for (const [other, reason] of [
      [presentation({ id: 2, authProfileId: 8 }), "Incompatible AuthProfile"],
      [presentation({ id: 2, businessId: 4 }), "Incompatible Business"],
    ] as const) {
      const log = newLog()
      const before = fold(seated(log, presentation({ id: 1 }), [place(0, 0)]))
      const after = fold([log.add(other)], before)
      expect(after.lastError).toMatchObject({ reason, event: "PresentationAdded" })
      expect(withoutRejections(after)).toEqual(withoutRejections(before))
    }
  })

  it("a standalone venue type (101, 102) still replaces the others; a cart of another kind refuses it", () => {
    const log = newLog()
    const cart = fold([
      ...seated(log, presentation({ id: 1 }), [place(0, 0)]),
      log.add(presentation({ id: 2, venueTypeId: 101 })),
    ])
    expect(ids(cart)).toEqual([2])
    const vouchers = fold([log.cartType("vouchers"), log.voucher(1, 10000, 1)])
    expect(fold([log.add(b)], vouchers).lastError).toMatchObject({ reason: "wrongCartType" })
  })

  it("removing one showing keeps the other and its seats, and clears the reservation", () => {
    const log = newLog()
    const cart = fold([...seatedTwo(log), log.remove(1)])
    expect(ids(cart)).toEqual([2])
    expect(cart.presentations[0]?.seats).toHaveLength(1)
    expect(cart.reservation).toBeNull()
    // removing it again is harmless
    expect(withoutRejections(fold([log.remove(1)], cart))).toMatchObject({
      presentations: cart.presentations,
    })
  })
})
