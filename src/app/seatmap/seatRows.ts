import type { Seatplan, SeatplanSeat, SeatStatuses } from "../../api/SeatsApi.ts"
import { placeKeyOf, placeKeyOfSeat, rowKey } from "../../domain/seating/seatKeys.ts"

/**
 * The seat list's model: the seatplan's reserved sections and rows, each seat with the state the buyer sees.
 * The marks decide "mine" and "pending" (the cart log's holds and pending locks: what this cart holds as far as
 * the server last answered); the statuses decide "taken" and the single-seat hint for everyone else's seats.
 * No cart code here: the seat screen draws the list before the cart (Dexie, the domain's schemas) has loaded.
 */

type Place = { readonly VenueSectionId: number; readonly x: number; readonly y: number }

/** This presentation's places the cart holds, and those a lock still waits for. */
export interface SeatMarks {
  readonly mine: ReadonlyArray<Place>
  readonly pending: ReadonlyArray<Place>
}

export type SeatState = "free" | "mine" | "pending" | "taken" | "singleSeatBlock"

export interface SeatItem {
  readonly key: string
  readonly seat: SeatplanSeat
  readonly state: SeatState
}

export interface RowItem {
  readonly key: string
  readonly name: string
  readonly seats: ReadonlyArray<SeatItem>
}

export interface SectionItem {
  readonly id: number
  readonly name: string
  readonly rows: ReadonlyArray<RowItem>
}

const stateOf = (
  key: string,
  mine: ReadonlySet<string>,
  pending: ReadonlySet<string>,
  statuses: ReadonlyMap<string, SeatStatuses["seats"][number]>,
): SeatState => {
  if (mine.has(key)) return "mine"
  if (pending.has(key)) return "pending"
  const status = statuses.get(key)
  // V2 lists only seats that are not plainly free; a seat the server says is ours but the log lost is not ours
  if (status === undefined) return "free"
  if (!status.isAvailable && !status.isSelected) return "taken"
  if (status.isSingleSeatBlock) return "singleSeatBlock"
  return "free"
}

export const seatRows = (
  plan: Seatplan["seatplan"],
  statuses: SeatStatuses | undefined,
  marks: SeatMarks,
): ReadonlyArray<SectionItem> => {
  const mine = new Set(marks.mine.map(placeKeyOf))
  const pending = new Set(marks.pending.map(placeKeyOf))
  const byKey = new Map((statuses?.seats ?? []).map((status) => [placeKeyOfSeat(status), status]))
  const sections = plan.sections
    .filter((section) => section.isReserved)
    .sort((a, b) => a.sortOrder - b.sortOrder)
  return sections.map((section) => {
    const rows = plan.rows
      .filter((row) => row.sectionId === section.id)
      .sort((a, b) => a.YCoordinate - b.YCoordinate)
      .map((row): RowItem => {
        const seats = plan.seats
          .filter((seat) => seat.VenueSectionId === section.id && seat.YCoordinate === row.YCoordinate)
          .sort((a, b) => a.PositionX - b.PositionX)
          .map((seat): SeatItem => {
            const key = placeKeyOfSeat(seat)
            return { key, seat, state: stateOf(key, mine, pending, byKey) }
          })
        return { key: rowKey(section.id, row.YCoordinate), name: row.RowName, seats }
      })
      .filter((row) => row.seats.length > 0)
    return { id: section.id, name: section.name, rows }
  })
}
