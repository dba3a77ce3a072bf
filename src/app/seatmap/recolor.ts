import { type Rgb, SEAT_COLORS, SEAT_STATUS } from "./palette.ts"

/** What the colour of a seat depends on besides its status (a `MapSeat` fits). */
export interface SeatKinds {
  readonly isPremium: boolean
  readonly isHandicap: boolean
  readonly isCompanion?: boolean
  readonly isLimitedView?: boolean
}

/** One seat's colour, by the precedence palette.ts states. */
export const seatColor = (status: number, mine: boolean, seat: SeatKinds | undefined): Rgb => {
  if (mine) return SEAT_COLORS.mine
  if (status === SEAT_STATUS.taken) return SEAT_COLORS.taken
  if (status === SEAT_STATUS.singleSeatBlock) return SEAT_COLORS.singleSeatBlock
  if (seat?.isHandicap) return SEAT_COLORS.wheelchair
  if (seat?.isCompanion) return SEAT_COLORS.companion
  if (seat?.isLimitedView) return SEAT_COLORS.limitedView
  if (seat?.isPremium) return SEAT_COLORS.premium
  return SEAT_COLORS.available
}

/**
 * Writes every seat's colour into `colors` (RGBA bytes per seat) and answers the span of seats whose colour
 * changed (`to` exclusive), or null when none did: a status poll that changes one seat sends the GPU four bytes.
 */
export const recolor = (
  seats: ReadonlyArray<SeatKinds>,
  statuses: Uint8Array,
  selected: Uint8Array,
  colors: Uint8Array,
): { readonly from: number; readonly to: number } | null => {
  let first = -1
  let last = -1
  for (let i = 0; i < seats.length; i++) {
    const rgb = seatColor(statuses[i] ?? 0, selected[i] === 1, seats[i])
    const at = 4 * i
    if (colors[at] === rgb[0] && colors[at + 1] === rgb[1] && colors[at + 2] === rgb[2]) continue
    colors[at] = rgb[0]
    colors[at + 1] = rgb[1]
    colors[at + 2] = rgb[2]
    colors[at + 3] = 255
    if (first === -1) first = i
    last = i
  }
  return first === -1 ? null : { from: first, to: last + 1 }
}
