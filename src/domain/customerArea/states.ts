/**
 * The states the customer area shows (spec §4): of a reservation, a system voucher, a membership and a
 * video-on-demand title, and whether a reservation may still be cancelled. Pure: "now" and "today" come in.
 * Instants are epoch milliseconds, days `YYYY-MM-DD` strings (Asia/Jerusalem days, compared as text).
 */

export type ReservationState =
  | "active"
  | "partlyCancelled"
  | "cancelled"
  | "past"
  | "scanned"
  | "collected"
  /** an unpaid hold (issue 16) before its cut-off: reserved, to be paid */
  | "held"
  /** an unpaid hold past its cut-off: its seats were released */
  | "released"
export type NotCancellableReason = "cutOff" | "past" | "scanned" | "collected" | "nothingLeft"

export interface ReservationFacts {
  readonly ticketCount: number
  readonly cancelledCount: number
  readonly scannedCount: number
  readonly collected: boolean
  readonly startsAtMs: number
  /** an unpaid hold's cut-off; null for a paid reservation */
  readonly holdDeadlineMs: number | null
}

/**
 * One state, the first that holds: every ticket cancelled; an unpaid hold, held until its cut-off and released
 * after it (nothing of it was bought, so it is neither active nor paid); a ticket scanned at the entrance;
 * collected at the box office; the presentation has begun (past); some tickets cancelled; else active.
 */
export const reservationState = (facts: ReservationFacts, nowMs: number): ReservationState => {
  // an unpaid hold past its cut-off is released, even once the reconciler voided it (its tickets cancelled)
  if (facts.holdDeadlineMs !== null && facts.holdDeadlineMs <= nowMs) return "released"
  if (facts.ticketCount > 0 && facts.cancelledCount >= facts.ticketCount) return "cancelled"
  if (facts.holdDeadlineMs !== null) return "held"
  if (facts.scannedCount > 0) return "scanned"
  if (facts.collected) return "collected"
  if (facts.startsAtMs <= nowMs) return "past"
  if (facts.cancelledCount > 0) return "partlyCancelled"
  return "active"
}

export interface Cancellability {
  readonly isCancellable: boolean
  readonly cancellableUntilMs: number
  readonly reason: NotCancellableReason | null
}

/** Cancellable while tickets are left, none used or collected, and until `cutoffMinutes` before the start. */
export const cancellability = (
  facts: ReservationFacts,
  nowMs: number,
  cutoffMinutes: number,
): Cancellability => {
  const cancellableUntilMs = facts.startsAtMs - cutoffMinutes * 60_000
  const reason: NotCancellableReason | null =
    facts.cancelledCount >= facts.ticketCount
      ? "nothingLeft"
      : facts.scannedCount > 0
        ? "scanned"
        : facts.collected
          ? "collected"
          : facts.startsAtMs <= nowMs
            ? "past"
            : nowMs >= cancellableUntilMs
              ? "cutOff"
              : null
  return { isCancellable: reason === null, cancellableUntilMs, reason }
}

export type VoucherState =
  | "active"
  | "partiallyRedeemed"
  | "fullyRedeemed"
  | "expired"
  | "forReplacement"
  | "cancelled"

export interface VoucherFacts {
  readonly cancelled: boolean
  readonly isForReplacement: boolean
  readonly endsOn: string
  /** what is left and what it was worth (agorot or tickets) */
  readonly balance: number
  readonly quantity: number
}

/** Cancelled; nothing left; past its last day; marked for replacement; something spent; else active. */
export const voucherState = (facts: VoucherFacts, today: string): VoucherState => {
  if (facts.cancelled) return "cancelled"
  if (facts.balance <= 0) return "fullyRedeemed"
  if (facts.endsOn < today) return "expired"
  if (facts.isForReplacement) return "forReplacement"
  if (facts.balance < facts.quantity) return "partiallyRedeemed"
  return "active"
}

/** A voucher may be cancelled online only whole: active and nothing spent from it. */
export const voucherCancellable = (state: VoucherState): boolean => state === "active"

/** A replacement gives a new validity to a voucher with something left that is not a replacement already. */
export const voucherReplaceable = (state: VoucherState): boolean =>
  state === "active" || state === "partiallyRedeemed" || state === "expired"

export type MemberState = "notStarted" | "active" | "expired"

export const memberState = (startDate: string, endDate: string, today: string): MemberState =>
  today < startDate ? "notStarted" : today > endDate ? "expired" : "active"

/** Renewal is offered to an active membership within `windowDays` of its last day (spec §4 "near expiry"). */
export const renewalOffered = (state: MemberState, endDate: string, lastOfferDay: string): boolean =>
  state === "active" && endDate <= lastOfferDay

export type VodState = "future" | "available" | "expired"

export const vodState = (fromMs: number, untilMs: number, nowMs: number): VodState =>
  nowMs < fromMs ? "future" : nowMs >= untilMs ? "expired" : "available"
