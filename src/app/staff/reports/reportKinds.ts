/**
 * The reports the staff app offers (spec §2 reporting), each one call of src/api/StaffReportsApi.ts. What a report
 * counts decides its quantity column (tickets, units or orders) and whether a chart stands above its table (the
 * top tens: a person would rather look than read).
 */
export const REPORT_KINDS = [
  "locationTicketSales",
  "featureTicketSales",
  "presentationSales",
  "topFeatures",
  "topProductsMost",
  "topProductsLeast",
  "pointsOfSale",
  "concessions",
] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

export const isReportKind = (value: unknown): value is ReportKind =>
  typeof value === "string" && (REPORT_KINDS as ReadonlyArray<string>).includes(value)

export interface ReportFilters {
  readonly from: string
  readonly to: string
  readonly locationId?: number | undefined
  readonly featureId?: number | undefined
}

/** The call of a report: its path and its query (dates, filters), as the contract spells them. */
export const reportCall = (
  kind: ReportKind,
  filters: ReportFilters,
): { readonly path: string; readonly params: Readonly<Record<string, string | undefined>> } => {
  const locationId = filters.locationId === undefined ? undefined : String(filters.locationId)
  const featureId = filters.featureId === undefined ? undefined : String(filters.featureId)
  const range = { startDate: filters.from, endDate: filters.to, locationId, featureId }
  switch (kind) {
    case "locationTicketSales":
      return {
        path: `/PRES-live/locationTicketSales/data/${filters.from}/0`,
        params: { endDate: filters.to, locationId, featureId },
      }
    case "featureTicketSales":
      return {
        path: `/PRES-live/featureTicketSales/data/${filters.from}`,
        params: { endDate: filters.to, locationId, featureId, isByLocation: "true" },
      }
    case "presentationSales":
      return { path: "/PRES-live/monitors/PresentationSales/data", params: range }
    case "topFeatures":
      return { path: "/PRES-live/reports/topFeatures", params: range }
    case "topProductsMost":
      return { path: "/PRES-live/reports/topProducts/most", params: range }
    case "topProductsLeast":
      return { path: "/PRES-live/reports/topProducts/least", params: range }
    case "pointsOfSale":
      return { path: "/PRES-live/reports/pointsOfSale", params: range }
    case "concessions":
      return { path: "/PRES-live/reports/concessions", params: range }
  }
}

/** What the quantity column counts. */
export const quantityOf = (kind: ReportKind): "tickets" | "units" | "orders" =>
  kind === "pointsOfSale"
    ? "orders"
    : kind === "topProductsMost" || kind === "topProductsLeast" || kind === "concessions"
      ? "units"
      : "tickets"

/** Top tens come charted; their order is the ranking, so they are not re-sorted by default. */
export const isTopTen = (kind: ReportKind): boolean =>
  kind === "topFeatures" || kind === "topProductsMost" || kind === "topProductsLeast"
