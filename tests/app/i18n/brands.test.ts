import { existsSync, readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { ensureBrandTexts, setDictionary, translate } from "../../../src/app/i18n/dictionaries.ts"
import { ALL_LOCALES } from "../../../src/app/i18n/locales.ts"
import { BRAND_CODES } from "../../../src/domain/shared/brands.ts"

/**
 * Issue 19: venue brands have their own wording, on top of the locale files. A brand's file
 * (`locales/brands/{brand}.json`) overrides some keys in every one of the ten languages: the same keys in each, keys
 * the locale files have, the same placeholders, and no English copy where the language has its own words.
 */
type Table = { [key: string]: string | Table }

const flat = (table: Table, prefix = ""): Array<[string, string]> =>
  Object.entries(table).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flat(value, `${prefix}${key}.`),
  )

const read = (path: string): Table =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8")) as Table
const english = new Map(flat(read("../../../locales/en.json")))
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe.each(BRAND_CODES)("the %s brand's wording", (brand) => {
  const path = `../../../locales/brands/${brand}.json`

  it("has a file, with every language and no other", () => {
    expect(existsSync(new URL(path, import.meta.url))).toBe(true)
    expect(Object.keys(read(path)).sort()).toEqual([...ALL_LOCALES].sort())
  })

  it("overrides only keys its language's own locale file has (no brand adds a key the app never asks for)", () => {
    const tables = read(path) as Record<string, Table>
    for (const locale of ALL_LOCALES) {
      const base = new Map(flat(read(`../../../locales/${locale}.json`)))
      for (const [key] of flat(tables[locale] ?? {}))
        expect(base.has(key), `${locale}: ${key} is not in locales/${locale}.json`).toBe(true)
    }
  })

  it("overrides the same keys in every language, keys the locale files have, keeping their placeholders", () => {
    const tables = read(path) as Record<string, Table>
    const keys = flat(tables.en ?? {}).map(([key]) => key)
    expect(keys.length).toBeGreaterThan(0)
    for (const locale of ALL_LOCALES) {
      const texts = flat(tables[locale] ?? {})
      expect(texts.map(([key]) => key).sort(), locale).toEqual([...keys].sort())
      for (const [key, text] of texts) {
        expect(english.has(key), `${locale}: ${key} is no locale key`).toBe(true)
        expect(placeholders(text), `${locale}: ${key}`).toEqual(placeholders(english.get(key) ?? ""))
      }
    }
  })

  it("is its own wording, translated: no language copies the brand's English", () => {
    const tables = read(path) as Record<string, Table>
    const brandEnglish = new Map(flat(tables.en ?? {}))
    for (const [key, text] of brandEnglish) expect(text, key).not.toBe(english.get(key))
    for (const locale of ALL_LOCALES.filter((code) => code !== "en"))
      for (const [key, text] of flat(tables[locale] ?? {}))
        expect(text, `${locale}: ${key}`).not.toBe(brandEnglish.get(key))
  })
})

describe("brand files", () => {
  it("exist only for the brands a location may have", () => {
    const files = readdirSync(new URL("../../../locales/brands/", import.meta.url))
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.replace(/\.json$/, ""))
    expect(files.sort()).toEqual([...BRAND_CODES].sort())
  })
})

describe("translate with a brand", () => {
  it("uses the brand's text where it has one, the locale's elsewhere, and the locale's without a brand", async () => {
    setDictionary("en", read("../../../locales/en.json"))
    setDictionary("he", read("../../../locales/he.json"))
    await ensureBrandTexts("lounge")
    expect(translate("en", "orderSteps.products.title", undefined, "lounge")).toBe("From the lounge menu")
    expect(translate("he", "orderSteps.products.title", undefined, "lounge")).toBe("מתפריט הלאונג׳")
    expect(translate("en", "orderSteps.tickets.title", undefined, "lounge")).toBe("Choose tickets")
    expect(translate("en", "orderSteps.products.title")).toBe("Add extras")
    expect(translate("en", "orderSteps.products.title", undefined, null)).toBe("Add extras")
  })
})
