import { Temporal } from "@js-temporal/polyfill"
import { Clock, Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentStaff, InvalidLiveRequest } from "../../api/StaffApi.ts"
import { PresentationNotInView } from "../../api/StaffFeatureViewApi.ts"
import { isIsoDate } from "../../domain/live/attendance.ts"
import { chainToday } from "../time.ts"
import { AttendanceRepo, type PresentationRow, type Window } from "./AttendanceRepo.ts"
import { groupRows, presentationRows } from "./attendanceRows.ts"
import { scopedBusinessIds } from "./scope.ts"

/** As the other live ranges: two months is a screen. */
const MAX_VIEW_DAYS = 62

interface ViewQuery {
  readonly businessIds?: ReadonlyArray<string>
  readonly businessId?: ReadonlyArray<string>
  readonly startDate?: string | undefined
  readonly endDate?: string | undefined
  readonly locationId?: number | undefined
}

const invalid = (error: InvalidLiveRequest["error"]) => Effect.fail(new InvalidLiveRequest({ error }))

/** The view's window: scope (never widened), a validated range defaulting to the chain's today, a cinema or all. */
const windowOf = (query: ViewQuery): Effect.Effect<Window, InvalidLiveRequest, CurrentStaff> =>
  Effect.gen(function* () {
    const today = chainToday(
      Temporal.Instant.fromEpochMilliseconds(yield* Clock.currentTimeMillis),
    ).toString()
    const start = query.startDate ?? today
    const end = query.endDate ?? start
    if (!isIsoDate(start) || !isIsoDate(end)) return yield* invalid("invalidDate")
    const days = Temporal.PlainDate.from(start).until(Temporal.PlainDate.from(end)).days + 1
    if (days < 1 || days > MAX_VIEW_DAYS) return yield* invalid("invalidRange")
    const staff = yield* CurrentStaff
    return {
      businessIds: yield* scopedBusinessIds(staff, [query.businessIds, query.businessId]),
      firstDate: start,
      days,
      locationId: query.locationId,
    }
  })

/** "1,2,3" → ids; anything else in the list is a 400 (an empty list means every presentation). */
const idList = (text: string | undefined) =>
  Effect.gen(function* () {
    if (text === undefined || text.trim() === "") return undefined
    const parts = text.split(",").map((part) => part.trim())
    if (!parts.every((part) => /^\d{1,9}$/.test(part))) return yield* invalid("invalidDrill")
    return new Set(parts.map(Number))
  })

const totalsOf = (featureId: number, rows: ReadonlyArray<PresentationRow>) => {
  const sum = {
    id: featureId,
    name: rows[0]?.featureName ?? "",
    sold: 0,
    held: 0,
    capacity: 0,
    presentations: 0,
  }
  for (const row of rows) {
    sum.sold += row.sold
    sum.held += row.held
    sum.capacity += row.capacity
    sum.presentations += 1
  }
  return groupRows([sum])[0]
}

export const LiveFeatureViewHttp = HttpApiBuilder.group(
  MarqueeApi,
  "liveFeatureView",
  Effect.fn(function* (handlers) {
    const repo = yield* AttendanceRepo
    return handlers
      .handle("availableFeatures", ({ query }) =>
        Effect.gen(function* () {
          const window = yield* windowOf(query)
          return { features: groupRows(yield* repo.byFeature(window, query.lang ?? "he")) }
        }),
      )
      .handle("availablePresentations", ({ query }) =>
        Effect.gen(function* () {
          const window = yield* windowOf(query)
          const rows = yield* repo.presentations(window, query.lang ?? "he", { featureId: query.featureId })
          return { presentations: presentationRows(rows) }
        }),
      )
      .handle("featureData", ({ query }) =>
        Effect.gen(function* () {
          const window = yield* windowOf(query)
          const only = yield* idList(query.presentationIds)
          const all = yield* repo.presentations(window, query.lang ?? "he", { featureId: query.featureId })
          const rows = only === undefined ? all : all.filter((row) => only.has(row.id))
          const totals = totalsOf(query.featureId, rows)
          if (totals === undefined) return yield* Effect.die(new Error("no totals row"))
          return { totals, presentations: presentationRows(rows) }
        }),
      )
      .handle("presentationData", ({ query }) =>
        Effect.gen(function* () {
          const window = yield* windowOf(query)
          // the one showing, if it is in the window and the scope (not the window's every showing, then filtered)
          const rows = yield* repo.presentations(window, query.lang ?? "he", {
            presentationId: query.presentationId,
          })
          const [presentation] = presentationRows(rows)
          if (presentation === undefined)
            return yield* new PresentationNotInView({ error: "presentationNotFound" })
          return { presentation }
        }),
      )
  }),
).pipe(Layer.provide(AttendanceRepo.layer))
