import type {
  CustomerInfoSet,
  HoldOrderToggled,
  LoggedIn,
  LoggedOut,
  MemberAdded,
  MemberRemoved,
  VoucherPaymentCleared,
  VoucherPaymentSet,
} from "./events.ts"
import type { Member } from "./facts.ts"
import { canPayWithVoucher, canToggleHold, isActiveMember, isPaidWithPoints } from "./rules.ts"
import { type Cart, guarded } from "./state.ts"

/** The customer, their memberships, and how the order is paid (voucher, hold). */

/**
 * Spec §4: the first available member fixes membershipLoyaltyId and membershipIdentifier. "Fixes": once set,
 * a later member does not move them, so member prices already in the basket keep meaning the same membership.
 * The loyalty id is the member's `membershipId` (the spec's Member has no other candidate; our reading).
 */
const fixMembership = (cart: Cart): Cart => {
  if (cart.membershipLoyaltyId !== null) return cart
  const first = cart.members.find(isActiveMember)
  return first === undefined
    ? cart
    : { ...cart, membershipLoyaltyId: first.membershipId, membershipIdentifier: first.membershipIdentifier }
}

export const applyCustomerInfoSet = (cart: Cart, event: CustomerInfoSet): Cart => ({
  ...cart,
  customerInfo: event.customerInfo,
})

/** The same membership added twice (a repeated lookup) replaces the first copy. */
export const applyMemberAdded = (cart: Cart, event: MemberAdded): Cart => {
  const same = (member: Member) => member.membershipIdentifier === event.member.membershipIdentifier
  const members = cart.members.some(same)
    ? cart.members.map((member) => (same(member) ? event.member : member))
    : [...cart.members, event.member]
  return fixMembership({ ...cart, members })
}

/**
 * A seat paid with a removed member's points goes back to its full price (the `oldPrice` it kept): points belong
 * to a member of this cart, and the server refuses them for any other (issue 14). The ticket step used to do this
 * itself before removing the member; the pay step, told the member is no longer proven, only removes it.
 */
const withoutPointsOf = (cart: Cart, memberNumber: string): Cart => ({
  ...cart,
  presentations: cart.presentations.map((presentation) => ({
    ...presentation,
    seats: presentation.seats.map((seat) =>
      seat.ticket === null || !isPaidWithPoints(seat.ticket) || seat.ticket.memberNumber !== memberNumber
        ? seat
        : {
            ...seat,
            ticket: {
              ...seat.ticket,
              price: seat.ticket.oldPrice ?? seat.ticket.price,
              oldPrice: null,
              memberNumber: null,
              isLoyaltyPointsRedemption: false,
              loyaltyRedemptionCustomerId: null,
            },
          },
    ),
  })),
})

/** Removing the member that fixed the membership ids lets the next available one fix them (or none). */
export const applyMemberRemoved = (cart: Cart, event: MemberRemoved): Cart => {
  const gone = cart.members.find((member) => member.membershipIdentifier === event.membershipIdentifier)
  if (gone === undefined) return cart
  const members = cart.members.filter((member) => member !== gone)
  const fixedByIt = cart.membershipIdentifier === event.membershipIdentifier
  return fixMembership({
    ...withoutPointsOf(cart, gone.memberNumber),
    members,
    ...(fixedByIt ? { membershipLoyaltyId: null, membershipIdentifier: null } : {}),
    // spec §4: a hold needs an active membership
    isHold: cart.isHold && members.some(isActiveMember),
  })
}

export const applyLoggedIn = (cart: Cart, event: LoggedIn): Cart =>
  fixMembership({ ...cart, customerInfo: event.customerInfo, members: event.members })

/**
 * Spec §4: logout clears customer info. The members and the ids they fixed came with the login and go with it;
 * a hold needs a logged-in member (spec §4), so the order turns back into a regular one.
 */
export const applyLoggedOut = (cart: Cart, _event: LoggedOut): Cart => ({
  ...cart,
  customerInfo: null,
  members: [],
  membershipLoyaltyId: null,
  membershipIdentifier: null,
  isHold: false,
})

/** Spec §4: voucher payment holds a single entry; a second voucher replaces the first. */
export const applyVoucherPaymentSet = (cart: Cart, event: VoucherPaymentSet): Cart =>
  guarded(cart, event, canPayWithVoucher(cart, event.voucherPayment), () => ({
    ...cart,
    voucherPayment: event.voucherPayment,
  }))

export const applyVoucherPaymentCleared = (cart: Cart, _event: VoucherPaymentCleared): Cart => ({
  ...cart,
  voucherPayment: null,
})

export const applyHoldOrderToggled = (cart: Cart, event: HoldOrderToggled): Cart =>
  guarded(cart, event, canToggleHold(cart, event.isHold, event.memberSignedIn === true), () => ({
    ...cart,
    isHold: event.isHold,
  }))
