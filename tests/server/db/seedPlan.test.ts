import { Temporal } from "@js-temporal/polyfill"
import { verifySync } from "@node-rs/argon2"
import { describe, expect, it } from "vitest"
import { isValidIsraeliId } from "../../../src/domain/order/israeliId.ts"
import { DEMO_STAFF_PASSWORD } from "../../../src/server/db/seed/people.ts"
import { buildSeedPlan } from "../../../src/server/db/seed/plan.ts"
import { TIME_ZONE } from "../../../src/server/db/seed/schedule.ts"

// Israel moves to summer time in the small hours of Friday 27 March 2026: the window straddles it
const today = Temporal.PlainDate.from("2026-03-27")
const plan = buildSeedPlan({ seed: 7, scale: 1, today })
const { venues } = plan

describe("Israeli ID numbers in the seed", () => {
  it("gives every seeded customer with an ID number a valid, unique one", () => {
    const ssns = plan.people.customers.map((c) => c.ssn).filter((s): s is string => typeof s === "string")
    expect(ssns.length).toBeGreaterThan(1000)
    expect(ssns.every(isValidIsraeliId)).toBe(true)
    expect(new Set(ssns).size).toBe(ssns.length)
    expect(plan.people.customers.every((c) => /^05[0-9]{8}$/.test(String(c.mobile)))).toBe(true)
  })
})

describe("the seed plan", () => {
  it("is a pure function of its options", () => {
    expect(buildSeedPlan({ seed: 7, scale: 1, today })).toEqual(plan)
    expect(buildSeedPlan({ seed: 8, scale: 1, today }).schedule.presentations).not.toEqual(
      plan.schedule.presentations,
    )
  })

  it("has the chain's locations and venue kinds", () => {
    const ids = plan.locations.map((l) => l.id)
    expect(ids).toEqual(expect.arrayContaining([1, 1173, 1181]))
    expect(plan.locations.find((l) => l.id === 1)?.is_head_office).toBe(true)
    expect(plan.locations.filter((l) => l.card_provider === "secondary").map((l) => l.id)).toEqual([
      1173, 1181,
    ])
    expect(venues.venues.some((v) => v.location_id === 1)).toBe(false)
    expect(venues.venues.length).toBeGreaterThanOrEqual(12)
    const types = new Set(venues.venues.map((v) => v.venue_type_id))
    for (const type of [101, 102, 103, 104]) expect(types).toContain(type)
    expect(venues.venues.filter((v) => v.venue_type_id >= 101).every((v) => v.seatplan_id === null)).toBe(
      true,
    )
  })

  it("lays out seats without collisions, with sofas, beds, wheelchair spaces and limited view", () => {
    const key = (s: { seatplan_id: number; x: number; y: number }) => `${s.seatplan_id}:${s.x}:${s.y}`
    expect(new Set(venues.seats.map(key)).size).toBe(venues.seats.length)
    const names = new Set(venues.seats.map((s) => `${s.section_id}:${s.row_name}:${s.seat_name}`))
    expect(names.size).toBe(venues.seats.length)

    const perPlan = Map.groupBy(venues.seats, (s) => s.seatplan_id)
    expect(Math.max(...[...perPlan.values()].map((s) => s.length))).toBeGreaterThanOrEqual(20000)
    expect([...perPlan.values()].some((s) => s.length >= 130 && s.length <= 170)).toBe(true)

    for (const kind of ["sofa", "bed"] as const) {
      const groups = venues.groups.filter((g) => g.kind === kind)
      expect(groups.length).toBeGreaterThan(0)
      for (const g of groups)
        expect(venues.seats.filter((s) => s.seat_group_id === g.id)).toHaveLength(g.seat_count)
    }

    const wheelchairs = venues.seats.filter((s) => s.is_wheelchair)
    expect(wheelchairs.length).toBeGreaterThan(0)
    for (const w of wheelchairs) {
      const beside = venues.seats.filter(
        (s) =>
          s.section_id === w.section_id &&
          s.row_index === w.row_index &&
          Math.abs(s.seat_index - w.seat_index) === 1,
      )
      expect(beside.some((s) => s.is_companion)).toBe(true)
    }
    expect(venues.seats.some((s) => s.is_limited_view)).toBe(true)
    expect(venues.seats.some((s) => s.is_premium && s.default_ticket_group_id !== null)).toBe(true)
  })

  it("has single-GA, multi-GA and mixed venues, and reserved capacity equal to the seat count", () => {
    const sectionsOf = (seatplanId: number | null) =>
      venues.sections.filter((s) => s.seatplan_id === seatplanId)
    const modes = venues.venues
      .filter((v) => v.seatplan_id !== null)
      .map((v) => {
        const sections = sectionsOf(v.seatplan_id)
        const ga = sections.filter((s) => !s.is_reserved).length
        const reserved = sections.length - ga
        return reserved > 0 && ga > 0 ? "mixed" : ga === 1 ? "singleGA" : ga > 1 ? "multiGA" : "reserved"
      })
    expect(new Set(modes)).toEqual(new Set(["mixed", "singleGA", "multiGA", "reserved"]))
    for (const section of venues.sections.filter((s) => s.is_reserved)) {
      expect(venues.seats.filter((s) => s.section_id === section.id)).toHaveLength(section.capacity)
    }
  })

  it("shows every venue in the window, every day, at Jerusalem wall-clock slots across the DST change", () => {
    const { presentations } = plan.schedule
    const local = presentations.map((p) => ({
      ...p,
      at: Temporal.Instant.from(p.starts_at).toZonedDateTimeISO(TIME_ZONE),
    }))
    for (let d = -14; d <= 14; d++) {
      const day = today.add({ days: d })
      expect(local.some((p) => p.at.toPlainDate().equals(day))).toBe(true)
    }
    for (const venue of venues.venues) expect(local.some((p) => p.venue_id === venue.id)).toBe(true)
    for (const p of local) {
      const time = p.at.toPlainTime()
      expect(time.second).toBe(0)
      expect(
        Temporal.PlainTime.compare(time, "10:00") >= 0 && Temporal.PlainTime.compare(time, "23:30") <= 0,
      ).toBe(true)
    }
    const tenAm = (day: string) =>
      local.find((p) => p.at.toPlainDate().toString() === day && p.at.hour === 10)
    expect(tenAm("2026-03-26")?.at.offset).toBe("+02:00")
    expect(tenAm("2026-03-28")?.at.offset).toBe("+03:00")
    expect(presentations.filter((p) => !p.is_on_sale)).toHaveLength(1)
    expect(new Set(presentations.map((p) => p.business_id)).size).toBeGreaterThan(1)
    expect(new Set(presentations.map((p) => p.auth_profile_id)).size).toBeGreaterThan(2)
  })

  it("adds history with scale", () => {
    const larger = buildSeedPlan({ seed: 7, scale: 3, today })
    expect(larger.schedule.presentations.length).toBeGreaterThan(plan.schedule.presentations.length)
    expect(larger.schedule.firstDay.toString()).toBe("2026-02-27")
    expect(larger.people.customers.length).toBe(3 * plan.people.customers.length)
  })

  it("stores a real Argon2id hash of the documented demo password", () => {
    const hash = String(plan.people.staffUsers[0]?.password_hash)
    expect(hash.startsWith("$argon2id$")).toBe(true)
    expect(verifySync(hash, DEMO_STAFF_PASSWORD)).toBe(true)
    expect(verifySync(hash, `${DEMO_STAFF_PASSWORD}x`)).toBe(false)
  })
})
