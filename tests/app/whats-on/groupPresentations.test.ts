import { Temporal } from "@js-temporal/polyfill"
import { describe, expect, it } from "vitest"
import { groupPresentations } from "../../../src/app/whats-on/groupPresentations.ts"
import { presentation } from "./presentationFixture.ts"

const shape = (days: ReturnType<typeof groupPresentations>) =>
  days.map((day) => ({
    date: day.date.toString(),
    locations: day.locations.map((group) => ({
      location: group.locationName,
      ids: group.presentations.map((item) => item.presentation.id),
    })),
  }))

describe("groupPresentations", () => {
  it("groups by Jerusalem day, then cinema by name, then start time", () => {
    const a = presentation({ dateTime: "2026-11-22T21:00:00+02:00", locationId: 2, locationName: "Haifa" })
    const b = presentation({ dateTime: "2026-11-22T18:00:00+02:00", locationId: 1, locationName: "Tel Aviv" })
    const c = presentation({ dateTime: "2026-11-22T17:00:00+02:00", locationId: 2, locationName: "Haifa" })
    const d = presentation({ dateTime: "2026-11-23T10:00:00+02:00", locationId: 1, locationName: "Tel Aviv" })
    expect(shape(groupPresentations(Temporal, [d, a, b, c], "en"))).toEqual([
      {
        date: "2026-11-22",
        locations: [
          { location: "Haifa", ids: [c.id, a.id] },
          { location: "Tel Aviv", ids: [b.id] },
        ],
      },
      { date: "2026-11-23", locations: [{ location: "Tel Aviv", ids: [d.id] }] },
    ])
  })

  it("puts a show after midnight in Israel on the next day, whatever offset the instant is written in", () => {
    // 22:30 UTC on the 22nd is 00:30 on the 23rd in Jerusalem (winter, UTC+2).
    const late = presentation({ dateTime: "2026-11-22T22:30:00Z" })
    const [day] = groupPresentations(Temporal, [late], "en")
    expect(day?.date.toString()).toBe("2026-11-23")
    expect(day?.locations[0]?.presentations[0]?.start.hour).toBe(0)
  })

  it("finds the same Jerusalem day and start as a conversion per showing, across both clock changes", () => {
    // Israel's 2026 changes: 27 March 02:00 (UTC+2 → +3) and 25 October 02:00 (+3 → +2)
    const instants = ["2026-03-26T20:00:00Z", "2026-10-24T20:00:00Z"].flatMap((from) =>
      Array.from({ length: 8 * 6 }, (_, step) =>
        Temporal.Instant.from(from)
          .add({ minutes: step * 10 })
          .toString(),
      ),
    )
    const items = instants.map((dateTime, index) => presentation({ id: index + 1, dateTime }))
    const days = groupPresentations(Temporal, items, "en")
    for (const day of days)
      for (const item of day.locations.flatMap((group) => group.presentations)) {
        const expected = Temporal.Instant.from(item.presentation.dateTime).toZonedDateTimeISO(
          "Asia/Jerusalem",
        )
        expect(day.date.toString()).toBe(expected.toPlainDate().toString())
        expect(item.start.toString()).toBe(expected.toString())
      }
    expect(days.flatMap((day) => day.locations.flatMap((group) => group.presentations)).length).toBe(
      instants.length,
    )
  })

  it("orders cinemas by the locale's collation", () => {
    const haifa = presentation({ locationId: 2, locationName: "חיפה" })
    const telAviv = presentation({ locationId: 1, locationName: "תל אביב" })
    const ashdod = presentation({ locationId: 3, locationName: "אשדוד" })
    const [day] = groupPresentations(Temporal, [telAviv, haifa, ashdod], "he")
    expect(day?.locations.map((group) => group.locationName)).toEqual(["אשדוד", "חיפה", "תל אביב"])
  })

  it("returns nothing for an empty list", () => {
    expect(groupPresentations(Temporal, [], "he")).toEqual([])
  })
})
