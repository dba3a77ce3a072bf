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

/** The instants a chain-local day runs between, [start, next day's start), as ISO strings for SQL. */
export const chainDayBounds = (date: string, days = 1): { readonly from: string; readonly to: string } => {
  const day = Temporal.PlainDate.from(date)
  const start = day.toZonedDateTime({ timeZone: CHAIN_TIME_ZONE })
  const end = day.add({ days }).toZonedDateTime({ timeZone: CHAIN_TIME_ZONE })
  return { from: start.toInstant().toString(), to: end.toInstant().toString() }
}

/** Hour of the day in the chain's zone, for the best-available `partOfDay` filter. */
export const chainHour = (epochMilliseconds: number): number =>
  Temporal.Instant.fromEpochMilliseconds(Math.round(epochMilliseconds)).toZonedDateTimeISO(CHAIN_TIME_ZONE)
    .hour
