/**
 * Which marketing forms there are (spec §1 "Marketing pages"), apart from their fields and rules
 * (./marketingForms.ts): the site's menu lists them on every page, and must not load the forms' validation to do it.
 */
export const MARKETING_FORMS = ["birthday", "job", "contact"] as const
export type MarketingFormKind = (typeof MARKETING_FORMS)[number]

export const isMarketingFormKind = (value: string): value is MarketingFormKind =>
  (MARKETING_FORMS as ReadonlyArray<string>).includes(value)
