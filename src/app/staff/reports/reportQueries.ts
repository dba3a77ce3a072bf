import { keepPreviousData, queryOptions } from "@tanstack/react-query"
import type { SalesReport } from "../../../api/StaffReportsApi.ts"
import type { FilterData } from "../liveQueries.ts"
import { liveQueryDefaults } from "../liveQueries.ts"
import { liveGet } from "../staffApi.ts"
import { type ReportFilters, type ReportKind, reportCall } from "./reportKinds.ts"

/**
 * Reports refresh like the attendance screens (liveQueries.ts): in place, every few seconds while open, kept on the
 * device for an offline visit. Changing a filter keeps the last answer on screen until the new one arrives
 * (`keepPreviousData`), so the table does not blank out between two answers.
 */
export const reportQuery = (kind: ReportKind, filters: ReportFilters, lang: string) =>
  queryOptions({
    queryKey: [
      "staff",
      "report",
      kind,
      filters.from,
      filters.to,
      filters.locationId,
      filters.featureId,
      lang,
    ],
    queryFn: ({ signal }) => {
      const call = reportCall(kind, filters)
      return liveGet<SalesReport>(call.path, lang, signal, call.params)
    },
    // another report's rows are never shown under this one's headings, even for a moment
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === kind ? keepPreviousData(previous) : undefined,
    ...liveQueryDefaults,
  })

/**
 * Sales over the day: tickets sold in each hour (00–23, Jerusalem) over the range's days together, 24 numbers.
 * With today alone it is today so far, live.
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
      })
      const perHour = Array.from({ length: 24 }, () => 0)
      for (const row of answer.rows)
        perHour[Number(row.Name)] = (perHour[Number(row.Name)] ?? 0) + row.Quantity
      return perHour
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
