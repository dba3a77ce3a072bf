import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import type { SalesReport } from "../../../api/StaffReportsApi.ts"
import type { SortDirection } from "../../../domain/live/reportPaging.ts"
import type { FilterData } from "../liveQueries.ts"
import { liveQueryDefaults } from "../liveQueries.ts"
import { liveGet } from "../staffApi.ts"
import { type ReportFilters, type ReportKind, reportCall } from "./reportKinds.ts"
import type { ReportSort } from "./reportSearch.ts"

/** The page and order of a report the screen shows: the server sorts and pages (src/server/staff/reportPaging.ts). */
export interface ReportView {
  readonly sort: ReportSort
  readonly dir: SortDirection
  readonly page: number
  readonly size: number
}

/**
 * Reports refresh like the attendance screens (liveQueries.ts): in place, every few seconds while open, kept on the
 * device for an offline visit. One query per page and order (they are in the key), so a flip back is answered from
 * the cache; changing a filter, the order or the page keeps the last answer on screen until the new one arrives
 * (`keepPreviousData`), so the table does not blank out between two answers.
 */
export const reportQuery = (kind: ReportKind, filters: ReportFilters, view: ReportView, lang: string) =>
  queryOptions({
    queryKey: [
      "staff",
      "report",
      kind,
      filters.from,
      filters.to,
      filters.locationId,
      filters.featureId,
      view.sort,
      view.dir,
      view.page,
      view.size,
      lang,
    ],
    queryFn: ({ signal }) => {
      const call = reportCall(kind, filters)
      return liveGet<SalesReport>(call.path, lang, signal, {
        ...call.params,
        ...(view.sort === "rank" ? {} : { sort: view.sort, direction: view.dir }),
        page: String(view.page),
        rowsPerPage: String(view.size),
      })
    },
    // another report's rows are never shown under this one's headings, even for a moment
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === kind ? keepPreviousData(previous) : undefined,
    ...liveQueryDefaults,
  })

/**
 * Sales over the day: tickets sold in each hour (00–23, Jerusalem) over the range's days together, 24 numbers,
 * summed by the server (`perHour=true`; the answer's one row of the table is not shown). With today alone it is
 * today so far, live.
 */
export const hoursQuery = (filters: ReportFilters, lang: string) =>
  queryOptions({
    queryKey: ["staff", "hours", filters.from, filters.to, filters.locationId, filters.featureId, lang],
    queryFn: async ({ signal }) => {
      const answer = await liveGet<SalesReport>("/PRES-live/reports/salesByHour", lang, signal, {
        startDate: filters.from,
        endDate: filters.to,
        locationId: filters.locationId === undefined ? undefined : String(filters.locationId),
        featureId: filters.featureId === undefined ? undefined : String(filters.featureId),
        perHour: "true",
        rowsPerPage: "1",
      })
      return answer.perHour ?? Array.from({ length: 24 }, () => 0)
    },
    placeholderData: keepPreviousData,
    ...liveQueryDefaults,
  })

export const filterDataQuery = (lang: string) =>
  queryOptions({
    queryKey: ["staff", "filters", lang],
    queryFn: ({ signal }) => liveGet<FilterData>("/PRES-live/getCinemaFilterData", lang, signal),
    staleTime: 10 * 60_000,
    ...liveQueryDefaults,
    refetchInterval: false,
  })
