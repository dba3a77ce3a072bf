import { Config } from "effect"

/**
 * The customer area's settings, from the environment (server README):
 *
 * - CANCELLATION_CUTOFF_MINUTES (default 60): how long before a presentation starts a reservation may still be
 *   cancelled online. An hour leaves a freed seat time to be found and bought online (what's on lists the
 *   presentation until it starts) and is as late as the box office can still reallocate seats before the
 *   30-minute collection deadline of unpaid holds (spec §9); later than that, the box office decides.
 * - REPLACEMENT_VOUCHER_VALIDITY_DAYS (default 30; spec §9 "not shown"): how long a voucher made a replacement
 *   is valid from the day it is made one: a month to use it, as a replacement is for a voucher about to lapse.
 * - MEMBERSHIP_RENEWAL_WINDOW_DAYS (default 30): how near its end an active membership offers renewal (§4).
 */
export interface AreaConfig {
  readonly cancellationCutoffMinutes: number
  readonly replacementValidityDays: number
  readonly renewalWindowDays: number
}

const nonNegative = (name: string, fallback: number) =>
  Config.Int(name).pipe(
    Config.withDefault(fallback),
    Config.map((value) => Math.max(0, value)),
  )

export const AreaConfig: Config.Config<AreaConfig> = Config.all({
  cancellationCutoffMinutes: nonNegative("CANCELLATION_CUTOFF_MINUTES", 60),
  replacementValidityDays: nonNegative("REPLACEMENT_VOUCHER_VALIDITY_DAYS", 30),
  renewalWindowDays: nonNegative("MEMBERSHIP_RENEWAL_WINDOW_DAYS", 30),
})
