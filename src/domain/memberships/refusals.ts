/**
 * Every membership refusal a screen shows, by the code it arrives with (the commit's `CommitFailed.code`, the seat
 * calls' `error`; a membership seat's `lock_seat_error` is shown as `seatTaken`). Each has its text at
 * `memberships.errors.<code>` in every locale (tests/api/membershipTexts.test.ts). In the domain, not the contract,
 * so the browser's payment dialog names them without loading the contract's schemas.
 */
export const MEMBERSHIP_REFUSALS = [
  "noMembershipsForSale",
  "membershipPriceNotFound",
  "membershipCodeAlreadyEntered",
  "memberNotFound",
  "membershipQuantity",
  "membershipSeatRequired",
  "membershipNotSelected",
  "membershipQuantityExceeded",
  "currencyMismatch",
  "seatTaken",
] as const
export type MembershipRefusal = (typeof MEMBERSHIP_REFUSALS)[number]
