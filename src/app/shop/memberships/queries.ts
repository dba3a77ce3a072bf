import { queryOptions } from "@tanstack/react-query"
import type { MembershipCatalogue, MembershipSeatplan } from "../../../api/MembershipsApi.ts"
import type { Seatplan } from "../../../api/SeatsApi.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { ApiError, apiError, apiFetch, apiGet, apiUrl } from "../../lib/api.ts"
import { storedAuthUuid } from "../../lib/authUuid.ts"
import { retryUnlessRefused } from "../../lib/queryClient.ts"

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

/**
 * The season seats' cinema is offline for sales (spec §8 "location offline", issue 19): the step shows the
 * offline-venue view, naming the cinema as the server did.
 */
export class SeatCinemaOffline extends ApiError {
  readonly locationName: string
  constructor(path: string, locationName: string) {
    super(409, path, "locationOffline")
    this.name = "SeatCinemaOffline"
    this.locationName = locationName
  }
}

/** Which seats are free in every future showing of the series, and which this cart holds. */
export const membershipSeatStatusQueryOptions = (
  membershipId: number,
  cartToken: string | null,
  locale: LocaleCode,
) =>
  queryOptions({
    queryKey: ["memberships", "seatStatus", membershipId, cartToken, { lang: locale }],
    queryFn: async ({ signal }) => {
      const url = apiUrl("/membership/seatplan", { membershipId, lang: locale })
      const headers: Record<string, string> = { accept: "application/json" }
      if (cartToken !== null) headers["x-cart-token"] = cartToken
      const response = await apiFetch(url, { headers, signal })
      if (response.status === 409) {
        const body = (await response
          .clone()
          .json()
          .catch(() => ({}))) as {
          error?: string
          locationName?: string
        }
        if (body.error === "locationOffline") throw new SeatCinemaOffline(url, body.locationName ?? "")
      }
      if (!response.ok) throw await apiError(response, url)
      return (await response.json()) as MembershipSeatplan
    },
    // a refusal (the cinema offline: its view at once) is not asked again; a lost answer is, as everywhere
    retry: retryUnlessRefused,
    staleTime: 0,
  })
