import { Temporal } from "@js-temporal/polyfill"
import { describe, expect, it } from "vitest"
import {
  formatDayHeading,
  formatLongDateTime,
  formatMoney,
  languageName,
  toJerusalem,
} from "../../../src/app/i18n/format.ts"

/** Intl puts bidi marks and non-breaking spaces in currency strings; compare the visible text. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, "").replace(/[\u00a0\u202f]/g, " ")

describe("formatMoney", () => {
  it("formats integer agorot as shekels with exactly two decimals", () => {
    expect(plain(formatMoney(4700, "en"))).toBe("₪47.00")
    expect(plain(formatMoney(4750, "en"))).toBe("₪47.50")
    expect(plain(formatMoney(5, "en"))).toBe("₪0.05")
    expect(plain(formatMoney(123456789, "en"))).toBe("₪1,234,567.89")
    expect(plain(formatMoney(-1050, "en"))).toBe("-₪10.50")
  })

  it("follows the locale's pattern", () => {
    expect(plain(formatMoney(4700, "he"))).toBe("47.00 ₪")
    expect(plain(formatMoney(4700, "ru"))).toBe("47,00 ₪")
  })

  it("marks Hebrew amounts so the symbol stays with the number in right-to-left text", () => {
    expect(formatMoney(4700, "he")).toMatch(/^\u200f47\.00\u00a0\u200f₪$/)
  })

  it("refuses fractions of an agora", () => {
    expect(() => formatMoney(47.5, "en")).toThrow(RangeError)
  })
})

describe("Jerusalem date-time", () => {
  it("uses the day name, DD/MM/YYYY and HH:mm", () => {
    expect(formatLongDateTime(Temporal, "2026-11-23T17:30:00Z", "en")).toBe("Monday, 23/11/2026 19:30")
    expect(formatLongDateTime(Temporal, "2026-11-23T17:30:00Z", "he")).toBe("יום שני, 23/11/2026 19:30")
    expect(formatLongDateTime(Temporal, "2026-11-23T17:30:00Z", "ru")).toBe("понедельник, 23/11/2026 19:30")
  })

  it("accepts the server's offset form and ignores the device's zone", () => {
    expect(formatLongDateTime(Temporal, "2026-11-22T19:30:00+02:00", "en")).toBe("Sunday, 22/11/2026 19:30")
  })

  it("jumps an hour when summer time starts (Friday 27 March 2026, 02:00 → 03:00)", () => {
    expect(formatLongDateTime(Temporal, "2026-03-26T23:30:00Z", "en")).toBe("Friday, 27/03/2026 01:30")
    expect(formatLongDateTime(Temporal, "2026-03-27T00:30:00Z", "en")).toBe("Friday, 27/03/2026 03:30")
  })

  it("repeats an hour when summer time ends (Sunday 25 October 2026, 02:00 → 01:00)", () => {
    expect(formatLongDateTime(Temporal, "2026-10-24T22:30:00Z", "en")).toBe("Sunday, 25/10/2026 01:30")
    expect(formatLongDateTime(Temporal, "2026-10-24T23:30:00Z", "en")).toBe("Sunday, 25/10/2026 01:30")
    expect(toJerusalem(Temporal, "2026-10-24T22:30:00Z").offset).toBe("+03:00")
    expect(toJerusalem(Temporal, "2026-10-24T23:30:00Z").offset).toBe("+02:00")
  })

  it("heads a day with its name and date", () => {
    expect(formatDayHeading(Temporal.PlainDate.from("2026-11-27"), "en")).toBe("Friday, 27/11/2026")
  })

  it("puts Arabic's own comma after the day's name", () => {
    expect(formatDayHeading(Temporal.PlainDate.from("2026-11-27"), "ar")).toMatch(/^\S+ ?\S*، 27\/11\/2026$/)
    expect(formatLongDateTime(Temporal, "2026-11-23T17:30:00Z", "ar")).not.toContain(",")
  })
})

describe("languageName", () => {
  it("names a spoken language in the reader's locale", () => {
    expect(languageName("en", "en")).toBe("English")
    expect(languageName("he", "en")).toBe("Hebrew")
    expect(languageName("en", "he")).toBe("אנגלית")
  })

  it("shows text that is not a language code as it came", () => {
    expect(languageName("original version", "en")).toBe("original version")
  })
})
