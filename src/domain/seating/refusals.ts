/**
 * Why the server refuses a seat call, by family: the spec's catalogue (§8 "Seats and presentations": lock and unlock
 * failures, the single-seat rule, a premium seat on a hold, the human check, no event) and ours (the per-cart and
 * per-client caps, the per-client lock velocity, a busy database, a malformed request). The contract builds its error literals from these sets
 * (src/api/SeatsApi.ts), the browser narrows what it receives to them at the edge (app/seating/seatsClient.ts),
 * and every switch over them is exhaustive: a code added here does not compile until each screen has a text.
 */

/** `SeatLockFailed` (409): the seats cannot be held as asked. `lock_seat_error` is 'Seat no longer available'. */
export const SEAT_LOCK_FAILURES = [
  "lock_seat_error",
  "singleSeatError",
  "premiumSeatOnHold",
  "seatLimitReached",
  "clientSeatLimitReached",
] as const

/** `SeatUnlockFailed` (409): this cart does not hold every seat named (spec text 'Seat no longer available'). */
export const SEAT_UNLOCK_FAILURES = ["unlock_seat_error"] as const

/** `SeatLockBusy` (503): the database was too busy; nothing changed, safe to retry. */
export const SEAT_LOCK_BUSY = ["seatLockBusy"] as const

/** `SeatHoldsTooFast` (429): this client took more seats this minute than a buyer does (lock velocity). */
export const SEAT_HOLDS_TOO_FAST = ["seatHoldsTooFast"] as const

/** `InvalidSeatRequest` (400): a request that can never succeed as written. */
export const INVALID_SEAT_REQUESTS = [
  "noSeat",
  "duplicateSeat",
  "tooManySeats",
  "mixedPresentations",
  "mixedSections",
  "unknownSeat",
  "notOnSale",
] as const

/** `HumanCheckFailed` (400) as seat calls answer it: no live cart (`RECAPTCHA_REQUIRED`), or a repeated failure. */
export const HUMAN_CHECK_REFUSALS = ["RECAPTCHA_REQUIRED", "recaptcha_repeated"] as const

/** `EventNotFound` (404): the presentation is gone. */
export const EVENT_NOT_FOUND = ["noEventFound"] as const

/**
 * `LocationOffline` (409, src/api/partnerErrors.ts): the showing's cinema is offline for sales (spec §8 "location
 * offline"); a lock and best available answer it as the presentation calls do (src/domain/shared/onSale.ts).
 */
export const LOCATION_OFFLINE = ["locationOffline"] as const

/** An answer with no code we know (a malformed body, a server fault, no selections): the spec's 'Error occurred'. */
export const UNRECOGNISED_REFUSAL = "Error occurred"

/** Every code `PUT /seats/lock-seat` may answer. */
export const LOCK_REFUSALS = [
  ...SEAT_LOCK_FAILURES,
  ...SEAT_LOCK_BUSY,
  ...SEAT_HOLDS_TOO_FAST,
  ...INVALID_SEAT_REQUESTS,
  ...HUMAN_CHECK_REFUSALS,
  ...EVENT_NOT_FOUND,
  ...LOCATION_OFFLINE,
] as const
export type LockRefusal = (typeof LOCK_REFUSALS)[number]

/** Every code `PUT /seats/unlock-seat` may answer. */
export const UNLOCK_REFUSALS = [
  ...SEAT_UNLOCK_FAILURES,
  ...SEAT_LOCK_BUSY,
  ...INVALID_SEAT_REQUESTS,
  ...HUMAN_CHECK_REFUSALS,
  ...EVENT_NOT_FOUND,
] as const
export type UnlockRefusal = (typeof UNLOCK_REFUSALS)[number]

/** The code as the browser records it: one of `known`, or 'Error occurred' for anything else. */
export const narrowRefusal = <Code extends string>(
  known: ReadonlyArray<Code>,
  code: string,
): Code | typeof UNRECOGNISED_REFUSAL =>
  (known as ReadonlyArray<string>).includes(code) ? (code as Code) : UNRECOGNISED_REFUSAL
