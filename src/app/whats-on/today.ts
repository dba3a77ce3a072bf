import type { Temporal } from "@js-temporal/polyfill"
import { TIME_ZONE } from "../i18n/format.ts"
import type { TemporalApi } from "../lib/temporal.ts"

/**
 * "Today" in Jerusalem whatever the device's zone, by `Date`: the clock the journeys inject (e2e/fixtures.ts
 * shifts Date alone; a native Temporal.Now would read the machine's real day).
 */
export const jerusalemToday = (T: TemporalApi, nowMs: number): Temporal.PlainDate =>
  T.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(TIME_ZONE).toPlainDate()
