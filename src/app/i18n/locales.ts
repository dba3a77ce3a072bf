import {
  directionOf,
  isLocaleCode,
  LOCALE_CODES,
  type LocaleCode,
  type LocaleResolution,
  resolveLocale as resolveFrom,
} from "../../domain/shared/locales.ts"

export type { LocaleCode, LocaleResolution }

/** Every locale with a translation file in `locales/` (spec §1). */
export const ALL_LOCALES: ReadonlyArray<LocaleCode> = LOCALE_CODES

/**
 * Known statically so the first paint never waits for GET /api/config; the config's `locales.enabled`
 * replaces it once it has been fetched (or restored from the persisted query cache).
 */
export const DEFAULT_ENABLED_LOCALES: ReadonlyArray<LocaleCode> = ["he", "en", "ru"]
export const DEFAULT_LOCALE: LocaleCode = "he"
export const FALLBACK_LOCALE: LocaleCode = "en"

/**
 * The `lang` query parameter picks the locale; absent means the default. A value that is not enabled is a 404
 * (spec §2), rendered in the default locale. The rule itself is the domain's, shared with the server's shell.
 */
export const resolveLocale = (
  lang: unknown,
  enabled: ReadonlyArray<string> = DEFAULT_ENABLED_LOCALES,
): LocaleResolution => resolveFrom(lang, enabled, DEFAULT_LOCALE)

export { directionOf, isLocaleCode }

/** Reads `lang` the same way the router will, before React exists. */
export const langFromSearch = (search: string): string | undefined =>
  new URLSearchParams(search).get("lang") ?? undefined

export const applyDocumentLocale = (root: { lang: string; dir: string }, locale: LocaleCode): void => {
  root.lang = locale
  root.dir = directionOf(locale)
}
