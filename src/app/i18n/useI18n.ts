import { useRouterState } from "@tanstack/react-router"
import { useCallback } from "react"
import { type MessageKey, type MessageParams, translate } from "./dictionaries.ts"
import { type LocaleCode, resolveLocale } from "./locales.ts"
import { useEnabledLocales } from "./useEnabledLocales.ts"

/** The active locale; an unknown `lang` (already turned into a 404 by the root route) reads as the default. */
export const useLocale = (): LocaleCode => {
  const lang = useRouterState({ select: (state) => (state.location.search as { lang?: unknown }).lang })
  return resolveLocale(lang, useEnabledLocales()).locale
}

export type Translate = (key: MessageKey, params?: MessageParams) => string

export const useT = (): Translate => {
  const locale = useLocale()
  return useCallback((key: MessageKey, params?: MessageParams) => translate(locale, key, params), [locale])
}
