import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { CartTypeChosen, PresentationSelected } from "../../../src/domain/cart/events.ts"
import { fold } from "../../../src/domain/cart/fold.ts"
import {
  DEFAULT_BUSINESS_ID,
  decodeCartEvent,
  decodeCartLog,
  encodeCartEvent,
  migrateEvent,
} from "../../../src/domain/cart/migrate.ts"
import { at, locked, newLog, place, presentation } from "./fixtures.ts"

/** An event as an early build wrote it: no `v`, and a presentation without `businessId`. */
const v0Selected = {
  _tag: "PresentationSelected",
  eventId: "old-1",
  at: at(1),
  presentation: {
    id: 1,
    venueId: 10,
    venueTypeId: 1,
    seatplanId: 100,
    authProfileId: 7,
    locationId: 5,
    dateTime: "2026-11-22T19:30:00+02:00",
  },
  isEnrolling: false,
}

describe("cart events as JSON", () => {
  it("carry their schema version and encode to plain JSON that decodes to the same event", () => {
    const log = newLog()
    const events = [
      log.select(),
      log.lockRequested("c1", 1, [place(0, 0)]),
      log.locked("c1", 1, [locked(0, 0)]),
    ]
    for (const event of events) {
      expect(event.v).toBe(1)
      const json = JSON.parse(JSON.stringify(encodeCartEvent(event)))
      expect(json).toMatchObject({ _tag: event._tag, v: 1, eventId: event.eventId, at: event.at })
      const decoded = Result.getOrThrow(decodeCartEvent(json))
      expect(decoded).toEqual(event)
      expect(decoded.constructor).toBe(event.constructor)
    }
  })

  it("refuses an unknown version, tag or a malformed instant", () => {
    const json = encodeCartEvent(CartTypeChosen.make({ eventId: "e", at: at(1), cartType: "tickets" }))
    expect(Result.isFailure(decodeCartEvent({ ...json, v: 2 }))).toBe(true)
    expect(Result.isFailure(decodeCartEvent({ ...json, _tag: "SomethingElse" }))).toBe(true)
    expect(Result.isFailure(decodeCartEvent({ ...json, at: "2026-11-22 17:00" }))).toBe(true)
    expect(() => CartTypeChosen.make({ eventId: "e", at: "yesterday", cartType: "tickets" })).toThrow()
  })
})

describe("migrating old events", () => {
  it("upgrades a version 0 PresentationSelected to version 1 with business 1", () => {
    const upgraded = migrateEvent(v0Selected)
    expect(upgraded).toMatchObject({
      v: 1,
      presentation: { businessId: DEFAULT_BUSINESS_ID, authProfileId: 7 },
    })
    const decoded = Result.getOrThrow(decodeCartEvent(v0Selected))
    expect(decoded).toBeInstanceOf(PresentationSelected)
    expect(decoded).toEqual(
      PresentationSelected.make({
        eventId: "old-1",
        at: at(1),
        presentation: presentation({ businessId: 1 }),
        isEnrolling: false,
      }),
    )
  })

  it("leaves current events and shapes it cannot read alone", () => {
    const current = encodeCartEvent(newLog().select())
    expect(migrateEvent(current)).toBe(current)
    const broken = { ...v0Selected, presentation: { id: "one" } }
    expect(migrateEvent(broken)).toBe(broken)
    expect(Result.isFailure(decodeCartEvent(broken))).toBe(true)
    expect(migrateEvent("not an event")).toBe("not an event")
  })

  it("reads a whole mixed log, or names the first event it cannot read", () => {
    const log = newLog()
    const stored = [
      v0Selected,
      encodeCartEvent(log.lockRequested("c1", 1, [place(0, 0)])),
      encodeCartEvent(log.locked("c1", 1, [locked(0, 0)])),
    ]
    const events = Result.getOrThrow(decodeCartLog(stored))
    expect(fold(events).presentations[0]?.facts.businessId).toBe(1)
    expect(fold(events).presentations[0]?.seats).toHaveLength(1)
    const bad = decodeCartLog([...stored, { _tag: "CartReset", v: 1 }])
    expect(bad).toMatchObject({ _tag: "Failure", failure: { index: 3 } })
  })
})
