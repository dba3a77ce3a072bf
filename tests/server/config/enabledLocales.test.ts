import { ConfigProvider, Effect } from "effect"
import { describe, expect, it } from "vitest"
import { EnabledLocalesConfig } from "../../../src/server/config/siteConfig.ts"
import { shellAnswer } from "../../../src/server/http/shellDocument.ts"

/**
 * Issue 19: enabling a language is configuration only. `ENABLED_LOCALES` decides which `lang` the shell answers
 * 200 in (with its direction already on `<html>`) and what `/api/config` lists; a code with no locale file is
 * refused rather than ignored.
 */
const read = (env: Record<string, string>) =>
  Effect.runSync(Effect.result(EnabledLocalesConfig.parse(ConfigProvider.fromEnvRecord(env))))

const TEMPLATE = '<!doctype html><html lang="he" dir="rtl"><head><title>Marquee</title></head></html>'

describe("ENABLED_LOCALES", () => {
  it("is Hebrew, English and Russian when unset", () => {
    const enabled = read({})
    expect(enabled._tag === "Success" && enabled.success).toEqual(["he", "en", "ru"])
  })

  it("enables Arabic by configuration alone, and always keeps the default, Hebrew", () => {
    const withArabic = read({ ENABLED_LOCALES: "he,en,ru,ar" })
    expect(withArabic._tag === "Success" && withArabic.success).toEqual(["he", "en", "ru", "ar"])
    const withoutHebrew = read({ ENABLED_LOCALES: "en,ar" })
    expect(withoutHebrew._tag === "Success" && withoutHebrew.success).toEqual(["he", "en", "ar"])
  })

  it("refuses a language the site has no file for", () => {
    expect(read({ ENABLED_LOCALES: "he,xx" })._tag).toBe("Failure")
  })

  it("makes the shell answer Arabic right to left once enabled, and 404 before", () => {
    const on = shellAnswer(
      TEMPLATE,
      { pathname: "/", lang: "ar" },
      { enabled: ["he", "en", "ar"], default: "he" },
    )
    expect(on.status).toBe(200)
    expect(on.html).toContain('<html lang="ar" dir="rtl">')
    const off = shellAnswer(TEMPLATE, { pathname: "/", lang: "ar" }, { enabled: ["he", "en"], default: "he" })
    expect(off.status).toBe(404)
    expect(off.html).toContain('<html lang="he" dir="rtl">')
  })
})
