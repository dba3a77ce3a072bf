import type { Temporal } from "@js-temporal/polyfill"
import type { Presentation } from "../../api/PresentationEntities.ts"
import { TIME_ZONE, toJerusalem } from "../i18n/format.ts"
import type { TemporalApi } from "../lib/temporal.ts"

export type ScheduledPresentation = {
  readonly presentation: Presentation
  /** Jerusalem wall time of the start */
  readonly start: Temporal.ZonedDateTime
}

export type LocationGroup = {
  readonly locationId: number
  readonly locationName: string
  readonly presentations: ReadonlyArray<ScheduledPresentation>
}

export type DayGroup = {
  /** Jerusalem local date, YYYY-MM-DD */
  readonly date: Temporal.PlainDate
  readonly locations: ReadonlyArray<LocationGroup>
}

const HOUR_MS = 3_600_000

/**
 * Jerusalem's UTC offset (ms) through each UTC hour, for one Temporal: Israel changes its clocks on the hour, so
 * one conversion per hour that has showings stands for all of them (a fortnight's ~1,700 showings start in ~150
 * hours). A conversion per showing was most of what's on's first render (issue 17).
 */
const offsetsByTemporal = new WeakMap<TemporalApi, Map<number, number>>()

const jerusalemOffsetMs = (T: TemporalApi, epochMs: number): number => {
  let offsets = offsetsByTemporal.get(T)
  if (offsets === undefined) {
    offsets = new Map()
    offsetsByTemporal.set(T, offsets)
  }
  const hour = Math.floor(epochMs / HOUR_MS)
  let offset = offsets.get(hour)
  if (offset === undefined) {
    offset =
      T.Instant.fromEpochMilliseconds(hour * HOUR_MS).toZonedDateTimeISO(TIME_ZONE).offsetNanoseconds / 1e6
    offsets.set(hour, offset)
  }
  return offset
}

/**
 * A showing and its Jerusalem start, converted when first read: a list groups every showing but draws only
 * one day's (and Temporal's conversions are costly, the polyfill's most of all).
 */
class Scheduled implements ScheduledPresentation {
  readonly #T: TemporalApi
  #start: Temporal.ZonedDateTime | undefined
  readonly presentation: Presentation
  readonly epochMs: number
  constructor(T: TemporalApi, presentation: Presentation, epochMs: number) {
    this.#T = T
    this.presentation = presentation
    this.epochMs = epochMs
  }
  get start(): Temporal.ZonedDateTime {
    this.#start ??= toJerusalem(this.#T, this.presentation.dateTime)
    return this.#start
  }
}

/** The server's form (`2026-11-22T19:30:00+02:00`), which `Date.parse` reads exactly as Temporal does. */
const PLAIN_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/

/** Epoch ms of an ISO instant: anything but the server's form goes through Temporal (which throws as before). */
const epochMsOf = (T: TemporalApi, isoInstant: string): number =>
  PLAIN_INSTANT.test(isoInstant) ? Date.parse(isoInstant) : T.Instant.from(isoInstant).epochMilliseconds

/** The Jerusalem day an instant falls on, YYYY-MM-DD. */
const jerusalemDayKey = (T: TemporalApi, epochMs: number): string =>
  new Date(epochMs + jerusalemOffsetMs(T, epochMs)).toISOString().slice(0, 10)

/**
 * What's on as the customer reads it: by Jerusalem day (a 00:30 show belongs to the day it starts on in
 * Israel, whatever the device's zone), then by cinema in the locale's alphabetical order, then by start time.
 */
export const groupPresentations = (
  T: TemporalApi,
  presentations: ReadonlyArray<Presentation>,
  locale: string,
): ReadonlyArray<DayGroup> => {
  // what `localeCompare` does on each call (ECMA-402: the default locale's collator), made once: a fortnight has
  // hundreds of showings that start at the same minute
  const byName = new Intl.Collator()
  const scheduled = presentations
    .map((presentation) => new Scheduled(T, presentation, epochMsOf(T, presentation.dateTime)))
    .sort(
      (a, b) =>
        a.epochMs - b.epochMs || byName.compare(a.presentation.featureName, b.presentation.featureName),
    )

  const byDay = new Map<
    string,
    { date: Temporal.PlainDate; byLocation: Map<number, ScheduledPresentation[]> }
  >()
  const locationNames = new Map<number, string>()
  for (const item of scheduled) {
    const key = jerusalemDayKey(T, item.epochMs)
    let day = byDay.get(key)
    if (day === undefined) {
      day = { date: T.PlainDate.from(key), byLocation: new Map() }
      byDay.set(key, day)
    }
    const { locationId, locationName } = item.presentation
    locationNames.set(locationId, locationName)
    const list = day.byLocation.get(locationId)
    if (list === undefined) day.byLocation.set(locationId, [item])
    else list.push(item)
  }

  const collator = new Intl.Collator(locale)
  // Insertion order of `byDay` is chronological because `scheduled` is sorted.
  return [...byDay.values()].map(({ date, byLocation }) => ({
    date,
    locations: [...byLocation.entries()]
      .map(([locationId, list]) => ({
        locationId,
        locationName: locationNames.get(locationId) ?? "",
        presentations: list,
      }))
      .sort((a, b) => collator.compare(a.locationName, b.locationName) || a.locationId - b.locationId),
  }))
}
