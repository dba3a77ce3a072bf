import { queryOptions } from "@tanstack/react-query"
import type { CinemaFilterData } from "../../api/StaffApi.ts"
import {
  type DrillBy,
  fetchBox,
  fetchGroups,
  fetchLocations,
  fetchSessionInfo,
  fetchStrip,
  StaffSignedOut,
} from "./staffApi.ts"
import { liveEventsConnected } from "./useLiveEvents.ts"

/**
 * Live numbers refresh by themselves while a screen is open: when the server's events say something changed
 * (useLiveEvents.ts), else every 5 s (a sale made in the shop shows within seconds), and when the window regains focus. A
 * refresh replaces the numbers in place: the known answer stays on screen until the next one arrives (no flicker,
 * no spinner over known numbers), and
 * `dataUpdatedAt` is shown as "updated at". A signed-out answer is never retried.
 */
export const LIVE_REFRESH_MS = 5_000
/** While server-sent events are connected they say when to refetch; polling is only a safety net then. */
export const LIVE_REFRESH_WITH_EVENTS_MS = 60_000

export const liveQueryDefaults = {
  refetchInterval: () => (liveEventsConnected() ? LIVE_REFRESH_WITH_EVENTS_MS : LIVE_REFRESH_MS),
  refetchIntervalInBackground: false,
  retry: (count: number, error: Error) => !(error instanceof StaffSignedOut) && count < 2,
  // kept on this device (src/app/lib/queryClient.ts), so the app opened offline shows its last numbers with the time
  // they were fetched; signing out removes every ["staff", …] query, and with it the stored copy
  meta: { persist: true },
} as const

export const sessionQuery = (lang: string) =>
  queryOptions({
    queryKey: ["staff", "session", lang],
    queryFn: ({ signal }) => fetchSessionInfo(lang, signal),
    staleTime: 60_000,
    retry: liveQueryDefaults.retry,
    meta: liveQueryDefaults.meta,
  })

export const stripQuery = (lang: string) =>
  queryOptions({
    queryKey: ["staff", "strip", lang],
    queryFn: ({ signal }) => fetchStrip(lang, signal),
    ...liveQueryDefaults,
  })

export const locationsQuery = (date: string, lang: string) =>
  queryOptions({
    queryKey: ["staff", "locations", date, lang],
    queryFn: ({ signal }) => fetchLocations(date, lang, signal),
    ...liveQueryDefaults,
  })

export const groupsQuery = (date: string, locationId: number, by: DrillBy, lang: string) =>
  queryOptions({
    queryKey: ["staff", "groups", date, locationId, by, lang],
    queryFn: ({ signal }) => fetchGroups(date, locationId, by, lang, signal),
    ...liveQueryDefaults,
  })

export const boxQuery = (date: string, locationId: number, by: DrillBy, id: number, lang: string) =>
  queryOptions({
    queryKey: ["staff", "box", date, locationId, by, id, lang],
    queryFn: ({ signal }) => fetchBox(date, locationId, by, id, lang, signal),
    ...liveQueryDefaults,
  })

export type FilterData = CinemaFilterData
