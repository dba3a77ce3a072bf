import { describe, expect, it } from "vitest"
import type { Confirmation, VoucherDocument } from "../../../src/api/ReservationsApi.ts"
import { ticketsAsOf } from "../../../src/app/edocument/ticketsAsOf.ts"
import { chainDayOf, voucherAsOf } from "../../../src/app/edocument/voucherAsOf.ts"

/**
 * Issue 17: a copy the wallet saved before the show (or before a voucher's last day), opened offline after it,
 * says what the clock alone tells (expired) and keeps what only the server knew.
 */
const showing = (id: number, dateTime: string) => ({
  id,
  featureName: "Film",
  dateTime,
  durationMinutes: 120,
  venueName: "Hall",
  locationName: "Tel Aviv",
})
const FIRST = showing(1, "2026-11-25T18:00:00+02:00")
const SECOND = showing(2, "2026-11-26T18:00:00+02:00")
const order = (tickets: ReadonlyArray<{ state?: string; presentationId?: number }>): Confirmation =>
  ({
    presentation: FIRST,
    showings: [FIRST, SECOND],
    tickets: tickets.map((ticket, i) => ({ ticketIdentifier: String(i), ...ticket })),
  }) as unknown as Confirmation

describe("an e-ticket's saved copy read later", () => {
  const firstEnds = Date.parse("2026-11-25T20:00:00+02:00")

  it("each ticket by its own showing's end: only the one whose show is over turns expired", () => {
    const copy = order([
      { state: "active", presentationId: 1 },
      { state: "active", presentationId: 2 },
      { state: "cancelled", presentationId: 1 },
      { presentationId: 1 },
    ])
    expect(ticketsAsOf(copy, firstEnds - 1)).toBe(copy)
    expect(ticketsAsOf(copy, firstEnds).tickets.map((t) => t.state)).toEqual([
      "expired",
      "active",
      "cancelled",
      "expired",
    ])
  })

  it("a copy whose tickets name no showing goes by the order's; an order without a showing is as it was", () => {
    const old = order([{ state: "active" }])
    expect(ticketsAsOf(old, firstEnds).tickets[0]?.state).toBe("expired")
    const vouchers = { ...old, presentation: null, showings: [], tickets: [] } as unknown as Confirmation
    expect(ticketsAsOf(vouchers, firstEnds + 86_400_000)).toBe(vouchers)
  })
})

describe("a voucher's saved copy read later", () => {
  const gift = (over: Partial<VoucherDocument> = {}): VoucherDocument => ({
    reference: "GIFT",
    benefitName: "Gift card",
    kind: "money",
    balance: 5_000,
    quantity: 10_000,
    state: "partiallyRedeemed",
    StartDate: "2026-01-01",
    EndDate: "2026-11-25",
    purchasedAt: "2026-01-01T10:00:00+02:00",
    ...over,
  })

  it("expired from the day after its last day, by the chain's day whatever the device's zone", () => {
    expect(voucherAsOf(gift(), "2026-11-25").state).toBe("partiallyRedeemed")
    expect(voucherAsOf(gift(), "2026-11-26").state).toBe("expired")
    // 23:30 UTC on the 25th is already the 26th in Jerusalem
    expect(chainDayOf(Date.parse("2026-11-25T23:30:00Z"))).toBe("2026-11-26")
    expect(chainDayOf(Date.parse("2026-11-25T12:00:00Z"))).toBe("2026-11-25")
  })

  it("what only the server knew stays: cancelled, used up", () => {
    expect(voucherAsOf(gift({ state: "cancelled" }), "2027-01-01").state).toBe("cancelled")
    expect(voucherAsOf(gift({ state: "fullyRedeemed", balance: 0 }), "2027-01-01").state).toBe(
      "fullyRedeemed",
    )
  })
})
