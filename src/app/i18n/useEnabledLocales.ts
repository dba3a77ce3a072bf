import { useQuery } from "@tanstack/react-query"
import { configQueryOptions } from "../lib/configQuery.ts"
import { DEFAULT_ENABLED_LOCALES, type LocaleCode } from "./locales.ts"

const selectEnabled = (config: { locales: { enabled: ReadonlyArray<LocaleCode> } }) => config.locales.enabled

/** The config's enabled locales once known; the static defaults until then (and when config fails, spec §8). */
export const useEnabledLocales = (): ReadonlyArray<LocaleCode> =>
  useQuery({ ...configQueryOptions(), select: selectEnabled }).data ?? DEFAULT_ENABLED_LOCALES
