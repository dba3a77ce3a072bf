import { queryOptions } from "@tanstack/react-query"
import type { PresentationDetail } from "../../api/PresentationsApi.ts"
import type { Seatplan, SeatStatuses } from "../../api/SeatsApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { ApiError, apiGet, apiUrl } from "../lib/api.ts"

/** How often the seat list asks again who holds what (other buyers keep taking and releasing seats). */
export const STATUS_REFRESH_MS = 15_000

// Names are localised, so the locale is part of the key.
export const presentationDetailQueryOptions = (presentationId: number, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["presentations", "detail", presentationId, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<PresentationDetail>(`/presentations/${presentationId}`, { lang: locale }, signal),
    staleTime: 60_000,
  })

export const seatplanQueryOptions = (venueId: number, seatplanId: number, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["seats", "seatplan", venueId, seatplanId, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<Seatplan>("/seats/seatplan", { venueId, seatplanId, lang: locale }, signal),
    // a hall's layout changes between seasons, not between clicks
    staleTime: 60 * 60_000,
  })

/**
 * Who holds what. The cart token is part of the key because "selected" means "held by this cart": a new cart
 * (after "start again" or a fresh human check) must not see the old one's answer.
 */
export const seatStatusesQueryOptions = (presentationId: number, cartToken: string | null) =>
  queryOptions({
    queryKey: ["seats", "statuses", presentationId, { cart: cartToken }],
    queryFn: async ({ signal }): Promise<SeatStatuses> => {
      const url = apiUrl("/seats/seats-statusV2", { presentationId })
      const headers: Record<string, string> = { accept: "application/json" }
      if (cartToken !== null) headers["x-cart-token"] = cartToken
      const response = await fetch(url, { headers, signal })
      if (!response.ok) throw new ApiError(response.status, url)
      return (await response.json()) as SeatStatuses
    },
    refetchInterval: STATUS_REFRESH_MS,
    staleTime: 0,
  })
