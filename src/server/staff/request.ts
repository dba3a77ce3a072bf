import { Temporal } from "@js-temporal/polyfill"
import { Clock, Effect } from "effect"
import { CurrentStaff } from "../../api/StaffApi.ts"
import { chainToday } from "../time.ts"
import { scopedBusinessIds } from "./scope.ts"

/** The scope of this request: the staff member's businesses, narrowed (never widened) by what it asked for. */
export const scopeOf = (query: {
  readonly businessIds?: ReadonlyArray<string>
  readonly businessId?: ReadonlyArray<string>
}) =>
  Effect.gen(function* () {
    const staff = yield* CurrentStaff
    return yield* scopedBusinessIds(staff, [query.businessIds, query.businessId])
  })

/** The chain's business date now (Asia/Jerusalem, by the server's clock). */
export const chainTodayNow = Clock.currentTimeMillis.pipe(
  Effect.map((ms) => chainToday(Temporal.Instant.fromEpochMilliseconds(ms)).toString()),
)
