import { withArabic } from "./arabic.ts"

/** Localised text as stored in the JSONB name columns. */
export interface Text {
  readonly he: string
  readonly en: string
  readonly ru: string
  /** Arabic, from the glossary (arabic.ts); English is shown where it has none */
  readonly ar?: string
}

/** The seed's own names, in Hebrew, English and Russian; the Arabic comes from the glossary (arabic.ts). */
export const localText = (he: string, en: string, ru: string): Text => withArabic({ he, en, ru })
