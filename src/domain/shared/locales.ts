/**
 * Which language a request is answered in, decided once for the browser's first paint and for the server that
 * writes `<html lang dir>` into the shell: both must agree, or the page flips direction when the script starts.
 */

/** The ten locales that have translation files in `locales/` (spec §1). Only some are enabled in config. */
export const LOCALE_CODES = ["he", "en", "ru", "ar", "pl", "sk", "ro", "bg", "cs", "hu"] as const
export type LocaleCode = (typeof LOCALE_CODES)[number]

/** Hebrew and Arabic are written right to left; every other locale we ship left to right. */
const RTL_LOCALES: ReadonlySet<LocaleCode> = new Set<LocaleCode>(["he", "ar"])

export type LocaleResolution =
  | { readonly found: true; readonly locale: LocaleCode }
  | { readonly found: false; readonly locale: LocaleCode }

export const isLocaleCode = (value: unknown): value is LocaleCode =>
  typeof value === "string" && (LOCALE_CODES as ReadonlyArray<string>).includes(value)

/**
 * The `lang` asked for, when it is one of the enabled locales; absent means `fallback` (the site's default, he).
 * Anything else — an unknown code, a locale that exists but is not enabled, a repeated parameter — is a 404
 * (spec §2), shown in `fallback` because there is no better guess.
 */
export const resolveLocale = (
  requested: unknown,
  enabled: ReadonlyArray<string>,
  fallback: LocaleCode,
): LocaleResolution => {
  if (requested === undefined || requested === null || requested === "")
    return { found: true, locale: fallback }
  if (isLocaleCode(requested) && enabled.includes(requested)) return { found: true, locale: requested }
  return { found: false, locale: fallback }
}

export const directionOf = (locale: string): "rtl" | "ltr" =>
  isLocaleCode(locale) && RTL_LOCALES.has(locale) ? "rtl" : "ltr"
