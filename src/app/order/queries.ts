import { queryOptions } from "@tanstack/react-query"
import type { PresentationDetail } from "../../api/PresentationEntities.ts"
import type { Seatplan, SeatplanSeat, SeatStatuses } from "../../api/SeatsApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { ApiError, apiBytes, apiError, apiFetch, apiGet, apiUrl } from "../lib/api.ts"
import { retryUnlessRefused } from "../lib/queryClient.ts"
import { referralParams } from "../lib/referral.ts"

/** How often the seat list asks again who holds what (other buyers keep taking and releasing seats). */
export const STATUS_REFRESH_MS = 15_000

// Names are localised, so the locale is part of the key.
export const presentationDetailQueryOptions = (presentationId: number, locale: LocaleCode) =>
  queryOptions({
    // a partner's buyer sees the partner's prices (issue 19): the partner is part of the key
    queryKey: [
      "presentations",
      "detail",
      presentationId,
      { lang: locale, ...referralParams(presentationId) },
    ],
    queryFn: ({ signal }) =>
      apiGet<PresentationDetail>(
        `/presentations/${presentationId}`,
        { lang: locale, ...referralParams(presentationId) },
        signal,
      ),
    staleTime: 60_000,
    // public facts of the showing (no buyer's data): kept on the device so that a step reloaded with no signal
    // opens from the cart log instead of failing in the route's loader (issue 17)
    meta: { persist: true },
    retry: retryUnlessRefused,
  })

/**
 * Spec §8 "location offline": the showing's cinema sells nothing online now (`locations.is_online`). The server's
 * refusal wins over any copy of the showing kept on the device: the order shows the offline-venue view, not
 * the seats the copy would draw.
 */
export const isLocationOffline = (error: unknown): boolean =>
  error instanceof ApiError && error.code === "locationOffline"

export const seatplanQueryOptions = (venueId: number, seatplanId: number, locale: LocaleCode) =>
  queryOptions({
    queryKey: ["seats", "seatplan", venueId, seatplanId, { lang: locale }],
    // the compact body (src/api/compactSeatplan.ts): a large hall's seats are a few KB instead of hundreds. Its
    // decoder loads while the body downloads, so it is not on the first screen's critical path either.
    queryFn: async ({ signal }): Promise<Seatplan> => {
      const [body, codec] = await Promise.all([
        apiBytes(
          "/seats/seatplan-compact",
          { venueId, seatplanId, lang: locale },
          { accept: "application/vnd.marquee.seatplan" },
          signal,
        ),
        import("../../api/compactSeatplan.ts"),
      ])
      return codec.decodeSeatplanBody(body)
    },
    // a hall's layout changes between seasons, not between clicks
    staleTime: 60 * 60_000,
    retry: retryUnlessRefused,
  })

/**
 * Who holds what. The cart token is part of the key because "selected" means "held by this cart": a new cart
 * (after "start again" or a fresh human check) must not see the old one's answer.
 *
 * Given the hall's `seats` (the seatplan, in its order), the answer comes as the status bitmap (two bits a seat,
 * src/api/statusBitmap.ts) and is read back into the same shape; without them (the loader, before the hall is
 * known) as the spec's seats-statusV2. Either way the same key holds the same answer.
 */
export const seatStatusesQueryOptions = (
  presentationId: number,
  cartToken: string | null,
  seats?: ReadonlyArray<SeatplanSeat>,
) =>
  queryOptions({
    queryKey: ["seats", "statuses", presentationId, { cart: cartToken }],
    queryFn: async ({ signal }): Promise<SeatStatuses> => {
      const cart: Record<string, string> = cartToken === null ? {} : { "x-cart-token": cartToken }
      // a partner's buyer asks through the partner (issue 19, spec §7): the server answers only its showings
      const query = { presentationId, miniSiteUrl: referralParams(presentationId).miniSiteUrl }
      if (seats !== undefined) {
        const [body, codec] = await Promise.all([
          apiBytes(
            "/seats/seats-status-bitmap",
            query,
            { accept: "application/vnd.marquee.seat-status", ...cart },
            signal,
          ),
          import("../../api/statusBitmap.ts"),
        ])
        return codec.decodeStatusBody(body, seats)
      }
      const url = apiUrl("/seats/seats-statusV2", query)
      const response = await apiFetch(url, { headers: { accept: "application/json", ...cart }, signal })
      if (!response.ok) throw await apiError(response, url)
      return (await response.json()) as SeatStatuses
    },
    refetchInterval: STATUS_REFRESH_MS,
    retry: retryUnlessRefused,
    staleTime: 0,
  })
