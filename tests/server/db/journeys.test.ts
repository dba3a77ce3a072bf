import { Temporal } from "@js-temporal/polyfill"
import { describe, expect, it } from "vitest"
import {
  JOURNEY_PROJECTS,
  JOURNEYS,
  type JourneyName,
  journeyMember,
  journeyPresentationId,
  journeyVoucher,
} from "../../../src/server/db/seed/journeys.ts"
import { buildSeedPlan } from "../../../src/server/db/seed/plan.ts"
import { chainToday } from "../../../src/server/time.ts"
import { PINNED_NOW } from "../../_support/pinnedClock.ts"

// the e2e servers' two clocks: the pinned morning and 23:59 in Jerusalem, a minute before "today" turns
const LATE_NIGHT = "2026-11-24T21:59:00Z"
const names = Object.keys(JOURNEYS) as ReadonlyArray<JourneyName>

describe.each([PINNED_NOW, LATE_NIGHT])("the journeys' own presentations, seeded at %s", (now) => {
  const instant = Temporal.Instant.from(now)
  const today = chainToday(instant)
  const plan = buildSeedPlan({ seed: 1, scale: 1, today, journeys: true })
  const rows = plan.journeyPresentations

  it("gives every journey in every project a presentation of its own, found by the journey's name", () => {
    expect(rows).toHaveLength(names.length * JOURNEY_PROJECTS.length)
    const ids = names.flatMap((name) =>
      JOURNEY_PROJECTS.map((project) => journeyPresentationId(name, project)),
    )
    expect(new Set(ids).size).toBe(ids.length)
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort())
    for (const name of names)
      for (const project of JOURNEY_PROJECTS) {
        const row = rows.find((r) => r.id === journeyPresentationId(name, project))
        expect(row?.venue_id, `${name} ${project}`).toBe(JOURNEYS[name].venueId)
      }
    const scheduled = new Set(plan.schedule.presentations.map((p) => p.id))
    expect(ids.filter((id) => scheduled.has(id))).toEqual([])
  })

  it("puts each at a time of its own, on sale, not 3D, and still ahead when the run starts late at night", () => {
    expect(new Set(rows.map((row) => row.starts_at)).size).toBe(rows.length)
    for (const row of rows) {
      expect(row.is_on_sale).toBe(true)
      expect(row.is_3d).toBe(false)
      // hours ahead of the servers' clock, and inside the what's-on window
      const ahead = instant.until(Temporal.Instant.from(row.starts_at)).total("hours")
      expect(ahead).toBeGreaterThan(8)
      expect(ahead).toBeLessThan(14 * 24)
    }
  })

  it("shows in each a feature its hall plays, with the hall's business and profile", () => {
    for (const row of rows) {
      const shown = plan.schedule.presentations.filter((p) => p.venue_id === row.venue_id)
      expect(shown.map((p) => p.feature_id)).toContain(row.feature_id)
      expect(shown.map((p) => [p.business_id, p.auth_profile_id])).toContainEqual([
        row.business_id,
        row.auth_profile_id,
      ])
    }
  })
})

describe("the journeys' data", () => {
  const today = Temporal.PlainDate.from("2026-11-24")

  it("is left out unless asked for, and changes nothing else the seed plans", () => {
    const plain = buildSeedPlan({ seed: 1, scale: 1, today })
    const withJourneys = buildSeedPlan({ seed: 1, scale: 1, today, journeys: true })
    expect(plain.journeyPresentations).toEqual([])
    expect(withJourneys.schedule).toEqual(plain.schedule)
    expect(withJourneys.people).toEqual(plain.people)
  })

  it("gives each project its own voucher and member codes, unlike any demo code", () => {
    const vouchers = JOURNEY_PROJECTS.map((project) => journeyVoucher("GIFT-100", project))
    expect(vouchers).toEqual(["GIFT-100-DESKTOP", "GIFT-100-PHONE"])
    const members = names.flatMap((name) => JOURNEY_PROJECTS.map((project) => journeyMember(name, project)))
    expect(new Set(members).size).toBe(members.length)
    for (const member of members) expect(member).toMatch(/^91\d{6}$/)
  })
})
