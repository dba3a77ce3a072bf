import type { QueryClient } from "@tanstack/react-query"
import { notFound } from "@tanstack/react-router"
import type { LocaleCode } from "../i18n/locales.ts"
import { ApiError } from "../lib/api.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { loadTemporal } from "../lib/temporal.ts"
import { presentationDetailQueryOptions, seatplanQueryOptions } from "./queries.ts"

/** `$presentationId` as a positive integer, or a 404: no request is worth making for "abc" or "-1". */
export const parsePresentationId = (raw: string): number => {
  const id = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) throw notFound()
  return id
}

/**
 * The seat screen's loader: the presentation, then its hall's seatplan (which the presentation names), the
 * config (param 665 timers) and Temporal for the date line. Statuses are not awaited: they need the cart token,
 * which the page makes sure of.
 */
export const loadSeatSelection = async (
  queryClient: QueryClient,
  presentationId: number,
  locale: LocaleCode,
): Promise<void> => {
  void queryClient.prefetchQuery(configQueryOptions())
  const [detail] = await Promise.all([
    queryClient
      .ensureQueryData(presentationDetailQueryOptions(presentationId, locale))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) throw notFound()
        throw error
      }),
    loadTemporal(),
  ])
  const { venueId, seatplanId } = detail.presentation
  if (seatplanId !== null)
    await queryClient.ensureQueryData(seatplanQueryOptions(venueId, seatplanId, locale))
}
