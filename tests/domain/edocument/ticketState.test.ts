import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type ETicketFacts,
  eTicketState,
  eTicketStateAt,
  passAdmits,
  showEndsAt,
  UNKNOWN_SHOW_LENGTH_MS,
} from "../../../src/domain/edocument/ticketState.ts"

const START = Date.parse("2026-11-24T18:00:00Z")
const ENDS = showEndsAt(START, 120)
const facts = (over: Partial<ETicketFacts> = {}): ETicketFacts => ({
  cancelled: false,
  scanned: false,
  collected: false,
  showEndsMs: ENDS,
  ...over,
})

describe("an e-ticket's state (spec §2, issue 17)", () => {
  it("a show ends at its start plus the film's length, or four hours when the length is unknown", () => {
    expect(ENDS - START).toBe(120 * 60_000)
    expect(showEndsAt(START, null) - START).toBe(UNKNOWN_SHOW_LENGTH_MS)
    expect(UNKNOWN_SHOW_LENGTH_MS).toBe(4 * 3600_000)
  })

  it("active until the show has ended, expired from its last minute on", () => {
    expect(eTicketState(facts(), START - 1)).toBe("active")
    expect(eTicketState(facts(), ENDS - 1)).toBe("active")
    expect(eTicketState(facts(), ENDS)).toBe("expired")
    expect(eTicketState(facts(), ENDS + 86_400_000)).toBe("expired")
  })

  it("what was recorded comes before the clock: cancelled, then scanned, then collected", () => {
    const after = ENDS + 1
    expect(eTicketState(facts({ cancelled: true, scanned: true, collected: true }), after)).toBe("cancelled")
    expect(eTicketState(facts({ scanned: true, collected: true }), after)).toBe("scanned")
    expect(eTicketState(facts({ collected: true }), after)).toBe("collected")
    expect(eTicketState(facts({ collected: true }), START)).toBe("collected")
    expect(eTicketState(facts({ scanned: true }), START)).toBe("scanned")
    expect(eTicketState(facts({ cancelled: true }), START)).toBe("cancelled")
  })

  it("a saved copy read later: only an active ticket turns expired, once its show has ended", () => {
    expect(eTicketStateAt("active", ENDS, ENDS - 1)).toBe("active")
    expect(eTicketStateAt("active", ENDS, ENDS)).toBe("expired")
    // saved before tickets carried a state
    expect(eTicketStateAt(undefined, ENDS, ENDS - 1)).toBe("active")
    expect(eTicketStateAt(undefined, ENDS, ENDS)).toBe("expired")
    for (const told of ["cancelled", "scanned", "collected", "expired"] as const)
      expect(eTicketStateAt(told, ENDS, ENDS + 1)).toBe(told)
  })

  it("a copy told at one instant and read at a later one says what the server would say then", () => {
    fc.assert(
      fc.property(
        fc.record({ cancelled: fc.boolean(), scanned: fc.boolean(), collected: fc.boolean() }),
        fc.integer({ min: -86_400_000, max: 86_400_000 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        (recorded, toldOffset, later) => {
          const told = eTicketState(facts(recorded), ENDS + toldOffset)
          const now = ENDS + toldOffset + later
          expect(eTicketStateAt(told, ENDS, now)).toBe(eTicketState(facts(recorded), now))
        },
      ),
    )
  })

  it("the pass is shown while it may still admit: not cancelled, not over", () => {
    expect(passAdmits("active")).toBe(true)
    expect(passAdmits("scanned")).toBe(true)
    expect(passAdmits("collected")).toBe(true)
    expect(passAdmits("cancelled")).toBe(false)
    expect(passAdmits("expired")).toBe(false)
  })
})
