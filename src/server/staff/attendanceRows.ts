import type {
  AttendanceDay,
  GroupAttendance,
  LocationAttendance,
  PresentationAttendance,
} from "../../api/StaffApi.ts"
import { ALL_CINEMAS_LOCATION_ID, addDays, sharesOf } from "../../domain/live/attendance.ts"
import { toChainIso } from "../time.ts"
import type { Counts, Keyed, PresentationRow } from "./AttendanceRepo.ts"

/** The repository's sums as the wire's rows, each with its shares of its own sums (spec §9). */

const wireCounts = (counts: Counts) => ({
  SoldQuantity: counts.sold,
  HeldQuantity: counts.held,
  Capacity: counts.capacity,
})

const NONE: Counts = { sold: 0, held: 0, capacity: 0, presentations: 0 }

/** Every date of the run, in order, a date without presentations as zeros (the strip has no holes). */
export const dayRows = (
  firstDate: string,
  days: number,
  sums: ReadonlyArray<Counts & { readonly date: string }>,
): ReadonlyArray<AttendanceDay> => {
  const byDate = new Map(sums.map((row) => [row.date, row]))
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(firstDate, i)
    const counts = byDate.get(date) ?? NONE
    const wire = wireCounts(counts)
    return { BusinessDate: date, ...wire, Presentations: counts.presentations, ...sharesOf(wire) }
  })
}

/** Wire name of the spec's 'All cinemas' row; the app shows its own translation for LocationId -1. */
export const ALL_CINEMAS_NAME = "All cinemas"

const locationRow = (id: number, name: string, counts: Counts): LocationAttendance => {
  const wire = wireCounts(counts)
  return {
    LocationId: id,
    Name: name,
    Capacity: counts.capacity,
    Sold: counts.sold,
    Held: counts.held,
    Availability: counts.capacity - counts.sold - counts.held,
    Presentations: counts.presentations,
    ...sharesOf(wire),
  }
}

/** 'All cinemas' (LocationId -1, the sum of the rows the staff member may see) first, then each location. */
export const locationRows = (rows: ReadonlyArray<Keyed>): ReadonlyArray<LocationAttendance> => {
  const total = rows.reduce<Counts>(
    (sum, row) => ({
      sold: sum.sold + row.sold,
      held: sum.held + row.held,
      capacity: sum.capacity + row.capacity,
      presentations: sum.presentations + row.presentations,
    }),
    NONE,
  )
  return [
    locationRow(ALL_CINEMAS_LOCATION_ID, ALL_CINEMAS_NAME, total),
    ...rows.map((row) => locationRow(row.id, row.name, row)),
  ]
}

export const groupRows = (rows: ReadonlyArray<Keyed>): ReadonlyArray<GroupAttendance> =>
  rows.map((row) => {
    const wire = wireCounts(row)
    return { Id: row.id, Name: row.name, ...wire, Presentations: row.presentations, ...sharesOf(wire) }
  })

export const presentationRows = (
  rows: ReadonlyArray<PresentationRow>,
): ReadonlyArray<PresentationAttendance> =>
  rows.map((row) => {
    const wire = wireCounts(row)
    return {
      PresentationId: row.id,
      BusinessDate: row.businessDate,
      PresentationDateTime: toChainIso(row.startsMs),
      FeatureId: row.featureId,
      FeatureName: row.featureName,
      VenueId: row.venueId,
      VenueName: row.venueName,
      LocationId: row.locationId,
      LocationName: row.locationName,
      ...wire,
      ...sharesOf(wire),
    }
  })
