/**
 * Venue brands (issue 19, spec §1: "several venue brands have their own wording"). A location may belong to one;
 * its order screens then read the brand's texts (`locales/brands/{brand}.json`) on top of the locale files. A brand
 * is a code, not free text: it names a file the app ships.
 */
export const BRAND_CODES = ["lounge", "family"] as const
export type BrandCode = (typeof BRAND_CODES)[number]

export const isBrandCode = (value: unknown): value is BrandCode =>
  typeof value === "string" && (BRAND_CODES as ReadonlyArray<string>).includes(value)
