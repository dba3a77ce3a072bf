import { readFileSync } from "node:fs"
import { QueryClient } from "@tanstack/react-query"
import { beforeAll, describe, expect, it } from "vitest"
import type { Confirmation } from "../../../src/api/ReservationsApi.ts"
import { setDictionary, translate } from "../../../src/app/i18n/dictionaries.ts"
import type { LocaleCode } from "../../../src/app/i18n/locales.ts"
import { brandTextsQueryOptions } from "../../../src/app/order/PresentationBrand.tsx"
import { brandOfDocument } from "../../../src/app/payment/documentBrand.ts"
import { saveDocument, savedDocument } from "../../../src/app/wallet/savedDocuments.ts"
import type { BrandCode } from "../../../src/domain/shared/brands.ts"
import { fakeWallets } from "../../_support/fakeWallet.ts"

/**
 * Issue 17 with issue 19: an e-ticket at a branded cinema opened offline from the wallet's copy speaks the brand,
 * as it does online. Offline the showing's detail (the brand's other source) is never asked, so the brand must
 * come from the copy itself: saved to the wallet (fake-indexeddb), read back, the brand the page then uses.
 */
const wallet = fakeWallets()

/** An e-document as the server answers it (what the wallet reads of it), at a location of `brand` (omitted: before brands). */
const answered = (brand?: BrandCode | null): Confirmation =>
  ({
    reservationIdentifier: "MQ1",
    purchasedAt: "2026-11-20T08:00:00Z",
    presentation: {
      id: 7,
      dateTime: "2026-11-30T18:00:00+02:00",
      ...(brand === undefined ? {} : { locationBrand: brand }),
    },
    tickets: [],
  }) as unknown as Confirmation

/** What the wallet hands the e-ticket offline for `document` saved now. */
const keptCopy = async (document: Confirmation): Promise<Confirmation> => {
  const db = wallet()
  expect(await saveDocument(db, { key: "k", lang: "en", confirmation: document }, 0)).toBe(true)
  const row = await savedDocument(db, "k")
  if (row === undefined) throw new Error("not kept")
  return row.confirmation
}

const base = (locale: LocaleCode) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), "utf8")) as unknown

describe("the brand of an e-ticket's saved copy", () => {
  beforeAll(async () => {
    for (const locale of ["he", "en", "ru"] as const) setDictionary(locale, base(locale))
    expect(await new QueryClient().fetchQuery(brandTextsQueryOptions("family"))).toBe("family")
  })

  it("a copy of a family cinema's ticket names the family brand, and its title is the family's offline", async () => {
    const copy = await keptCopy(answered("family"))
    const brand = brandOfDocument(copy)
    expect(brand).toBe("family")
    expect(translate("ru", "edocument.title", undefined, brand ?? null)).toBe("Семейный электронный билет")
    expect(translate("en", "edocument.title", undefined, brand ?? null)).not.toBe(
      translate("en", "edocument.title", undefined, null),
    )
    expect(translate("he", "edocument.title", undefined, brand ?? null)).not.toBe(
      translate("he", "edocument.title", undefined, null),
    )
  })

  it("a copy of an unbranded cinema's ticket says so (the chain's words, nothing asked)", async () => {
    expect(brandOfDocument(await keptCopy(answered(null)))).toBeNull()
  })

  it("a copy saved before documents named brands leaves the brand to the presentation, as before", async () => {
    expect(brandOfDocument(await keptCopy(answered()))).toBeUndefined()
    expect(brandOfDocument({ presentation: null })).toBeNull()
  })
})
