import { Temporal } from "@js-temporal/polyfill"
import { describe, expect, it } from "vitest"
import { arabicOf } from "../../../src/server/db/seed/arabic.ts"
import { products, serviceCharges, ticketGroups, tickets } from "../../../src/server/db/seed/commerce.ts"
import { featureCategories } from "../../../src/server/db/seed/featureCategories.ts"
import { makeFeatures } from "../../../src/server/db/seed/features.ts"
import type { Text } from "../../../src/server/db/seed/localText.ts"
import { locations } from "../../../src/server/db/seed/locations.ts"
import { makeRandom } from "../../../src/server/db/seed/random.ts"
import { makeVenues } from "../../../src/server/db/seed/venues.ts"

/**
 * Issue 19: the site in Arabic has no English left on the order journey's screens. The locale files are checked by
 * tests/app/i18n/translations.test.ts; what the screens show besides them is the demo data: the films, their
 * categories, the locations, halls and sections, the tickets, the service charge and the extras. Each has Arabic,
 * and its only Latin letters are the chain's name and the XL hall format.
 */
const LATIN_NAMES = /Marquee|XL/g

const shown = (): ReadonlyArray<readonly [string, Text]> => {
  const venues = makeVenues()
  const named = (what: string, rows: ReadonlyArray<object>) =>
    rows.map((row) => [what, (row as { readonly name: Text }).name] as const)
  return [
    ...named("film", makeFeatures(Temporal.PlainDate.from("2026-11-27"), makeRandom(1))),
    ...makeFeatures(Temporal.PlainDate.from("2026-11-27"), makeRandom(1)).map(
      (feature) => ["synopsis", feature.synopsis] as const,
    ),
    ...named("category", featureCategories),
    ...named("location", locations),
    ...named("hall", venues.venues),
    ...named("section", venues.sections),
    ...named("ticket group", ticketGroups),
    ...named("ticket", tickets),
    ...named("service charge", serviceCharges),
    ...named("extra", products),
  ]
}

describe("the demo data in Arabic", () => {
  it("has Arabic for every text the order journey shows, with no English words in it", () => {
    const lacking = shown()
      .filter(([, text]) => text.ar === undefined || text.ar === text.en)
      .map(([what, text]) => `${what}: ${text.en}`)
    expect([...new Set(lacking)]).toEqual([])
    const latin = shown()
      .filter(([, text]) => /[A-Za-z]{2,}/.test((text.ar ?? "").replace(LATIN_NAMES, "")))
      .map(([what, text]) => `${what}: ${text.ar}`)
    expect([...new Set(latin)]).toEqual([])
  })

  it("numbers halls and letters blocks in Arabic", () => {
    expect(arabicOf("Hall 12")).toBe("قاعة 12")
    expect(arabicOf("Block C")).toBe("قطاع ج")
    expect(arabicOf("No such text")).toBeUndefined()
  })
})
