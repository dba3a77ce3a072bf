import { Temporal } from "@js-temporal/polyfill"
import { describe, expect, it } from "vitest"
import type { Presentation } from "../../../src/api/PresentationEntities.ts"
import { availability } from "../../../src/app/whats-on/purchasable.ts"
import { presentation } from "./presentationFixture.ts"

const item = (p: Presentation) => ({
  presentation: p,
  start: Temporal.Instant.from(p.dateTime).toZonedDateTimeISO("Asia/Jerusalem"),
})
const startMs = Date.parse("2026-11-22T19:30:00+02:00")

describe("what's on: availability", () => {
  it("offers a show on sale until the instant it starts, as the seat lock and the commit do", () => {
    const showing = item(presentation({ dateTime: "2026-11-22T19:30:00+02:00" }))
    expect(availability(showing, startMs - 1)).toEqual({ purchasable: true, soldOut: false })
    expect(availability(showing, startMs)).toEqual({ purchasable: false, soldOut: false })
  })

  it("does not offer a show taken off sale or sold out", () => {
    const off = item(presentation({ dateTime: "2026-11-22T19:30:00+02:00", isOnSale: false }))
    expect(availability(off, startMs - 60_000).purchasable).toBe(false)
    const full = item(presentation({ dateTime: "2026-11-22T19:30:00+02:00", availableSeats: 0 }))
    expect(availability(full, startMs - 60_000)).toEqual({ purchasable: false, soldOut: true })
  })
})
