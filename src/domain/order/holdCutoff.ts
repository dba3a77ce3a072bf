/**
 * Unpaid holds (issue 16, spec §9: "holds must be paid and collected at least 30 minutes before the show"): the
 * one rule of the hold's cut-off, shared by the server's commit (`src/server/payment/holdRules.ts`) and the pay
 * step that tells the buyer the deadline before they choose to hold.
 */
export const HOLD_CUTOFF_MINUTES = 30

/** The cut-off of a hold whose earliest showing starts at `startsAtMs` (epoch milliseconds). */
export const holdDeadlineMs = (startsAtMs: number): number => startsAtMs - HOLD_CUTOFF_MINUTES * 60_000
