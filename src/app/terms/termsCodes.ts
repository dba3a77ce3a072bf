/**
 * The terms a buyer is asked to accept, each with a page of its own (`/terms/$code`, texts in `locales/`
 * under `terms.pages`): the terms of purchase (the pay step) and the additional terms of the customer-info
 * forms (spec §3: SUMMER_PROMO).
 */
export const TERMS_CODES = ["purchase", "SUMMER_PROMO"] as const
export type TermsCode = (typeof TERMS_CODES)[number]

export const isTermsCode = (code: string): code is TermsCode =>
  (TERMS_CODES as ReadonlyArray<string>).includes(code)

/** The paragraphs of each page, in order (keys `terms.pages.<code>.p1` …). */
export const TERMS_PARAGRAPHS = ["p1", "p2", "p3"] as const
