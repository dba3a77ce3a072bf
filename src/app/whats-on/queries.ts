import { queryOptions } from "@tanstack/react-query"
import type { LocationList } from "../../api/CustomerApi.ts"
import type { PresentationList } from "../../api/PresentationsApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { apiGet } from "../lib/api.ts"

export type Locations = typeof LocationList.Type

// Names in both answers are localised, so the locale is part of each key.
export const presentationsQueryOptions = (locale: LocaleCode) =>
  queryOptions({
    queryKey: ["presentations", "list", { lang: locale }],
    queryFn: ({ signal }) => apiGet<PresentationList>("/presentations/", { lang: locale }, signal),
    staleTime: 60_000,
    // Persisted to localStorage so the last what's-on opens with no network.
    meta: { persist: true },
  })

export const locationsQueryOptions = (locale: LocaleCode) =>
  queryOptions({
    queryKey: ["customer", "locations", { lang: locale }],
    queryFn: ({ signal }) => apiGet<Locations>("/customer/locations", { lang: locale }, signal),
    staleTime: 60 * 60_000,
    meta: { persist: true },
  })
