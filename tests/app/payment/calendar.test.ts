import { describe, expect, it } from "vitest"
import { buildIcs, escapeText, foldLine, icsInstant } from "../../../src/app/payment/calendar.ts"

const event = {
  uid: "R-100@marquee",
  title: "Oppenheimer, IMAX; late show",
  start: "2026-11-22T19:30:00+02:00",
  durationMinutes: 180,
  location: "Hall 3, Cinema City Glilot",
  description: "Row 5, seat 7\nRow 5, seat 8",
  url: "https://example.test/order/confirmation/R-100?key=abc",
  stamp: "2026-11-22T15:00:00.000Z",
}

const unfold = (ics: string) => ics.replace(/\r\n /g, "")

describe("calendar file", () => {
  it("writes instants in UTC from the Jerusalem offset, and DTEND from the duration", () => {
    const ics = unfold(buildIcs(event))
    expect(ics).toContain("DTSTART:20261122T173000Z\r\n")
    expect(ics).toContain("DTEND:20261122T203000Z\r\n")
    expect(ics).toContain("DTSTAMP:20261122T150000Z\r\n")
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true)
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true)
  })

  it("takes two hours when the duration is unknown", () => {
    expect(unfold(buildIcs({ ...event, durationMinutes: null }))).toContain("DTEND:20261122T193000Z")
  })

  it("escapes commas, semicolons, backslashes and newlines in text", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne")
    const ics = unfold(buildIcs(event))
    expect(ics).toContain("SUMMARY:Oppenheimer\\, IMAX\\; late show\r\n")
    expect(ics).toContain("DESCRIPTION:Row 5\\, seat 7\\nRow 5\\, seat 8\r\n")
  })

  it("folds long lines at 75 octets without splitting a character", () => {
    const hebrew = `SUMMARY:${"אופנהיימר ".repeat(12)}`
    const folded = foldLine(hebrew)
    const encoder = new TextEncoder()
    for (const line of folded.split("\r\n")) expect(encoder.encode(line).length).toBeLessThanOrEqual(75)
    expect(folded.replace(/\r\n /g, "")).toBe(hebrew)
    expect(foldLine("short")).toBe("short")
  })

  it("refuses an instant it cannot read", () => {
    expect(() => icsInstant("tomorrow")).toThrow(RangeError)
  })
})
