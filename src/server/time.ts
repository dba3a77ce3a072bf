import { Temporal } from "@js-temporal/polyfill"

/** The chain's time zone (spec §1). Every local date and time on the wire is in this zone. */
export const CHAIN_TIME_ZONE = "Asia/Jerusalem"

/** ISO 8601 with the zone's offset at that instant, e.g. `2026-11-22T19:30:00+02:00`. */
export const toChainIso = (epochMilliseconds: number): string =>
  Temporal.Instant.fromEpochMilliseconds(Math.round(epochMilliseconds))
    .toZonedDateTimeISO(CHAIN_TIME_ZONE)
    .toString({ timeZoneName: "never", smallestUnit: "second" })

export const chainToday = (now: Temporal.Instant): Temporal.PlainDate =>
  now.toZonedDateTimeISO(CHAIN_TIME_ZONE).toPlainDate()
