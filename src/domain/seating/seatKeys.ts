import type { Brand } from "effect"

/**
 * Every key that names a seat, a row or a hold, in one place: the browser's maps, the seat map's picking
 * index and the server's plan index must agree on them, and two spellings of "the same seat" used to drift
 * apart (`a:b:c` in one file, `a/b/c` in another). Coordinates are integers, so a separator that no integer
 * contains (`:` or `/`) keeps distinct seats on distinct keys.
 */

/** A place in one presentation's seatplan by the lock API's coordinates (section, x, y). */
export interface Place {
  readonly VenueSectionId: number
  readonly x: number
  readonly y: number
}

/** A seatplan seat by the seatplan's own names for the same coordinates. */
export interface SeatplanPlace {
  readonly VenueSectionId: number
  readonly XCoordinate: number
  readonly YCoordinate: number
}

/** (section, x, y) as one string: the key within one presentation (seat map, plan index, basket). */
export const placeKey = (sectionId: number, x: number, y: number): string => `${sectionId}:${x}:${y}`

export const placeKeyOf = (place: Place): string => placeKey(place.VenueSectionId, place.x, place.y)

export const placeKeyOfSeat = (seat: SeatplanPlace): string =>
  placeKey(seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate)

/** A row of a section (rows are numbered per section by their y coordinate). */
export const rowKey = (sectionId: number, y: number): string => `${sectionId}:${y}`

/** (presentation, section, x, y) names a seat across presentations (spec §3, SeatsApi): the cart's key. */
// A type-only brand, not a Schema: this module is on the seat screen's first paint (seatRows.ts), and a
// Schema value here would pull Effect's runtime (~35 KB gzipped) into that screen's chunks (bench/bundle.ts).
export type SeatKey = string & Brand.Brand<"SeatKey">

// The cart's key keeps its `/` spelling: keys of this form sit in stored carts' projections.
export const seatKey = (presentationId: number, place: Place): SeatKey =>
  `${presentationId}/${place.VenueSectionId}/${place.x}/${place.y}` as SeatKey

/** What a seat allocation (hold or sale) occupies: a numbered seat, or one slot of a general-admission section. */
export interface AllocationSlot {
  readonly seatId: number | null
  readonly sectionId: number
  readonly gaSlot: number | null
}

/** The key of an allocation's slot: a seat by its id, a general-admission place by (section, slot). */
export const allocationKey = (slot: AllocationSlot): string =>
  slot.seatId === null ? `ga:${slot.sectionId}:${slot.gaSlot}` : `s:${slot.seatId}`
