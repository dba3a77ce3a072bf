import { useRouterState } from "@tanstack/react-router"
import { createContext, useCallback, useContext } from "react"
import type { BrandCode } from "../../domain/shared/brands.ts"
import { type MessageKey, type MessageParams, translate } from "./dictionaries.ts"
import { type LocaleCode, resolveLocale } from "./locales.ts"
import { useEnabledLocales } from "./useEnabledLocales.ts"

/** The active locale; an unknown `lang` (already turned into a 404 by the root route) reads as the default. */
export const useLocale = (): LocaleCode => {
  const lang = useRouterState({ select: (state) => (state.location.search as { lang?: unknown }).lang })
  return resolveLocale(lang, useEnabledLocales()).locale
}

export type Translate = (key: MessageKey, params?: MessageParams) => string

/**
 * The venue brand whose wording the screens below use over the locale files (issue 19): the order of a branded
 * location provides it (routes/_booking/order.$presentationId.tsx); elsewhere none, the chain's own wording.
 */
export const BrandContext = createContext<BrandCode | null>(null)

export const useT = (): Translate => {
  const locale = useLocale()
  const brand = useContext(BrandContext)
  return useCallback(
    (key: MessageKey, params?: MessageParams) => translate(locale, key, params, brand),
    [locale, brand],
  )
}
