import { queryOptions } from "@tanstack/react-query"
import type { MembershipCatalogue, MembershipSeatplan } from "../../../api/MembershipsApi.ts"
import type { Seatplan } from "../../../api/SeatsApi.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { ApiError, apiFetch, apiGet, apiUrl } from "../../lib/api.ts"
import { storedAuthUuid } from "../../lib/authUuid.ts"

/**
 * The membership order's reads (src/api/MembershipsApi.ts). The catalogue answers the signed-in customer's own
 * members too, so whoever is signed in is part of its key; the seat statuses are the asking cart's, never cached.
 */

export const membershipsQueryOptions = (locale: LocaleCode) =>
  queryOptions({
    queryKey: ["memberships", "catalogue", { lang: locale, customer: storedAuthUuid() !== null }],
    queryFn: ({ signal }) => apiGet<MembershipCatalogue>("/memberships", { lang: locale }, signal),
    // signed in, it lists the customer's own members: signing out removes it (clearCustomerData.ts)
    meta: { personal: true },
    staleTime: 60_000,
  })

/** The hall the season seat is chosen in (the same seatplan every showing of the series uses). */
export const membershipHallQueryOptions = (venueId: number, seatplanId: number, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["memberships", "hall", venueId, seatplanId, { lang: locale }],
    queryFn: ({ signal }) =>
      apiGet<Seatplan>("/seats/seatplan", { venueId, seatplanId, lang: locale }, signal),
    staleTime: 5 * 60_000,
  })

/** Which seats are free in every future showing of the series, and which this cart holds. */
export const membershipSeatStatusQueryOptions = (membershipId: number, cartToken: string | null) =>
  queryOptions({
    queryKey: ["memberships", "seatStatus", membershipId, cartToken],
    queryFn: async ({ signal }) => {
      const url = apiUrl("/membership/seatplan", { membershipId })
      const headers: Record<string, string> = { accept: "application/json" }
      if (cartToken !== null) headers["x-cart-token"] = cartToken
      const response = await apiFetch(url, { headers, signal })
      if (!response.ok) throw new ApiError(response.status, url)
      return (await response.json()) as MembershipSeatplan
    },
    staleTime: 0,
  })
