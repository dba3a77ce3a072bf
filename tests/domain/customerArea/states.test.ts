import { describe, expect, it } from "vitest"
import {
  cancellability,
  memberState,
  renewalOffered,
  reservationState,
  vodState,
  voucherState,
} from "../../../src/domain/customerArea/states.ts"

const HOUR = 3_600_000
const now = Date.parse("2026-11-24T08:00:00Z")
const facts = (extra: Partial<Parameters<typeof reservationState>[0]> = {}) => ({
  ticketCount: 2,
  cancelledCount: 0,
  scannedCount: 0,
  collected: false,
  startsAtMs: now + 5 * HOUR,
  holdDeadlineMs: null,
  ...extra,
})

describe("the customer area's states (spec §4)", () => {
  it("names one reservation state, cancelled and used before past and partly cancelled", () => {
    expect(reservationState(facts(), now)).toBe("active")
    expect(reservationState(facts({ cancelledCount: 1 }), now)).toBe("partlyCancelled")
    expect(reservationState(facts({ cancelledCount: 2 }), now)).toBe("cancelled")
    expect(reservationState(facts({ scannedCount: 1, startsAtMs: now - HOUR }), now)).toBe("scanned")
    expect(reservationState(facts({ collected: true }), now)).toBe("collected")
    expect(reservationState(facts({ startsAtMs: now - HOUR }), now)).toBe("past")
    // an unpaid hold is reserved until its cut-off and released after it, never "active" (nothing was bought)
    expect(reservationState(facts({ holdDeadlineMs: now + HOUR }), now)).toBe("held")
    expect(reservationState(facts({ holdDeadlineMs: now }), now)).toBe("released")
    // voided by the reconciler at its cut-off (its tickets cancelled): still released, not cancelled
    expect(reservationState(facts({ holdDeadlineMs: now - HOUR, cancelledCount: 2 }), now)).toBe("released")
    expect(reservationState(facts({ holdDeadlineMs: now + HOUR, cancelledCount: 2 }), now)).toBe("cancelled")
  })

  it("allows a cancel until the cut-off before the start, and says why not after", () => {
    expect(cancellability(facts(), now, 60)).toEqual({
      isCancellable: true,
      cancellableUntilMs: now + 4 * HOUR,
      reason: null,
    })
    expect(cancellability(facts({ startsAtMs: now + 30 * 60_000 }), now, 60).reason).toBe("cutOff")
    expect(cancellability(facts({ startsAtMs: now - HOUR }), now, 60).reason).toBe("past")
    expect(cancellability(facts({ scannedCount: 1 }), now, 60).reason).toBe("scanned")
    expect(cancellability(facts({ collected: true }), now, 60).reason).toBe("collected")
    expect(cancellability(facts({ cancelledCount: 2 }), now, 60).reason).toBe("nothingLeft")
  })

  it("names voucher, membership and video-on-demand states", () => {
    const v = { cancelled: false, isForReplacement: false, endsOn: "2026-12-31", balance: 100, quantity: 100 }
    expect(voucherState(v, "2026-11-24")).toBe("active")
    expect(voucherState({ ...v, balance: 40 }, "2026-11-24")).toBe("partiallyRedeemed")
    expect(voucherState({ ...v, balance: 0 }, "2026-11-24")).toBe("fullyRedeemed")
    expect(voucherState({ ...v, endsOn: "2026-11-23" }, "2026-11-24")).toBe("expired")
    expect(voucherState({ ...v, isForReplacement: true }, "2026-11-24")).toBe("forReplacement")
    expect(voucherState({ ...v, cancelled: true }, "2026-11-24")).toBe("cancelled")
    expect(memberState("2026-12-01", "2027-12-01", "2026-11-24")).toBe("notStarted")
    expect(memberState("2026-01-01", "2026-11-24", "2026-11-24")).toBe("active")
    expect(memberState("2025-01-01", "2026-11-23", "2026-11-24")).toBe("expired")
    expect(renewalOffered("active", "2026-12-10", "2026-12-24")).toBe(true)
    expect(renewalOffered("active", "2027-06-10", "2026-12-24")).toBe(false)
    expect(renewalOffered("expired", "2026-11-10", "2026-12-24")).toBe(false)
    expect(vodState(now + HOUR, now + 2 * HOUR, now)).toBe("future")
    expect(vodState(now - HOUR, now + HOUR, now)).toBe("available")
    expect(vodState(now - 2 * HOUR, now - HOUR, now)).toBe("expired")
  })
})
