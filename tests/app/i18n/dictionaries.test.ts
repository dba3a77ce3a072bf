import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { ensureDictionary, setDictionary, translate } from "../../../src/app/i18n/dictionaries.ts"
import { ALL_LOCALES } from "../../../src/app/i18n/locales.ts"

type Table = { [key: string]: string | Table }

const read = (locale: string): Table =>
  JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), "utf8")) as Table

const keys = (table: Table, prefix = ""): Array<string> =>
  Object.entries(table).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  )

describe("locale files", () => {
  const english = keys(read("en")).sort()

  it("he and ru translate every English text", () => {
    expect(keys(read("he")).sort()).toEqual(english)
    expect(keys(read("ru")).sort()).toEqual(english)
  })

  it("the partial locales use no key that English lacks", () => {
    for (const locale of ALL_LOCALES) {
      for (const key of keys(read(locale))) expect(english, `${locale}: ${key}`).toContain(key)
    }
  })

  it("keeps the same placeholders as English", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
    const en = read("en")
    const lookup = (table: Table, key: string) =>
      key
        .split(".")
        .reduce<string | Table | undefined>(
          (node, part) => (typeof node === "object" ? node[part] : undefined),
          table,
        )
    for (const locale of ALL_LOCALES) {
      const table = read(locale)
      for (const key of keys(table)) {
        expect(placeholders(lookup(table, key) as string), `${locale}: ${key}`).toEqual(
          placeholders(lookup(en, key) as string),
        )
      }
    }
  })
})

describe("translate", () => {
  it("loads a locale and fills placeholders", async () => {
    await ensureDictionary("pl")
    expect(translate("pl", "errors.notFound")).toBe("Nie można znaleźć tej strony.")
    expect(translate("pl", "validation.required", { name: "Email" })).toBe("Pole Email jest wymagane")
  })

  it("loads the asked locale alone", async () => {
    await ensureDictionary("ru")
    expect(translate("ru", "errors.notFound")).not.toBe("errors.notFound")
    expect(translate("bg", "errors.notFound")).toBe("errors.notFound")
  })

  it("shows the spec's texts", async () => {
    await Promise.all([ensureDictionary("he"), ensureDictionary("en")])
    expect(translate("en", "errors.notFound")).toBe("This page could not be found.")
    expect(translate("en", "errors.occurred")).toBe("Error Occurred")
    expect(translate("he", "validation.required", { name: "שם פרטי" })).toBe("השדה שם פרטי הינו שדה חובה")
    expect(translate("en", "whatsOn.duration", { minutes: 118 })).toBe("118 min")
  })

  it("falls back to English for a key the locale lacks", () => {
    setDictionary("cs", {})
    expect(translate("cs", "status.offline", { time: "x" })).toContain("You are offline")
  })
})
