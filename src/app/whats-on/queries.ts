import { queryOptions } from "@tanstack/react-query"
import type { LocationList } from "../../api/CustomerApi.ts"
import type { PresentationList } from "../../api/PresentationEntities.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { ApiError, apiFetch, apiGet, apiUrl } from "../lib/api.ts"
import { savedAtOf } from "../lib/savedAtHeader.ts"

export type Locations = typeof LocationList.Type

// Names in both answers are localised, so the locale is part of each key.
export const presentationsQueryOptions = (locale: LocaleCode) =>
  queryOptions({
    queryKey: ["presentations", "list", { lang: locale }],
    queryFn: async ({ signal }) => {
      const url = apiUrl("/presentations/", { lang: locale })
      const response = await apiFetch(url, { headers: { accept: "application/json" }, signal })
      if (!response.ok) throw new ApiError(response.status, url)
      // `savedAt`: when the service worker kept the copy it answered (no signal, or a network slower than its
      // 3 s); null for the network's own answer. The page says how old a kept copy is.
      return { ...((await response.json()) as PresentationList), savedAt: savedAtOf(response) }
    },
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
