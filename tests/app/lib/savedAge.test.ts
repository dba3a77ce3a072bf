import { describe, expect, it } from "vitest"
import en from "../../../locales/en.json" with { type: "json" }
import he from "../../../locales/he.json" with { type: "json" }
import ru from "../../../locales/ru.json" with { type: "json" }
import { savedAgeLabel, savedAgeOf } from "../../../src/app/lib/savedAge.ts"

/** Issue 17: the last what's-on list and each wallet entry, offline, say how old they are ("Saved 3 hours ago"). */
const NOW = Date.parse("2026-11-27T22:00:00Z")
const MINUTE = 60_000
const HOUR = 60 * MINUTE

const dictionaries = { en, he, ru } as const
const label = (locale: keyof typeof dictionaries, savedAt: number) =>
  savedAgeLabel(savedAgeOf(savedAt, NOW), locale, (key, params) =>
    dictionaries[locale].status[key === "status.savedAgo" ? "savedAgo" : "savedJustNow"].replace(
      "{{age}}",
      params?.age ?? "",
    ),
  )

describe("savedAgeOf", () => {
  it("counts in the largest whole unit, rounded down", () => {
    expect(savedAgeOf(NOW - 59_999, NOW)).toEqual({ kind: "justNow" })
    expect(savedAgeOf(NOW - MINUTE, NOW)).toEqual({ kind: "ago", value: 1, unit: "minute" })
    expect(savedAgeOf(NOW - 59 * MINUTE, NOW)).toEqual({ kind: "ago", value: 59, unit: "minute" })
    expect(savedAgeOf(NOW - 119 * MINUTE, NOW)).toEqual({ kind: "ago", value: 1, unit: "hour" })
    expect(savedAgeOf(NOW - 23 * HOUR, NOW)).toEqual({ kind: "ago", value: 23, unit: "hour" })
    expect(savedAgeOf(NOW - 50 * HOUR, NOW)).toEqual({ kind: "ago", value: 2, unit: "day" })
  })

  it("reads a save the clock now puts in the future as just now", () => {
    expect(savedAgeOf(NOW + HOUR, NOW)).toEqual({ kind: "justNow" })
  })
})

describe("savedAgeLabel", () => {
  it("says it in the page's language, with that language's plural forms", () => {
    expect(label("en", NOW - 3 * HOUR)).toBe("Saved 3 hours ago")
    expect(label("en", NOW - HOUR)).toBe("Saved 1 hour ago")
    expect(label("en", NOW - 5_000)).toBe("Saved just now")
    expect(label("he", NOW - 3 * HOUR)).toBe("נשמר לפני 3 שעות")
    expect(label("ru", NOW - 3 * HOUR)).toBe("Сохранено 3 часа назад")
    expect(label("ru", NOW - 5 * HOUR)).toBe("Сохранено 5 часов назад")
    expect(label("ru", NOW - 2 * 24 * HOUR)).toBe("Сохранено 2 дня назад")
  })
})
