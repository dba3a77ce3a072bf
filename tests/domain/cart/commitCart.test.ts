import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CommitCart, toCommitCart } from "../../../src/domain/cart/commitCart.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import { agorot } from "../../../src/domain/cart/values.ts"
import { at, customer, locked, member, newLog, place, presentation, seated, ticket } from "./fixtures.ts"

const build = () => {
  const log = newLog()
  const facts = presentation({
    id: 12,
    venueId: 3,
    seatplanId: 44,
    authProfileId: 7,
    businessId: 2,
    locationId: 5,
  })
  const cart = fold([
    log.loggedIn(customer(), [member({ membershipId: 61, membershipIdentifier: "M-61" })]),
    log.select(facts),
    log.lockRequested("c1", 12, [place(4, 2, 8), place(5, 2, 8)]),
    log.locked("c1", 12, [
      { ...locked(4, 2, ticket(), 8), allocationId: 3 },
      locked(
        5,
        2,
        ticket({ ticketId: 502, memberNumber: "1001", ref1: "HOTEL-9", systemVoucher: "SV-2" }),
        8,
      ),
    ]),
    log.ticketChosen(
      12,
      place(5, 2, 8),
      ticket({ ticketId: 503, price: agorot(0), serviceCharge: agorot(0), ref1: "R1", ref2: null }),
      true,
    ),
    log.product(31, 1500, 2),
    log.voucherPayment(2000, 4),
  ])
  return cart
}

describe("toCommitCart: spec §3 Cart and Cart seat line", () => {
  it("builds the cart with the spec's field names", () => {
    const built = toCommitCart(build())
    expect(Result.isSuccess(built)).toBe(true)
    const commit = Result.getOrThrow(built)
    expect(Object.keys(commit).sort()).toEqual(
      [
        "customerInfo",
        "membershipIdentifier",
        "membershipLoyaltyId",
        "creditcardInfo",
        "saveMagCard",
        "paypal",
        "paymentIdentifier",
        "numberOfPayments",
        "voucherPayments",
        "authProfileId",
        "businessId",
        "locationId",
        "isHold",
        "referralMiniSiteId",
        "startDateTime",
        "seats",
        "products",
        "memberships",
        "vouchers",
        "donations",
        "globalServiceCharge",
        "modify",
      ].sort(),
    )
    expect(commit).toMatchObject({
      customerInfo: { CustomerId: 900, FirstName: "Dana", EmailAddress1: "dana@example.com" },
      membershipIdentifier: "M-61",
      membershipLoyaltyId: 61,
      creditcardInfo: null,
      numberOfPayments: 1,
      authProfileId: 7,
      businessId: 2,
      locationId: 5,
      isHold: false,
      startDateTime: at(4),
      products: [{ id: 31, quantity: 2 }],
      voucherPayments: [{ amount: 2000, id: 4, systemVoucher: "REF-4", systemVoucherItemId: 14 }],
      globalServiceCharge: 0,
      modify: null,
    })
  })

  it("counts the per-order booking fee in the voucher's amount (the lesser of total and balance)", () => {
    const log = newLog()
    const cart = fold([...seated(log, presentation(), [place(0, 0)]), log.voucherPayment(100_000, 4)])
    // ticket 4700 + its charge 300 = 5000; with a booking fee of 250 the order is 5250, all paid by the voucher
    const built = Result.getOrThrow(toCommitCart(cart, { globalServiceCharge: agorot(250) }))
    expect(built.voucherPayments[0]?.amount).toBe(5250)
    expect(built.globalServiceCharge).toBe(250)
    const small = fold([log.voucherPayment(3000, 5)], cart)
    expect(
      Result.getOrThrow(toCommitCart(small, { globalServiceCharge: agorot(250) })).voucherPayments[0]?.amount,
    ).toBe(3000)
  })

  it("writes each seat line with its ticket, leaving out the empty optional fields", () => {
    const [first, second] = Result.getOrThrow(toCommitCart(build())).seats
    expect(first).toEqual({
      XCoordinate: 4,
      YCoordinate: 2,
      RowName: "C",
      SeatName: "5",
      isFirstAddonSelected: false,
      isMultiplyFactorSubTicket: false,
      seatModifiers: [],
      ticket: {
        prsntId: 12,
        ticketGroupId: 40,
        venueId: 3,
        seatplanId: 44,
        sectionId: 8,
        ticketId: 501,
        membershipLoyaltyId: null,
        membershipLoyaltyTicketId: null,
        amount: 4700,
        serviceCharge: 300,
        pricePolicyId: 9,
        allocationId: 3,
        code: null,
        oldPrice: null,
        selectedAddons: [],
        discountId: null,
        appliedDiscount: null,
      },
    })
    expect(second).toMatchObject({
      XCoordinate: 5,
      isMultiplyFactorSubTicket: true,
      ticket: { ticketId: 503, amount: 0 },
    })
    expect(second?.ticket.ref1).toBe("R1")
    expect(Object.keys(second?.ticket ?? {})).not.toContain("ref2")
    expect(Object.keys(second?.ticket ?? {})).not.toContain("memberNumber")
  })

  it("takes payment options and encodes with its schema", () => {
    const commit = Result.getOrThrow(
      toCommitCart(build(), { numberOfPayments: 3, referralMiniSiteId: 2, globalServiceCharge: agorot(500) }),
    )
    expect(commit).toMatchObject({ numberOfPayments: 3, referralMiniSiteId: 2, globalServiceCharge: 500 })
    const encoded = Schema.encodeSync(CommitCart)(commit)
    expect(JSON.parse(JSON.stringify(encoded))).toEqual(encoded)
    expect(Schema.decodeUnknownSync(CommitCart)(encoded)).toEqual(commit)
  })

  it("carries the items of the other order kinds with their spec fields", () => {
    const log = newLog()
    const memberships = Result.getOrThrow(toCommitCart(fold([log.membership(7, 9000, 1)])))
    expect(memberships.memberships).toEqual([
      {
        membershipId: 61,
        membershipPriceId: 7,
        currencyId: 1,
        references: [],
        seat: null,
        isTopup: false,
        quantity: 1,
      },
    ])
    expect(memberships).toMatchObject({ seats: [], authProfileId: null, businessId: null, locationId: null })
    const donations = Result.getOrThrow(toCommitCart(fold([newLog().donation(2, 5000, 1, 1800)])))
    expect(donations.donations).toEqual([
      { donationId: 80, donationDetailId: 2, quantity: 1, customAmount: 1800 },
    ])
  })

  it("refuses to build a cart that cannot be committed", () => {
    const log = newLog()
    expect(toCommitCart(fold([log.select()]))).toMatchObject({ failure: { reason: "nothingToCommit" } })
    const committed = fold([log.commitRequested("k"), log.committed("k", "R-1")], build())
    expect(toCommitCart(committed)).toMatchObject({ failure: { reason: "reservationExists" } })
  })
})
