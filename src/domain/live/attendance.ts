/**
 * Live monitoring's attendance rules (spec §9), shared by the server that computes them and the app that shows
 * them. Pure integer arithmetic: a share is rounded half up from the exact fraction, never from a float that
 * may sit a hair below .5.
 */

/** Spec §9: the 'All cinemas' aggregate row. */
export const ALL_CINEMAS_LOCATION_ID = -1

/** Spec §9: location 1 (the head office) never appears in attendance, nor in 'All cinemas'. */
export const EXCLUDED_LOCATION_ID = 1

/** Spec §9: the date strip runs this many days each side of today. */
export const STRIP_DAYS_EACH_SIDE = 14

/** `numerator / denominator` rounded half up to a whole number of `1 / scale`; 0 when there is no capacity. */
const roundedShare = (numerator: number, denominator: number, scale: number): number =>
  denominator <= 0 ? 0 : Math.floor((2 * scale * numerator + denominator) / (2 * denominator))

/** Spec §9: percentage sold or held = quantity / Capacity, rounded (to a whole percent, half up). */
export const percentOf = (quantity: number, capacity: number): number => roundedShare(quantity, capacity, 100)

/** Spec §9: seat-taken ratio, (sold + held) / Capacity, rounded to three decimals (half up). */
export const seatTakenRatio = (sold: number, held: number, capacity: number): number =>
  roundedShare(sold + held, capacity, 1000) / 1000

export interface AttendanceCounts {
  readonly SoldQuantity: number
  readonly HeldQuantity: number
  readonly Capacity: number
}

export interface AttendanceShares {
  readonly SoldPercent: number
  readonly HeldPercent: number
  readonly SeatTakenRatio: number
}

/** The shares of one row, from its sums (a row's share is of its own totals, never a mean of its parts' shares). */
export const sharesOf = (counts: AttendanceCounts): AttendanceShares => ({
  SoldPercent: percentOf(counts.SoldQuantity, counts.Capacity),
  HeldPercent: percentOf(counts.HeldQuantity, counts.Capacity),
  SeatTakenRatio: seatTakenRatio(counts.SoldQuantity, counts.HeldQuantity, counts.Capacity),
})

const pad = (n: number) => String(n).padStart(2, "0")

/** `YYYY-MM-DD` plus `days` (may be negative), on the proleptic Gregorian calendar (no zone: dates only). */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split("-").map(Number)
  const at = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days))
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`
}

/** Spec §9's 29-day strip around `today` (14 back, today, 14 ahead), oldest first. */
export const stripDates = (today: string): ReadonlyArray<string> =>
  Array.from({ length: 2 * STRIP_DAYS_EACH_SIDE + 1 }, (_, i) => addDays(today, i - STRIP_DAYS_EACH_SIDE))

/** A real calendar date written `YYYY-MM-DD` (what the date path segments accept). */
export const isIsoDate = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && addDays(text, 0) === text

/** The chain's weekend (Israel): Friday and Saturday, as ISO weekday numbers (Monday 1 … Sunday 7). */
export const WEEKEND_DAYS: ReadonlyArray<number> = [5, 6]
