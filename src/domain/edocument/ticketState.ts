/**
 * What one e-ticket's page says about it (spec §2 e-ticket states, issue 17), from what the sales tables record:
 *
 * - `cancelled`: `sold_tickets.cancelled_at` (the customer area, the box office or a void); it admits no one.
 * - `scanned`: `sold_tickets.scanned_at`, the door let it in.
 * - `collected`: `reservations.collected_at`, the box office handed the order's tickets over (spec §4 "collected at
 *   box office"): the paper tickets admit from then on.
 * - `expired`: none of those, and its show has ended (start plus the film's length) by the clock given.
 * - `active`: otherwise, the pass admits.
 *
 * "Redeemed" is a voucher's state in the schema (what was spent from it, `voucher_redemptions` and `tickets_left`):
 * a voucher's own e-document shows it (src/domain/customerArea/states.ts `voucherState`). Pure: "now" comes in.
 */
export type ETicketState = "active" | "cancelled" | "scanned" | "collected" | "expired"

/** A show whose film has no length on record is taken to last this long (the wallet lists it as past after it). */
export const UNKNOWN_SHOW_LENGTH_MS = 4 * 3600_000

/** When a show ends (epoch ms): its start plus the film's length, or {@link UNKNOWN_SHOW_LENGTH_MS}. */
export const showEndsAt = (startsAtMs: number, durationMinutes: number | null): number =>
  startsAtMs + (durationMinutes === null ? UNKNOWN_SHOW_LENGTH_MS : durationMinutes * 60_000)

export interface ETicketFacts {
  readonly cancelled: boolean
  readonly scanned: boolean
  readonly collected: boolean
  /** {@link showEndsAt} of the ticket's own showing */
  readonly showEndsMs: number
}

/**
 * The first that holds: cancelled, scanned, collected, expired, active. What happened to the ticket comes before
 * the show being over: a ticket used at the door stays "scanned" after the show, as the customer area's
 * reservation states do (`reservationState`).
 */
export const eTicketState = (facts: ETicketFacts, nowMs: number): ETicketState => {
  if (facts.cancelled) return "cancelled"
  if (facts.scanned) return "scanned"
  if (facts.collected) return "collected"
  if (facts.showEndsMs <= nowMs) return "expired"
  return "active"
}

/**
 * A state the device was told earlier, as it stands at `nowMs`: a copy saved before the show (opened offline from
 * the wallet afterwards) only lacks what the clock alone tells, so an active ticket whose show has ended reads
 * expired; anything the server recorded (cancelled, scanned, collected) stays as it was. A copy saved before
 * tickets carried a state counts as active.
 */
export const eTicketStateAt = (
  told: ETicketState | undefined,
  showEndsMs: number,
  nowMs: number,
): ETicketState => ((told ?? "active") === "active" && showEndsMs <= nowMs ? "expired" : (told ?? "active"))

/** Whether the ticket's own pass (its QR code) is still of use at the door: not once cancelled or over. */
export const passAdmits = (state: ETicketState): boolean => state !== "cancelled" && state !== "expired"
