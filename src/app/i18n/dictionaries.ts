import rosetta from "rosetta"
import type en from "../../../locales/en.json"
import type { BrandCode } from "../../domain/shared/brands.ts"
import { FALLBACK_LOCALE, type LocaleCode } from "./locales.ts"

/** The English dictionary is the complete one, so its shape defines which keys exist. */
export type Dictionary = typeof en

type Join<K extends string, P extends string> = `${K}.${P}`
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, Paths<T[K]>>
}[keyof T & string]

export type MessageKey = Paths<Dictionary>
export type MessageParams = Record<string, string | number>

// One dynamic import per locale: Vite makes each its own chunk, so only the active one is fetched.
const loaders: Record<LocaleCode, () => Promise<{ default: unknown }>> = {
  he: () => import("../../../locales/he.json"),
  en: () => import("../../../locales/en.json"),
  ru: () => import("../../../locales/ru.json"),
  ar: () => import("../../../locales/ar.json"),
  pl: () => import("../../../locales/pl.json"),
  sk: () => import("../../../locales/sk.json"),
  ro: () => import("../../../locales/ro.json"),
  bg: () => import("../../../locales/bg.json"),
  cs: () => import("../../../locales/cs.json"),
  hu: () => import("../../../locales/hu.json"),
}

const i18n = rosetta<unknown>()
const loaded = new Map<LocaleCode, Promise<void>>()

const load = (locale: LocaleCode): Promise<void> => {
  let pending = loaded.get(locale)
  if (pending === undefined) {
    pending = loaders[locale]().then((module) => i18n.set(locale, module.default))
    // A failed load must be retryable (a flaky network should not poison the cache for the session).
    pending.catch(() => loaded.delete(locale))
    loaded.set(locale, pending)
  }
  return pending
}

/**
 * Loads the locale's dictionary alone. Every locale file carries every key (tests/app/i18n/translations.test.ts
 * fails otherwise), so a Hebrew page no longer waits for the English texts too: they were a second ~15 KB
 * request on every first paint (issue 17's request chain). English still backs a gap once it is loaded.
 */
export const ensureDictionary = async (locale: LocaleCode): Promise<void> => {
  await load(locale)
}

/** Registers a dictionary directly (tests, and anything that already has the table in memory). */
export const setDictionary = (locale: LocaleCode, table: unknown): void => {
  i18n.set(locale, table)
  loaded.set(locale, Promise.resolve())
}

// A venue brand's wording (issue 19), every language in one small file: its own chunk, fetched for its screens only.
const brandLoaders: Record<BrandCode, () => Promise<{ default: unknown }>> = {
  lounge: () => import("../../../locales/brands/lounge.json"),
  family: () => import("../../../locales/brands/family.json"),
}
const brandsLoaded = new Map<BrandCode, Promise<void>>()
/** Where a brand's texts for one language sit beside the locales' own (never a locale code itself). */
const brandTable = (locale: LocaleCode, brand: BrandCode) => `${locale}@${brand}`

/** Loads a brand's texts (a failed load is retried next time; the chain's own wording shows meanwhile). */
export const ensureBrandTexts = async (brand: BrandCode): Promise<void> => {
  let pending = brandsLoaded.get(brand)
  if (pending === undefined) {
    pending = brandLoaders[brand]().then((module) => {
      const tables = module.default as Partial<Record<LocaleCode, unknown>>
      for (const [locale, table] of Object.entries(tables))
        i18n.set(brandTable(locale as LocaleCode, brand), table)
    })
    pending.catch(() => brandsLoaded.delete(brand))
    brandsLoaded.set(brand, pending)
  }
  await pending
}

/**
 * rosetta returns "" for a missing key; fall back to English when it is loaded, then to the key so gaps are visible.
 * A venue brand's text, where it has one for the key, goes before the locale's (the brand overrides, issue 19).
 */
export const translate = (
  locale: LocaleCode,
  key: MessageKey,
  params?: MessageParams,
  brand?: BrandCode | null,
): string => {
  if (brand !== undefined && brand !== null) {
    const branded = i18n.t(key, params, brandTable(locale, brand))
    if (branded !== "") return branded
  }
  const own = i18n.t(key, params, locale)
  if (own !== "") return own
  const fallback = i18n.t(key, params, FALLBACK_LOCALE)
  return fallback !== "" ? fallback : key
}
