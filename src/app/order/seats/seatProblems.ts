import type { LockRejectionReason, UnlockRejectionReason } from "../../../domain/cart/facts.ts"
import type { Translate } from "../../i18n/useI18n.ts"

/**
 * What the seat step says when the server refuses a seat. Both switches are exhaustive over the codes of
 * `src/domain/seating/refusals.ts` (narrowed at the edge by app/seating/seatsClient.ts): a code added there fails
 * to compile here until it has its words, instead of showing "Error occurred".
 */

/** Reached only when a case is missing; the `never` parameter makes that a compile error. */
const noTextFor = (code: never): never => {
  throw new Error(`no text for the seat refusal ${String(code)}`)
}

/** `held`: how many seats the cart already holds (the cap's text names it). */
export const lockProblemText = (reason: LockRejectionReason, held: number, t: Translate): string => {
  switch (reason) {
    case "lock_seat_error":
    case "singleSeatError":
    case "premiumSeatOnHold":
    case "clientSeatLimitReached":
    case "seatHoldsTooFast":
    case "seatLockBusy":
    case "notOnSale":
    case "noEventFound":
    case "recaptcha_repeated":
    case "unknownSeat":
    case "locationOffline":
      return t(`order.problems.${reason}`)
    case "seatLimitReached":
      // the limit is reached when the seats already held are all this cart may hold
      return t("order.problems.seatLimitReached", { n: held })
    case "RECAPTCHA_REQUIRED":
      return t("order.problems.humanCheck")
    // the request itself was malformed, or the answer named no code (a bug, not the buyer's doing): try again
    case "noSeat":
    case "duplicateSeat":
    case "tooManySeats":
    case "mixedPresentations":
    case "mixedSections":
    case "Error occurred":
      return t("order.problems.lockFailed")
    default:
      return noTextFor(reason)
  }
}

export const unlockProblemText = (reason: UnlockRejectionReason, t: Translate): string => {
  switch (reason) {
    // spec §8: 'Seat no longer available' for lock and unlock failures alike (this cart no longer holds it)
    case "unlock_seat_error":
    case "seatLockBusy":
    case "notOnSale":
    case "noEventFound":
    case "recaptcha_repeated":
    case "unknownSeat":
      return t(`order.problems.${reason}`)
    case "RECAPTCHA_REQUIRED":
      return t("order.problems.humanCheck")
    case "noSeat":
    case "duplicateSeat":
    case "tooManySeats":
    case "mixedPresentations":
    case "mixedSections":
    case "Error occurred":
      return t("order.problems.unlockFailed")
    default:
      return noTextFor(reason)
  }
}
