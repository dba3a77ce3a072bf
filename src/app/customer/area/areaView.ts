import type { AreaReservation, AreaSystemVoucher, AreaTicket } from "../../../api/CustomerAreaApi.ts"

/**
 * The area's pure view rules: which reservations are "my tickets" and which are history, how the server's
 * instants read (already in Israeli wall time: the server writes them with the Asia/Jerusalem offset, so the
 * date and time are read off the text, whatever the device's zone), and which refusal codes have their own text.
 */

/** States whose presentation is still ahead and whose tickets still count. */
const UPCOMING: ReadonlySet<AreaReservation["state"]> = new Set([
  "active",
  "partlyCancelled",
  "collected",
  "held",
])

/**
 * Splits the server's list (upcoming soonest first, then past latest first) into my tickets and past
 * reservations. A fully cancelled reservation is history even if its date is ahead: nothing in it admits anyone.
 */
export const splitReservations = (
  reservations: ReadonlyArray<AreaReservation>,
  serverTime: string,
): { readonly upcoming: ReadonlyArray<AreaReservation>; readonly past: ReadonlyArray<AreaReservation> } => {
  const now = Date.parse(serverTime)
  // an unpaid hold past its cut-off (issue 16) admits no one: its seats were released
  const isUpcoming = (r: AreaReservation) =>
    UPCOMING.has(r.state) && Date.parse(r.presentation.dateTime) >= now && r.holdDeadline?.lapsed !== true
  return { upcoming: reservations.filter(isUpcoming), past: reservations.filter((r) => !isUpcoming(r)) }
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/

/** "DD/MM/YYYY" (spec §9) of an ISO date or instant as written (its own offset), "" if unreadable. */
export const wallDate = (iso: string): string => {
  const match = WALL.exec(iso)
  return match === null ? "" : `${match[3]}/${match[2]}/${match[1]}`
}

/** "HH:mm" of an ISO instant as written, "" if it has no time. */
export const wallTime = (iso: string): string => {
  const match = WALL.exec(iso)
  return match?.[4] === undefined ? "" : `${match[4]}:${match[5]}`
}

/** The tickets a cancellation may name: those still valid. */
export const cancellableTickets = (reservation: AreaReservation): ReadonlyArray<AreaTicket> =>
  reservation.tickets.filter((ticket) => ticket.state === "active")

/**
 * What a cancel names: `undefined` (every valid ticket, the spec's default) when all are chosen, else the chosen
 * ones in the reservation's order; null when none is chosen (nothing to ask).
 */
export const itemsToCancel = (
  reservation: AreaReservation,
  chosen: ReadonlySet<string>,
): ReadonlyArray<string> | undefined | null => {
  const valid = cancellableTickets(reservation).map((ticket) => ticket.ticketIdentifier)
  const picked = valid.filter((id) => chosen.has(id))
  if (picked.length === 0) return null
  return picked.length === valid.length ? undefined : picked
}

/**
 * Whether the server's quote cancels tickets that were not picked: one of them is for a showing that the order's
 * season enrolment requires, and cancelling it cancels the whole enrolment (src/server/customerArea/Cancellation.ts
 * widens the choice). The dialog says so before the customer confirms.
 */
export const quoteWidensChoice = (
  items: ReadonlyArray<string> | undefined | null,
  quoted: ReadonlyArray<{ readonly ticketIdentifier: string }>,
): boolean => items != null && quoted.some((item) => !items.includes(item.ticketIdentifier))

export type CancelProblem =
  | "TICKET_CANCELLATIONS_ARE_NO_LONGER_POSSIBLE"
  | "BALANCE_IS_DUE"
  | "NOTHING_TO_CANCEL"
  | "other"

export type VoucherProblem =
  | "SYSTEM_VOUCHER_NOT_FOUND"
  | "SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT"
  | "SYSTEM_VOUCHER_NOT_ACTIVE"
  | "SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET"
  | "other"

export type MobileProblem =
  | "invalid_mobileNumber"
  | "SMS_FAILED"
  | "INVALID_SMS_CODE"
  | "MOBILE_NUMBER_IN_USE"
  | "other"

const codeOf = (body: unknown): unknown => (body as { error?: unknown } | null)?.error

const pick =
  <A extends string>(known: ReadonlyArray<A>) =>
  (body: unknown): A | "other" => {
    const code = codeOf(body)
    return known.find((k) => k === code) ?? "other"
  }

/** A refusal body (`{ error: CODE }`) → the code the area has words for; anything else (or none) → "other". */
export const cancelProblemOf = pick<Exclude<CancelProblem, "other">>([
  "TICKET_CANCELLATIONS_ARE_NO_LONGER_POSSIBLE",
  "BALANCE_IS_DUE",
  "NOTHING_TO_CANCEL",
])
export const voucherProblemOf = pick<Exclude<VoucherProblem, "other">>([
  "SYSTEM_VOUCHER_NOT_FOUND",
  "SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT",
  "SYSTEM_VOUCHER_NOT_ACTIVE",
  "SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET",
])
export const mobileProblemOf = pick<Exclude<MobileProblem, "other">>([
  "invalid_mobileNumber",
  "SMS_FAILED",
  "INVALID_SMS_CODE",
  "MOBILE_NUMBER_IN_USE",
])

/** A voucher's amounts: agorot for a money voucher (formatted as money), a count of tickets otherwise. */
export const voucherAmount = (
  voucher: Pick<AreaSystemVoucher, "kind">,
  value: number,
  money: (agorot: number) => string,
): string => (voucher.kind === "money" ? money(value) : String(value))

/**
 * What an unpaid hold says (issue 16): pay and collect by its cut-off, or that it was released; null for a paid
 * order (and for answers from before holds had a deadline).
 */
export const holdNotice = (
  r: AreaReservation,
):
  | { readonly key: "holds.area.payBy"; readonly params: { readonly date: string; readonly time: string } }
  | { readonly key: "holds.area.lapsed" }
  | null => {
  const hold = r.holdDeadline
  if (hold === undefined || hold === null) return null
  if (hold.lapsed) return { key: "holds.area.lapsed" }
  return { key: "holds.area.payBy", params: { date: wallDate(hold.deadline), time: wallTime(hold.deadline) } }
}
