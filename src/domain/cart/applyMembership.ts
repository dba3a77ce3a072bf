import type { CommitMembershipSeat } from "./commitCart.ts"
import type { MembershipSeatHeld, MembershipSeatLetGo, MembershipTopupChosen } from "./otherOrderEvents.ts"
import type { Cart } from "./state.ts"

/**
 * A membership order's own facts (issue 16): the season seat the server holds for the cart, and the member a
 * top-up is for. Both belong to the memberships cart type: choosing another type or a reset clears them.
 */

/** The server's verdict is final: a later hold replaces an earlier one (the lock allows one seat per order). */
export const applyMembershipSeatHeld = (cart: Cart, event: MembershipSeatHeld): Cart => ({
  ...cart,
  membershipSeat: {
    membershipId: event.membershipId,
    VenueSectionId: event.VenueSectionId,
    XCoordinate: event.XCoordinate,
    YCoordinate: event.YCoordinate,
    RowName: event.RowName,
    SeatName: event.SeatName,
    expiresAt: event.expiresAt,
  },
})

/** Letting go of another membership's seat than the one held changes nothing. */
export const applyMembershipSeatLetGo = (cart: Cart, event: MembershipSeatLetGo): Cart =>
  cart.membershipSeat?.membershipId === event.membershipId ? { ...cart, membershipSeat: null } : cart

export const applyMembershipTopupChosen = (cart: Cart, event: MembershipTopupChosen): Cart => ({
  ...cart,
  topupMemberNumber: event.memberNumber,
})

/** The season seat the commit names for a new membership, or null when the cart holds none for it. */
export const membershipSeatOf = (cart: Cart, membershipId: number): CommitMembershipSeat | null => {
  const held = cart.membershipSeat ?? null
  return held === null || held.membershipId !== membershipId
    ? null
    : { VenueSectionId: held.VenueSectionId, XCoordinate: held.XCoordinate, YCoordinate: held.YCoordinate }
}

/** A top-up names its member (the buyer's choice); any other order the member the cart's login fixed. */
export const membershipIdentifierOf = (cart: Cart): string | null => {
  const topup = cart.topupMemberNumber ?? null
  return topup !== null && cart.memberships.some((line) => line.isTopup) ? topup : cart.membershipIdentifier
}
