import type { Temporal } from "@js-temporal/polyfill"
import type { Presentation } from "../../api/PresentationEntities.ts"
import { toJerusalem } from "../i18n/format.ts"
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

/**
 * What's on as the customer reads it: by Jerusalem day (a 00:30 show belongs to the day it starts on in
 * Israel, whatever the device's zone), then by cinema in the locale's alphabetical order, then by start time.
 */
export const groupPresentations = (
  T: TemporalApi,
  presentations: ReadonlyArray<Presentation>,
  locale: string,
): ReadonlyArray<DayGroup> => {
  const scheduled = presentations
    .map((presentation) => ({ presentation, start: toJerusalem(T, presentation.dateTime) }))
    .sort(
      (a, b) =>
        T.ZonedDateTime.compare(a.start, b.start) ||
        a.presentation.featureName.localeCompare(b.presentation.featureName),
    )

  const byDay = new Map<
    string,
    { date: Temporal.PlainDate; byLocation: Map<number, ScheduledPresentation[]> }
  >()
  const locationNames = new Map<number, string>()
  for (const item of scheduled) {
    const date = item.start.toPlainDate()
    const key = date.toString()
    let day = byDay.get(key)
    if (day === undefined) {
      day = { date, byLocation: new Map() }
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
