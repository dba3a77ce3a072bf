import type { QueryClient } from "@tanstack/react-query"
import { notFound, redirect } from "@tanstack/react-router"
import type { PresentationDetail } from "../../api/PresentationEntities.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { ApiError } from "../lib/api.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { isServerRefusal } from "../lib/queryClient.ts"
import { loadTemporal } from "../lib/temporal.ts"
import { brandOfPresentation, brandTextsQueryOptions } from "./PresentationBrand.tsx"
import { presentationDetailQueryOptions, seatplanQueryOptions, seatStatusesQueryOptions } from "./queries.ts"
import { storedCartToken } from "./storedCartToken.ts"

/** `$presentationId` as a positive integer, or a 404: no request is worth making for "abc" or "-1". */
export const parsePresentationId = (raw: string): number => {
  const id = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw notFound()
  return id
}

/**
 * The presentation for the order's steps. A copy kept on the device (persisted, or in memory) that is stale is
 * asked for again, once and without retries: the live answer replaces it, a refusal the server meant rejects
 * (a cinema offline for sales: its view, not the saved seats), and no answer at all (no signal) leaves the
 * copy, so the step still opens offline (issue 17).
 */
export const ensurePresentation = (
  queryClient: QueryClient,
  presentationId: number,
  locale: LocaleCode,
): Promise<PresentationDetail> => {
  const options = presentationDetailQueryOptions(presentationId, locale)
  const saved = queryClient.getQueryData(options.queryKey)
  if (saved === undefined) return queryClient.ensureQueryData(options)
  // fetchQuery answers from the cache while the copy is fresh; stale, it asks
  return queryClient.fetchQuery({ ...options, retry: false }).catch((error: unknown) => {
    if (isServerRefusal(error)) throw error
    return saved
  })
}

/** The seat screen's cart actions (seats/seatActions.ts), their own chunk: the screen draws the seats without them. */
export const loadSeatActions = () => import("./seats/seatActions.ts")
export type SeatActions = Awaited<ReturnType<typeof loadSeatActions>>

/**
 * The hall's image map and its sanitizer, their own chunk, for a showing that has one: in before the first paint
 * and kept here, so the screen draws the picture in its first render. Through React.lazy it came one render later
 * (lazy suspends once even on a loaded module) and pushed the seats down once they showed (a layout shift).
 */
export let hallImageMap: typeof import("./seats/HallImageMap.tsx") | undefined
export const loadHallImageMap = () =>
  import("./seats/HallImageMap.tsx").then((module) => {
    hallImageMap = module
    return module
  })

/** The seat map (WebGL or Canvas 2D renderer), its own chunk; the screen mounts it with React.lazy. */
export const loadSeatMapView = () => import("../seatmap/SeatMapView.tsx")

/**
 * The seat screen's loader: the presentation, then its hall's seatplan (which the presentation names), and
 * beside them the statuses (asked with the cart token this browser stored, if any: the cart is not open yet)
 * and Temporal for the date line, so that the first render shows the seats as they are. Not awaited: the
 * config (param 665 timers) and the cart's code, which the first render does not need (the page shows a
 * failure to load the latter).
 */
export const loadSeatSelection = async (
  queryClient: QueryClient,
  presentationId: number,
  locale: LocaleCode,
): Promise<void> => {
  loadSeatActions().catch(() => undefined)
  // The cart's own code is not fetched here: it would load before the first paint (issue 17); useCart opens
  // it once the screen is drawn. The seat map's code is, beside the data: it was the chain's last link.
  loadSeatMapView().catch(() => undefined)
  void queryClient.prefetchQuery(configQueryOptions())
  const [detail] = await Promise.all([
    ensurePresentation(queryClient, presentationId, locale).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) throw notFound()
      // spec §8 "location offline": the cinema sells nothing online now (issue 19's offline-venue view)
      if (error instanceof ApiError && error.status === 409)
        throw redirect({
          to: "/offline-venue/$presentationId",
          params: { presentationId },
          search: { lang: locale },
        })
      throw error
    }),
    loadTemporal(),
    // beside the presentation, so it costs no extra wait; a failure is the page's to show (it asks again)
    queryClient
      .ensureQueryData(seatStatusesQueryOptions(presentationId, storedCartToken()))
      .catch(() => undefined),
  ])
  const { venueId, seatplanId } = detail.presentation
  const hallMap = detail.presentation.imageMapHtml === null ? null : loadHallImageMap().catch(() => undefined)
  const brand = brandOfPresentation(detail)
  // a branded location's wording is in before its screens first paint; failing, they show the chain's own
  if (brand !== null) await queryClient.ensureQueryData(brandTextsQueryOptions(brand)).catch(() => undefined)
  if (seatplanId !== null)
    await queryClient
      .ensureQueryData(seatplanQueryOptions(venueId, seatplanId, locale))
      .catch((error: unknown) => {
        // offline with no saved seatplan: the steps after the seats still open from the cart log (the seat
        // screen itself then says it is offline); online, a failure is the route's to show
        if (navigator.onLine) throw error
      })
  await hallMap
}
