import type { LocaleCode } from "../../api/shared.ts"

export type { LocaleCode }

/** Every locale with a translation file in `locales/` (spec §1). */
export const ALL_LOCALES: ReadonlyArray<LocaleCode> = [
  "he",
  "en",
  "ru",
  "ar",
  "pl",
  "sk",
  "ro",
  "bg",
  "cs",
  "hu",
]

/**
 * Known statically so the first paint never waits for GET /api/config; the config's `locales.enabled`
 * replaces it once it has been fetched (or restored from the persisted query cache).
 */
export const DEFAULT_ENABLED_LOCALES: ReadonlyArray<LocaleCode> = ["he", "en", "ru"]
export const DEFAULT_LOCALE: LocaleCode = "he"
export const FALLBACK_LOCALE: LocaleCode = "en"

const RTL_LOCALES: ReadonlySet<string> = new Set(["he", "ar"])

export type LocaleResolution =
  | { readonly found: true; readonly locale: LocaleCode }
  | { readonly found: false; readonly locale: LocaleCode }

const isLocaleCode = (value: string): value is LocaleCode =>
  (ALL_LOCALES as ReadonlyArray<string>).includes(value)

/**
 * The `lang` query parameter picks the locale; absent means the default. A value that is not enabled is a
 * 404 (spec §2), rendered in the default locale because there is no better guess.
 */
export const resolveLocale = (
  lang: unknown,
  enabled: ReadonlyArray<string> = DEFAULT_ENABLED_LOCALES,
): LocaleResolution => {
  if (lang === undefined || lang === null || lang === "") return { found: true, locale: DEFAULT_LOCALE }
  if (typeof lang === "string" && isLocaleCode(lang) && enabled.includes(lang))
    return { found: true, locale: lang }
  return { found: false, locale: DEFAULT_LOCALE }
}

export const directionOf = (locale: string): "rtl" | "ltr" => (RTL_LOCALES.has(locale) ? "rtl" : "ltr")

/** Reads `lang` the same way the router will, before React exists. */
export const langFromSearch = (search: string): string | undefined =>
  new URLSearchParams(search).get("lang") ?? undefined

export const applyDocumentLocale = (root: { lang: string; dir: string }, locale: LocaleCode): void => {
  root.lang = locale
  root.dir = directionOf(locale)
}
