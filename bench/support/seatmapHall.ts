/**
 * Deterministic synthetic halls for the seat map benchmark (bench/seatmap.ts): the same seats for every
 * renderer and every run. An arena-like hall: sections of 20 rows × 24 seats side by side in tiers, aisles of
 * two seat widths between sections and two rows between tiers, rows 1.3 seat widths apart and bent gently
 * around the screen (the middle of a row is nearer the screen than its ends), premium seats in the middle rows
 * of the first tier, a wheelchair place at both ends of each section's last row. Statuses come from a fixed
 * linear congruential sequence: about a third of the seats taken, 2% single-seat blocks.
 */

import { type Rgb, SEAT_STATUS } from "../../src/app/seatmap/palette.ts"
import { seatColor as colorOfSeat } from "../../src/app/seatmap/recolor.ts"
import type { MapSeat } from "../../src/app/seatmap/seatMapContract.ts"

export interface BenchSeat extends MapSeat {
  readonly rowName: string
  readonly seatName: string
}

export interface Hall {
  readonly seats: ReadonlyArray<BenchSeat>
  readonly statuses: Uint8Array
  readonly sections: number
}

const SEATS_PER_ROW = 24
const ROWS_PER_SECTION = 20
const AISLE = 2
const ROW_PITCH = 1.3
const TIER_GAP = 2 * ROW_PITCH

/** Numerical Recipes' LCG: good enough to scatter statuses, identical everywhere. */
const lcg = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
}

export const generateHall = (size: number): Hall => {
  const perSection = SEATS_PER_ROW * ROWS_PER_SECTION
  const sections = Math.max(1, Math.ceil(size / perSection))
  const columns = Math.min(sections, Math.max(1, Math.ceil(Math.sqrt(sections * 2))))
  const sectionWidth = SEATS_PER_ROW + AISLE
  const hallWidth = columns * sectionWidth - AISLE
  const sectionDepth = ROWS_PER_SECTION * ROW_PITCH + TIER_GAP
  const seats: Array<BenchSeat> = []
  for (let s = 0; s < sections && seats.length < size; s++) {
    const column = s % columns
    const tier = Math.floor(s / columns)
    for (let row = 0; row < ROWS_PER_SECTION && seats.length < size; row++) {
      for (let seat = 0; seat < SEATS_PER_ROW && seats.length < size; seat++) {
        const x = column * sectionWidth + seat
        const across = (x - hallWidth / 2) / Math.max(hallWidth / 2, 1)
        const y = tier * sectionDepth + row * ROW_PITCH + 2 * across * across
        const lastRow = row === ROWS_PER_SECTION - 1
        seats.push({
          VenueSectionId: s + 1,
          XCoordinate: seat,
          YCoordinate: row,
          PositionX: x,
          PositionY: y,
          isPremium: tier === 0 && row >= 6 && row < 14 && seat >= 4 && seat < 20,
          isHandicap: lastRow && (seat === 0 || seat === SEATS_PER_ROW - 1),
          rowName: String(row + 1),
          seatName: String(seat + 1),
        })
      }
    }
  }
  const random = lcg(size)
  const statuses = new Uint8Array(seats.length)
  for (let i = 0; i < seats.length; i++) {
    const r = random()
    statuses[i] =
      r < 0.33 ? SEAT_STATUS.taken : r < 0.35 ? SEAT_STATUS.singleSeatBlock : SEAT_STATUS.available
  }
  return { seats, statuses, sections }
}

/** The colour our map gives a seat (palette.ts precedence, nothing selected), for the peers to draw with. */
/** The colour our map gives the seat: the peers draw the same colours (no seat is this cart's here). */
export const seatColor = (seat: MapSeat, status: number): Rgb => colorOfSeat(status, false, seat)

export const cssColor = (rgb: Rgb): string => `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`
