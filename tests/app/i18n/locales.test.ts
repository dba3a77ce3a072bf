import { describe, expect, it } from "vitest"
import {
  ALL_LOCALES,
  applyDocumentLocale,
  directionOf,
  langFromSearch,
  resolveLocale,
} from "../../../src/app/i18n/locales.ts"

describe("resolveLocale", () => {
  it("defaults to Hebrew when lang is absent or empty", () => {
    expect(resolveLocale(undefined)).toEqual({ found: true, locale: "he" })
    expect(resolveLocale("")).toEqual({ found: true, locale: "he" })
  })

  it("accepts the enabled locales", () => {
    expect(resolveLocale("he")).toEqual({ found: true, locale: "he" })
    expect(resolveLocale("en")).toEqual({ found: true, locale: "en" })
    expect(resolveLocale("ru")).toEqual({ found: true, locale: "ru" })
  })

  it("turns an unknown lang into not found, rendered in the default locale", () => {
    expect(resolveLocale("xx")).toEqual({ found: false, locale: "he" })
    expect(resolveLocale("EN")).toEqual({ found: false, locale: "he" })
    expect(resolveLocale(["en"])).toEqual({ found: false, locale: "he" })
  })

  it("treats a locale with a dictionary but not enabled as not found", () => {
    expect(resolveLocale("pl")).toEqual({ found: false, locale: "he" })
  })

  it("follows the enabled list from config once known", () => {
    expect(resolveLocale("pl", ["he", "en", "pl"])).toEqual({ found: true, locale: "pl" })
    expect(resolveLocale("ru", ["he", "en"])).toEqual({ found: false, locale: "he" })
  })
})

describe("directionOf", () => {
  it("is right-to-left for Hebrew and Arabic only", () => {
    const rtl = ALL_LOCALES.filter((locale) => directionOf(locale) === "rtl")
    expect(rtl).toEqual(["he", "ar"])
    for (const locale of ["en", "ru", "pl", "sk", "ro", "bg", "cs", "hu"])
      expect(directionOf(locale)).toBe("ltr")
  })
})

describe("langFromSearch and applyDocumentLocale", () => {
  it("reads lang from a query string", () => {
    expect(langFromSearch("?lang=en&location=3")).toBe("en")
    expect(langFromSearch("")).toBeUndefined()
  })

  it("sets lang and dir on the root element", () => {
    const root = { lang: "he", dir: "rtl" }
    applyDocumentLocale(root, "ru")
    expect(root).toEqual({ lang: "ru", dir: "ltr" })
    applyDocumentLocale(root, "ar")
    expect(root).toEqual({ lang: "ar", dir: "rtl" })
  })
})
