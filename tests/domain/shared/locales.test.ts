import { describe, expect, it } from "vitest"
import { directionOf, LOCALE_CODES, resolveLocale } from "../../../src/domain/shared/locales.ts"

describe("resolveLocale", () => {
  const enabled = ["he", "en", "ru"]

  it("answers an enabled lang as found, and no lang as the fallback", () => {
    expect(resolveLocale("ru", enabled, "he")).toEqual({ found: true, locale: "ru" })
    expect(resolveLocale(undefined, enabled, "he")).toEqual({ found: true, locale: "he" })
    expect(resolveLocale(null, enabled, "en")).toEqual({ found: true, locale: "en" })
  })

  it("answers an unknown or disabled lang as not found, in the fallback", () => {
    expect(resolveLocale("xx", enabled, "he")).toEqual({ found: false, locale: "he" })
    expect(resolveLocale("pl", enabled, "he")).toEqual({ found: false, locale: "he" })
    expect(resolveLocale("pl", [...enabled, "pl"], "he")).toEqual({ found: true, locale: "pl" })
    expect(resolveLocale(["en"], enabled, "ru")).toEqual({ found: false, locale: "ru" })
  })
})

describe("directionOf", () => {
  it("writes Hebrew and Arabic right to left, every other locale and anything unknown left to right", () => {
    expect(LOCALE_CODES.filter((locale) => directionOf(locale) === "rtl")).toEqual(["he", "ar"])
    expect(directionOf("xx")).toBe("ltr")
  })
})
