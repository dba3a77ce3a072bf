import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { ALL_LOCALES, directionOf } from "../../../src/app/i18n/locales.ts"

/**
 * Every locale file is a real translation of every English text (issue 19, "Brands and languages"): the same keys,
 * the same placeholders, and no English left where the language has its own words.
 */

type Table = { [key: string]: string | Table }

const texts = (locale: string): ReadonlyMap<string, string> => {
  const table = JSON.parse(
    readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), "utf8"),
  ) as Table
  const walk = (node: Table, prefix: string): Array<[string, string]> =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === "string"
        ? [[`${prefix}${key}`, value] as [string, string]]
        : walk(value, `${prefix}${key}.`),
    )
  return new Map(walk(table, ""))
}

const placeholders = (text: string): Array<string> =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? "").sort()

const withoutPlaceholders = (text: string): string => text.replace(/\{\{\s*\w+\s*\}\}/g, "")

/**
 * Texts that are rightly the same as the English one in every language:
 * - the brand (Marquee) and the payment brand (PayPal) are never translated;
 * - "3D" is the film format's name as printed on tickets and posters everywhere;
 * - a text with no letters once its placeholders are gone ("404", "{{n}}", "{{name}} – {{price}}") has nothing to
 *   translate.
 */
const SAME_EVERYWHERE: ReadonlySet<string> = new Set(["Marquee", "PayPal", "3D"])

/**
 * Texts that happen to be the same word in one language, checked by a native reading: keep this list short, and
 * never add a text here only to make the test pass.
 */
const SAME_IN: Readonly<Record<string, ReadonlyArray<string>>> = {
  // "min" is the usual abbreviation of minute; "Film" and "Online" are the languages' own words
  pl: ["{{minutes}} min", "Film", "Online"],
  cs: ["{{minutes}} min", "Film", "Online"],
  sk: ["{{minutes}} min", "Film", "Online"],
  hu: ["Film", "Online"],
  // "Total" is the Romanian word for a sum
  ro: ["Film", "Online", "Total"],
}

/**
 * Latin-script words allowed in a language written in another script: names of brands, payment schemes and formats
 * that are printed in Latin letters (BLIK, CVV, 3-D Secure, PDF, SMS), and Russian's usual "e-mail".
 */
const LATIN_NAMES = /Marquee|PayPal|BLIK|CVV|3-D Secure|3D|PDF|SMS|e-mail/g
const NON_LATIN_SCRIPT: ReadonlyArray<string> = ["he", "ru", "ar", "bg"]

const english = texts("en")
const others = ALL_LOCALES.filter((locale) => locale !== "en")

describe("every locale file translates every English text", () => {
  it.each(others)("%s has exactly the keys of en.json", (locale) => {
    const keys = [...texts(locale).keys()]
    expect(
      [...english.keys()].filter((key) => !keys.includes(key)),
      `${locale} lacks these keys`,
    ).toEqual([])
    expect(
      keys.filter((key) => !english.has(key)),
      `${locale} has keys en.json does not`,
    ).toEqual([])
  })

  it.each(others)("%s keeps the placeholders of each English text", (locale) => {
    const differing = [...texts(locale)]
      .filter(([key]) => english.has(key))
      .filter(([key, text]) => placeholders(text).join() !== placeholders(english.get(key) ?? "").join())
      .map(([key, text]) => `${key}: "${text}"`)
    expect(differing).toEqual([])
  })

  it.each(others)("%s carries no English text where the language has its own", (locale) => {
    const allowed = new Set(SAME_IN[locale] ?? [])
    const untranslated = [...texts(locale)]
      .filter(([key, text]) => text === english.get(key))
      .filter(([, text]) => !SAME_EVERYWHERE.has(text) && !allowed.has(text))
      .filter(([, text]) => /\p{L}/u.test(withoutPlaceholders(text)))
      .map(([key, text]) => `${key}: "${text}"`)
    expect(untranslated).toEqual([])
  })

  it.each(NON_LATIN_SCRIPT)("%s has no Latin-script words besides names", (locale) => {
    const latin = [...texts(locale)]
      .filter(([, text]) => /[A-Za-z]{2,}/.test(withoutPlaceholders(text).replace(LATIN_NAMES, "")))
      .map(([key, text]) => `${key}: "${text}"`)
    expect(latin).toEqual([])
  })

  it("Arabic, like Hebrew, is written right to left", () => {
    expect(directionOf("ar")).toBe("rtl")
    expect(directionOf("he")).toBe("rtl")
  })
})

describe("the checks catch what they were written for", () => {
  it("an English copy, a lost placeholder and a stray Latin word", () => {
    expect(placeholders("Row {{row}}, seat {{ seat }}")).toEqual(["row", "seat"])
    expect(/\p{L}/u.test(withoutPlaceholders("{{name}} – {{price}}"))).toBe(false)
    expect(/\p{L}/u.test(withoutPlaceholders("{{minutes}} min"))).toBe(true)
    expect(/[A-Za-z]{2,}/.test("Ошибка: Try again".replace(LATIN_NAMES, ""))).toBe(true)
    expect(/[A-Za-z]{2,}/.test("Код BLIK и PayPal (3-D Secure)".replace(LATIN_NAMES, ""))).toBe(false)
  })
})
