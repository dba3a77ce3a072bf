import { queryOptions } from "@tanstack/react-query"
import type { CinemaInfo } from "../../api/CinemasApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { ApiError, apiGet } from "../lib/api.ts"

/** A cinema's complex info; null when there is no such cinema (the page says so). */
export const cinemaQueryOptions = (locationId: number, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["cinemas", "info", { id: locationId, lang: locale }],
    queryFn: async ({ signal }): Promise<CinemaInfo | null> => {
      try {
        return await apiGet<CinemaInfo>(`/cinemas/${locationId}`, { lang: locale }, signal)
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    staleTime: 60 * 60_000,
    // hours and parking change seldom: the page opens offline once seen
    meta: { persist: true },
  })
