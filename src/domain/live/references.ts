import { addDays } from "./attendance.ts"

/**
 * Ticket-reference administration's rules (spec §5 "editing a reference quantity sends a new quantity", §9 default
 * ticket-history range), shared by the server that enforces them and the app that offers them.
 */

/** The most tickets one reference may be good for: a typing slip (an extra zero or three) is refused. */
export const MAX_REFERENCE_QUANTITY = 100_000

/** A new quantity as typed or sent: a whole number from 0 to the maximum (a digit string counts), else null. */
export const referenceQuantity = (value: unknown): number | null => {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d{1,9}$/.test(value.trim())
        ? Number(value)
        : NaN
  return Number.isInteger(number) && number >= 0 && number <= MAX_REFERENCE_QUANTITY ? number : null
}

/** Spec §9 default ticket-history range: last month, from its first day to its last, of the chain's calendar. */
export const lastMonth = (today: string): { readonly startDate: string; readonly endDate: string } => {
  const firstOfThisMonth = `${today.slice(0, 8)}01`
  const endDate = addDays(firstOfThisMonth, -1)
  return { startDate: `${endDate.slice(0, 8)}01`, endDate }
}
