import { Temporal } from "@js-temporal/polyfill"
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentStaff, InvalidLiveRequest } from "../../api/StaffApi.ts"
import { isIsoDate } from "../../domain/live/attendance.ts"
import { type PagingQuery, parsePaging } from "../../domain/live/reportPaging.ts"
import { ReportsRepo, type ReportWindow } from "./ReportsRepo.ts"
import { chainTodayNow } from "./request.ts"
import { scopedBusinessIds } from "./scope.ts"

/** The longest report range: two months, as attendance's (a longer one is a bulk export, not a screen). */
const MAX_REPORT_DAYS = 62

interface ReportQuery extends PagingQuery {
  readonly businessIds?: ReadonlyArray<string>
  readonly businessId?: ReadonlyArray<string>
  readonly startDate?: string
  readonly endDate?: string | undefined
  readonly locationId?: number | undefined
  readonly featureId?: number | undefined
}

const invalid = (error: InvalidLiveRequest["error"]) => Effect.fail(new InvalidLiveRequest({ error }))

/**
 * A report's window: the staff member's businesses (narrowed, never widened, by what was asked: scope.ts), a
 * validated range of business dates (end defaults to start, at most 62 days), the screens' filters, and the page
 * and order asked for (src/domain/live/reportPaging.ts: anything else is refused with its code).
 */
const windowOf = (query: ReportQuery, start: string | undefined) =>
  Effect.gen(function* () {
    const end = query.endDate ?? start
    if (start === undefined || end === undefined || !isIsoDate(start) || !isIsoDate(end))
      return yield* invalid("invalidDate")
    const days = Temporal.PlainDate.from(start).until(Temporal.PlainDate.from(end)).days + 1
    if (days < 1 || days > MAX_REPORT_DAYS) return yield* invalid("invalidRange")
    const paging = parsePaging(query)
    if (typeof paging === "string") return yield* invalid(paging)
    const staff = yield* CurrentStaff
    const window: ReportWindow = {
      businessIds: yield* scopedBusinessIds(staff, [query.businessIds, query.businessId]),
      firstDate: start,
      days,
      locationId: query.locationId,
      featureId: query.featureId,
      paging,
    }
    return window
  })

/** The bare report paths' first date: the one asked for, else the chain's today. */
const startOrToday = (startDate: string | undefined) =>
  startDate === undefined ? chainTodayNow : Effect.succeed(startDate)

export const LiveReportsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "liveReports",
  Effect.fn(function* (handlers) {
    const repo = yield* ReportsRepo
    return handlers
      .handle("locationTicketSales", ({ params, query }) =>
        windowOf(query, params.date).pipe(Effect.flatMap((w) => repo.locationTickets(w, query.lang ?? "he"))),
      )
      .handle("featureTicketSales", ({ params, query }) =>
        windowOf(query, params.date).pipe(
          Effect.flatMap((w) => repo.featureTickets(w, query.lang ?? "he", query.isByLocation === "true")),
        ),
      )
      .handle("locationTicketSalesToday", ({ query }) =>
        Effect.flatMap(startOrToday(query.startDate), (start) => windowOf(query, start)).pipe(
          Effect.flatMap((w) => repo.locationTickets(w, query.lang ?? "he")),
        ),
      )
      .handle("featureTicketSalesToday", ({ query }) =>
        Effect.flatMap(startOrToday(query.startDate), (start) => windowOf(query, start)).pipe(
          Effect.flatMap((w) => repo.featureTickets(w, query.lang ?? "he", query.isByLocation === "true")),
        ),
      )
      .handle("presentationSales", ({ query }) =>
        windowOf(query, query.startDate).pipe(
          Effect.flatMap((w) => repo.presentationSales(w, query.lang ?? "he")),
        ),
      )
      .handle("topFeatures", ({ query }) =>
        windowOf(query, query.startDate).pipe(Effect.flatMap((w) => repo.topFeatures(w, query.lang ?? "he"))),
      )
      .handle("topProducts", ({ params, query }) =>
        windowOf(query, query.startDate).pipe(
          Effect.flatMap((w) => repo.topProducts(w, query.lang ?? "he", params.order)),
        ),
      )
      .handle("pointOfSaleSales", ({ query }) =>
        windowOf(query, query.startDate).pipe(
          Effect.flatMap((w) => repo.pointsOfSale(w, query.lang ?? "he")),
        ),
      )
      .handle("concessions", ({ query }) =>
        windowOf(query, query.startDate).pipe(Effect.flatMap((w) => repo.concessions(w, query.lang ?? "he"))),
      )
      .handle("salesByHour", ({ query }) =>
        windowOf(query, query.startDate).pipe(
          Effect.flatMap((w) =>
            query.perHour === "true"
              ? Effect.zipWith(repo.salesByHour(w), repo.ticketsPerHour(w), (report, perHour) => ({
                  ...report,
                  perHour,
                }))
              : repo.salesByHour(w),
          ),
        ),
      )
  }),
).pipe(Layer.provide(ReportsRepo.layer))
