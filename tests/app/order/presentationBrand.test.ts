import { readFileSync } from "node:fs"
import { QueryClient } from "@tanstack/react-query"
import { beforeAll, describe, expect, it } from "vitest"
import type { PresentationDetail } from "../../../src/api/PresentationEntities.ts"
import { type MessageKey, setDictionary, translate } from "../../../src/app/i18n/dictionaries.ts"
import type { LocaleCode } from "../../../src/app/i18n/locales.ts"
import { brandOfPresentation, brandTextsQueryOptions } from "../../../src/app/order/PresentationBrand.tsx"
import type { BrandCode } from "../../../src/domain/shared/brands.ts"

/**
 * Issue 19: an order's screens speak the brand of the showing's location. The same two steps the screens take
 * (src/app/order/PresentationBrand.tsx): the brand from the presentation's detail, its texts through the query
 * cache; then `translate` with that brand, as `useT` does under the provider.
 */
const atLocation = (locationBrand: BrandCode | null | undefined): PresentationDetail =>
  ({ presentation: { id: 7, locationId: 1, locationBrand } }) as unknown as PresentationDetail

const base = (locale: LocaleCode) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), "utf8")) as unknown

// what a screen shows for a key, at a showing of that location
const shown = (detail: PresentationDetail, locale: LocaleCode, key: MessageKey) =>
  translate(locale, key, undefined, brandOfPresentation(detail))

describe("the wording of an order's screens, by the location's brand", () => {
  beforeAll(async () => {
    for (const locale of ["he", "en", "ru"] as const) setDictionary(locale, base(locale))
    const queries = new QueryClient()
    for (const brand of ["lounge", "family"] as const)
      expect(await queries.fetchQuery(brandTextsQueryOptions(brand))).toBe(brand)
  })

  it("reads the brand from the presentation's location, and none where the location has none", () => {
    expect(brandOfPresentation(atLocation("family"))).toBe("family")
    expect(brandOfPresentation(atLocation("lounge"))).toBe("lounge")
    expect(brandOfPresentation(atLocation(null))).toBeNull()
    // a presentation answered before locations had brands
    expect(brandOfPresentation(atLocation(undefined))).toBeNull()
  })

  it("shows a family location's step titles and thanks in its own words, in he, en and ru", () => {
    const family = atLocation("family")
    expect(shown(family, "en", "orderSteps.tickets.title")).toBe("Tickets for the whole family")
    expect(shown(family, "he", "orderSteps.tickets.title")).toBe("כרטיסים לכל המשפחה")
    expect(shown(family, "ru", "orderSteps.tickets.title")).toBe("Билеты для всей семьи")
    expect(shown(family, "en", "payment.confirmation.title")).toBe("Thank you! Enjoy the film as a family")
    expect(shown(family, "he", "payment.confirmation.title")).toBe("תודה! צפייה מהנה לכל המשפחה")
    expect(shown(family, "ru", "edocument.title")).toBe("Семейный электронный билет")
    // a key the brand leaves alone is the locale's
    expect(shown(family, "he", "payment.return.title")).toBe("תשלום")
  })

  it("falls back to the locale's text at a location without a brand, and never lends one brand's words to another", () => {
    const plain = atLocation(null)
    expect(shown(plain, "en", "orderSteps.tickets.title")).toBe("Choose tickets")
    expect(shown(plain, "he", "orderSteps.tickets.title")).toBe("בחירת כרטיסים")
    expect(shown(plain, "ru", "payment.confirmation.title")).toBe("Спасибо! Заказ подтверждён")
    expect(shown(plain, "en", "orderSteps.products.title")).toBe("Add extras")

    const lounge = atLocation("lounge")
    expect(shown(lounge, "en", "orderSteps.products.title")).toBe("From the lounge menu")
    expect(shown(lounge, "en", "orderSteps.tickets.title")).toBe("Choose tickets")
    expect(shown(lounge, "en", "payment.confirmation.title")).toBe("Thank you! Your order is confirmed")
  })
})
