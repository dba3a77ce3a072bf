import { Temporal } from "@js-temporal/polyfill"
import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentStaff, InvalidLiveRequest, type StaffSessionInfo } from "../../api/StaffApi.ts"
import {
  ALL_CINEMAS_LOCATION_ID,
  addDays,
  isIsoDate,
  STRIP_DAYS_EACH_SIDE,
  WEEKEND_DAYS,
} from "../../domain/live/attendance.ts"
import { clientOf } from "../limits/RateLimits.ts"
import { AttendanceRepo, type Window } from "./AttendanceRepo.ts"
import { dayRows, groupRows, locationRows, presentationRows } from "./attendanceRows.ts"
import { FilterDataRepo } from "./FilterDataRepo.ts"
import { chainTodayNow, scopeOf } from "./request.ts"
import { StaffAuth } from "./StaffAuth.ts"

/** The longest `attendanceByDate` range: two months is a report, more is a bulk export. */
const MAX_RANGE_DAYS = 62

const invalid = (error: InvalidLiveRequest["error"]) => Effect.fail(new InvalidLiveRequest({ error }))

const checkedDate = (date: string) => (isIsoDate(date) ? Effect.succeed(date) : invalid("invalidDate"))

const daysBetween = (start: string, end: string): number =>
  Temporal.PlainDate.from(start).until(Temporal.PlainDate.from(end)).days

/** One date's window, at one location or (-1, 'All cinemas') at every location in scope. */
const dayWindow = (
  query: Parameters<typeof scopeOf>[0],
  date: string,
  locationId?: number,
): Effect.Effect<Window, InvalidLiveRequest, CurrentStaff> =>
  Effect.gen(function* () {
    const firstDate = yield* checkedDate(date)
    if (locationId !== undefined && locationId < 1 && locationId !== ALL_CINEMAS_LOCATION_ID)
      return yield* invalid("invalidDrill")
    return {
      businessIds: yield* scopeOf(query),
      firstDate,
      days: 1,
      locationId: locationId === ALL_CINEMAS_LOCATION_ID ? undefined : locationId,
    }
  })

export const StaffAuthHttp = HttpApiBuilder.group(
  MarqueeApi,
  "staffAuth",
  Effect.fn(function* (handlers) {
    const auth = yield* StaffAuth
    return handlers
      .handle("login", ({ payload, request }) =>
        Effect.gen(function* () {
          const { token, userId } = yield* auth.signIn({
            username: payload.username,
            password: payload.password,
            client: clientOf(request.remoteAddress),
          })
          return { ...(yield* sessionInfo(auth, userId)), token }
        }),
      )
      .handle("logout", ({ headers }) =>
        auth.logout(headers["x-staff-token"]).pipe(Effect.as({ success: true })),
      )
  }),
).pipe(Layer.provide(StaffAuth.layer))

const sessionInfo = (auth: StaffAuth["Service"], userId: number): Effect.Effect<StaffSessionInfo> =>
  Effect.gen(function* () {
    const profile = yield* auth.profile(userId)
    return {
      userInfo: {
        FirstName: profile.firstName,
        LastName: profile.lastName,
        businessIds: profile.businessIds,
        userId: profile.userId,
      },
      // every staff member may watch attendance, read the reports and administer the ticket references of their
      // own businesses (spec §6: editing a reference's quantity and sending tickets by SMS are the only writes)
      menu: [
        { key: "cinemaAttendance", path: "/PRES-live" },
        { key: "featureView", path: "/PRES-live/v2" },
        { key: "reports", path: "/PRES-live/reports" },
        { key: "references", path: "/PRES-live/references" },
      ],
      isBroker: profile.isBroker,
      today: yield* chainTodayNow,
    }
  })

export const LiveHttp = HttpApiBuilder.group(
  MarqueeApi,
  "live",
  Effect.fn(function* (handlers) {
    const auth = yield* StaffAuth
    const repo = yield* AttendanceRepo
    const filters = yield* FilterDataRepo
    return handlers
      .handle("userInfo", () =>
        Effect.gen(function* () {
          const staff = yield* CurrentStaff
          return yield* sessionInfo(auth, staff.userId)
        }),
      )
      .handle("attendanceStrip", ({ query }) =>
        Effect.gen(function* () {
          const today = yield* chainTodayNow
          const firstDate = addDays(today, -STRIP_DAYS_EACH_SIDE)
          const days = 2 * STRIP_DAYS_EACH_SIDE + 1
          const sums = yield* repo.byDate({ businessIds: yield* scopeOf(query), firstDate, days })
          return { today, days: dayRows(firstDate, days, sums) }
        }),
      )
      .handle("attendanceByDate", ({ params, query }) =>
        Effect.gen(function* () {
          const start = yield* checkedDate(params.start)
          const end = yield* checkedDate(params.end)
          const days = daysBetween(start, end) + 1
          if (days < 1 || days > MAX_RANGE_DAYS) return yield* invalid("invalidRange")
          const sums = yield* repo.byDate({ businessIds: yield* scopeOf(query), firstDate: start, days })
          return { days: dayRows(start, days, sums) }
        }),
      )
      .handle("attendanceByLocation", ({ params, query }) =>
        Effect.gen(function* () {
          const window = yield* dayWindow(query, params.date)
          return { locations: locationRows(yield* repo.byLocation(window, query.lang ?? "he")) }
        }),
      )
      .handle("attendanceByVenue", ({ params, query }) =>
        Effect.gen(function* () {
          const window = yield* dayWindow(query, params.date, params.locationId)
          return { venues: groupRows(yield* repo.byVenue(window, query.lang ?? "he")) }
        }),
      )
      .handle("attendanceByFeature", ({ params, query }) =>
        Effect.gen(function* () {
          const window = yield* dayWindow(query, params.date, params.locationId)
          return { features: groupRows(yield* repo.byFeature(window, query.lang ?? "he")) }
        }),
      )
      .handle("attendancePresentationBox", ({ params, query }) =>
        Effect.gen(function* () {
          const window = yield* dayWindow(query, params.date, params.locationId)
          const only = params.by === "venues" ? { venueId: params.id } : { featureId: params.id }
          return {
            presentations: presentationRows(yield* repo.presentations(window, query.lang ?? "he", only)),
          }
        }),
      )
      .handle("cinemaFilterData", ({ query }) =>
        Effect.gen(function* () {
          const businessIds = yield* scopeOf(query)
          return {
            locations: yield* filters.locations(businessIds, query.lang ?? "he"),
            features: yield* filters.features(businessIds, query.lang ?? "he", yield* chainTodayNow),
            productClasses: yield* filters.productClasses,
            weekendDays: WEEKEND_DAYS,
          }
        }),
      )
  }),
).pipe(Layer.provide([StaffAuth.layer, AttendanceRepo.layer, FilterDataRepo.layer]))
