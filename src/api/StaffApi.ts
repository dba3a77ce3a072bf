import { Context, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, HttpApiSecurity, OpenApi } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { LangQuery } from "./shared.ts"

/**
 * Live monitoring for staff (spec §2 `/PRES-live`, §6 staff, §7 "Live monitoring", §9), first slice: sign-in, who
 * is signed in, and cinema attendance. Paths keep the spec's spelling (`/pres-live/…` and `/PRES-live/…`), under
 * `/api` like every call.
 *
 * Who is asking: the `x-staff-token` header from `POST /api/pres-live/login`, resolved once per request by the
 * `StaffSession` middleware into `CurrentStaff` (with the staff member's business ids). It is never a customer's
 * `uuid`, and a customer's uuid never opens a staff call. Missing, unknown, expired and logged-out tokens are alike:
 * 401 `STAFF_LOGIN_REQUIRED`. Every answer of the `live` group is personal (`Cache-Control: no-store`).
 *
 * Scope: every `live` call reads only presentations of the staff member's businesses. A call may narrow that with
 * `businessIds` / `businessId` (repeated, or comma-separated); ids outside the member's own are dropped, `all` or
 * a negative id means all of their own, and asking only for others' businesses gives the member's own, never theirs.
 */

/** Spec §8 LOGIN_FAILED: unknown username, wrong password and inactive account answer alike. */
export class StaffLoginFailed extends Schema.TaggedError<StaffLoginFailed>()(
  "StaffLoginFailed",
  { error: Schema.Literal("LOGIN_FAILED") },
  { httpApiStatus: 401 },
) {}

/** Too many wrong passwords for this username, or from this client, in the last 15 minutes. */
export class StaffLoginLimited extends Schema.TaggedError<StaffLoginLimited>()(
  "StaffLoginLimited",
  { error: Schema.Literal("TOO_MANY_ATTEMPTS") },
  { httpApiStatus: 429 },
) {}

/** A live-monitoring call without a live staff session. */
export class StaffLoginRequired extends Schema.TaggedError<StaffLoginRequired>()(
  "StaffLoginRequired",
  { error: Schema.Literal("STAFF_LOGIN_REQUIRED") },
  { httpApiStatus: 401 },
) {}

/** Bad input to a live call: nothing is read. */
export class InvalidLiveRequest extends Schema.TaggedError<InvalidLiveRequest>()(
  "InvalidLiveRequest",
  {
    error: Schema.Literals([
      "invalidDate",
      "invalidRange",
      "invalidBusinessIds",
      "invalidDrill",
      "invalidSort",
      "invalidPaging",
    ]),
  },
  { httpApiStatus: 400 },
) {}

/** The signed-in staff member, as the `StaffSession` middleware resolved them. */
export class CurrentStaff extends Context.Service<
  CurrentStaff,
  { readonly userId: number; readonly businessIds: ReadonlyArray<number> }
>()("marquee/api/CurrentStaff") {}

const staffToken = HttpApiSecurity.apiKey({ in: "header", key: "x-staff-token" }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "The token from POST /api/pres-live/login; missing, unknown, expired and logged-out ones are treated alike",
  ),
)

export class StaffSession extends HttpApiMiddleware.Service<StaffSession, { provides: CurrentStaff }>()(
  "marquee/api/StaffSession",
  { error: StaffLoginRequired, security: { staffToken } },
) {}

/** Spec §3: userInfo (FirstName, LastName, businessIds, userId). */
export const StaffUserInfo = Schema.Struct({
  FirstName: Schema.String,
  LastName: Schema.String,
  businessIds: Schema.Array(Schema.Int),
  userId: Schema.Int,
})
export type StaffUserInfo = typeof StaffUserInfo.Type

/** The screens this session may open; the app shows exactly these (spec §6: the menu comes from the session). */
export const StaffMenuItem = Schema.Struct({
  key: Schema.Literals(["cinemaAttendance", "featureView", "reports", "references"]),
  path: Schema.String,
})
export type StaffMenuItem = typeof StaffMenuItem.Type

export const StaffSessionInfo = Schema.Struct({
  userInfo: StaffUserInfo,
  menu: Schema.Array(StaffMenuItem),
  /** a broker (src/api/StaffBrokersApi.ts): the presentation box shows the lock, unlock and save controls */
  isBroker: Schema.Boolean,
  /** the chain's business date now (Asia/Jerusalem, by the server's clock): the strip's centre */
  today: Schema.String,
})
export type StaffSessionInfo = typeof StaffSessionInfo.Type

export const StaffSignedIn = Schema.Struct({ ...StaffSessionInfo.fields, token: Schema.String })
export type StaffSignedIn = typeof StaffSignedIn.Type

const Shares = {
  /** quantity / Capacity as a whole percent, half up (spec §9) */
  SoldPercent: Schema.Int,
  HeldPercent: Schema.Int,
  /** (sold + held) / Capacity to three decimals, half up (spec §9) */
  SeatTakenRatio: Schema.Number,
}
const Counts = {
  SoldQuantity: Schema.Int,
  HeldQuantity: Schema.Int,
  Capacity: Schema.Int,
  /** presentations counted in the row */
  Presentations: Schema.Int,
}

export const AttendanceDay = Schema.Struct({ BusinessDate: Schema.String, ...Counts, ...Shares })
export type AttendanceDay = typeof AttendanceDay.Type

/** Spec §3 locations (LocationId, Name, Capacity, Sold, Availability); the first row is 'All cinemas' (-1). */
export const LocationAttendance = Schema.Struct({
  LocationId: Schema.Int,
  Name: Schema.String,
  Capacity: Schema.Int,
  Sold: Schema.Int,
  Held: Schema.Int,
  /** Capacity - Sold - Held */
  Availability: Schema.Int,
  Presentations: Schema.Int,
  ...Shares,
})
export type LocationAttendance = typeof LocationAttendance.Type

/** One venue or one feature of a location on a date. */
export const GroupAttendance = Schema.Struct({ Id: Schema.Int, Name: Schema.String, ...Counts, ...Shares })
export type GroupAttendance = typeof GroupAttendance.Type

/** Spec §3 attendance (one presentation). */
export const PresentationAttendance = Schema.Struct({
  PresentationId: Schema.Int,
  BusinessDate: Schema.String,
  PresentationDateTime: Schema.String,
  FeatureId: Schema.Int,
  FeatureName: Schema.String,
  VenueId: Schema.Int,
  VenueName: Schema.String,
  LocationId: Schema.Int,
  LocationName: Schema.String,
  SoldQuantity: Schema.Int,
  HeldQuantity: Schema.Int,
  Capacity: Schema.Int,
  ...Shares,
})
export type PresentationAttendance = typeof PresentationAttendance.Type

/** What the live screens filter by (spec §7 getCinemaFilterData). */
export const CinemaFilterData = Schema.Struct({
  /** the cinemas where the member's businesses show anything; never location 1 */
  locations: Schema.Array(Schema.Struct({ LocationId: Schema.Int, Name: Schema.String })),
  /** the films the member's businesses show from two months back to a month ahead (the reports' filter) */
  features: Schema.Array(Schema.Struct({ FeatureId: Schema.Int, Name: Schema.String })),
  /** product categories (popcorn, drinks, …) */
  productClasses: Schema.Array(Schema.String),
  /** ISO weekday numbers of the weekend (Friday 5, Saturday 6) */
  weekendDays: Schema.Array(Schema.Int),
})
export type CinemaFilterData = typeof CinemaFilterData.Type

/** Narrows the staff member's own businesses (never widens them): see the scope rule above. */
export const ScopeQuery = {
  businessIds: Schema.optionalKey(Schema.Array(Schema.String)),
  businessId: Schema.optionalKey(Schema.Array(Schema.String)),
  lang: LangQuery,
}

const DateParam = Schema.String
/** -1 (spec's 'All cinemas') drills into every location the member may see */
const LocationParam = Schema.Int

export class StaffAuthApi extends HttpApiGroup.make("staffAuth")
  .add(
    HttpApiEndpoint.post("login", "/pres-live/login", {
      payload: Schema.Struct({ username: WireText, password: WireText }),
      success: StaffSignedIn,
      error: [StaffLoginFailed, StaffLoginLimited],
    }),
  )
  .add(
    // the token to end is the credential itself, read as a header: logging out is not "who is asking"
    HttpApiEndpoint.post("logout", "/pres-live/logout", {
      headers: { "x-staff-token": Schema.optional(WireText) },
      success: Schema.Struct({ success: Schema.Boolean }),
    }),
  ) {}

export class LiveApi extends HttpApiGroup.make("live")
  .add(
    HttpApiEndpoint.get("userInfo", "/pres-live/userInfo", {
      success: StaffSessionInfo,
    }),
  )
  .add(
    // ours: the spec's 29-day strip (14 back, today, 14 ahead) around the server's today, in one call
    HttpApiEndpoint.get("attendanceStrip", "/PRES-live/attendanceStrip", {
      query: ScopeQuery,
      success: Schema.Struct({ today: Schema.String, days: Schema.Array(AttendanceDay) }),
      error: InvalidLiveRequest,
    }),
  )
  .add(
    HttpApiEndpoint.get("attendanceByDate", "/PRES-live/attendanceByDate/:start/:end", {
      params: { start: DateParam, end: DateParam },
      query: ScopeQuery,
      success: Schema.Struct({ days: Schema.Array(AttendanceDay) }),
      error: InvalidLiveRequest,
    }),
  )
  .add(
    HttpApiEndpoint.get("attendanceByLocation", "/PRES-live/attendanceByDateByLocation/:date", {
      params: { date: DateParam },
      query: ScopeQuery,
      success: Schema.Struct({ locations: Schema.Array(LocationAttendance) }),
      error: InvalidLiveRequest,
    }),
  )
  .add(
    HttpApiEndpoint.get(
      "attendanceByVenue",
      "/PRES-live/attendanceByDateByLocationByVenue/:date/:locationId",
      {
        params: { date: DateParam, locationId: LocationParam },
        query: ScopeQuery,
        success: Schema.Struct({ venues: Schema.Array(GroupAttendance) }),
        error: InvalidLiveRequest,
      },
    ),
  )
  .add(
    HttpApiEndpoint.get(
      "attendanceByFeature",
      "/PRES-live/attendanceByDateByLocationByFeature/:date/:locationId",
      {
        params: { date: DateParam, locationId: LocationParam },
        query: ScopeQuery,
        success: Schema.Struct({ features: Schema.Array(GroupAttendance) }),
        error: InvalidLiveRequest,
      },
    ),
  )
  .add(
    HttpApiEndpoint.get(
      "attendancePresentationBox",
      "/PRES-live/attendanceByDatePresentationBox/:date/:locationId/:by/:id",
      {
        params: {
          date: DateParam,
          locationId: LocationParam,
          by: Schema.Literals(["venues", "features"]),
          id: Schema.Int,
        },
        query: ScopeQuery,
        success: Schema.Struct({ presentations: Schema.Array(PresentationAttendance) }),
        error: InvalidLiveRequest,
      },
    ),
  )
  .add(
    HttpApiEndpoint.get("cinemaFilterData", "/PRES-live/getCinemaFilterData", {
      query: ScopeQuery,
      success: CinemaFilterData,
      error: InvalidLiveRequest,
    }),
  )
  .middleware(StaffSession) {}
