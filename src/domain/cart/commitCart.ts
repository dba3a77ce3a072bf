import { Result, Schema } from "effect"
import { orderTotal, voucherPaymentAmount } from "../pricing/voucherPayment.ts"
import { BoundedArray, LIMITS } from "../shared/wireLimits.ts"
import { WireText } from "../shared/wireText.ts"
import { membershipIdentifierOf, membershipSeatOf } from "./applyMembership.ts"
import { CustomerInfo, MembershipReference } from "./facts.ts"
import { canBuildCommit, isPaidWithPoints } from "./rules.ts"
import { allSeats, type Cart, type CartRuleViolation, type CartSeat } from "./state.ts"
import { Agorot, agorot } from "./values.ts"

/**
 * The commit cart: the payload of `POST /payment/commit` (spec §7), built from the projection with the field
 * names of spec §3 "Cart" and "Cart seat line". Amounts are integer agorot, as everywhere on our wire.
 */

export const CommitTicket = Schema.Struct({
  prsntId: Schema.Int,
  ticketGroupId: Schema.Int,
  venueId: Schema.Int,
  seatplanId: Schema.NullOr(Schema.Int),
  sectionId: Schema.Int,
  ticketId: Schema.Int,
  membershipLoyaltyId: Schema.NullOr(Schema.Int),
  membershipLoyaltyTicketId: Schema.NullOr(Schema.Int),
  amount: Agorot,
  serviceCharge: Agorot,
  pricePolicyId: Schema.Int,
  allocationId: Schema.NullOr(Schema.Int),
  code: Schema.NullOr(WireText),
  oldPrice: Schema.NullOr(Agorot),
  selectedAddons: BoundedArray(Schema.Int, LIMITS.lines),
  discountId: Schema.NullOr(Schema.Int),
  appliedDiscount: Schema.NullOr(Agorot),
  // the spec's optional ones: present only when they have a value
  /** kept for older carts; the server never trusts it (the member whose points pay is the one the cart proved) */
  loyaltyRedemptionCustomerId: Schema.optionalKey(Schema.Int),
  /** the seat is paid with the points of the member `memberNumber` names, one this cart proved at its login */
  isLoyaltyPointsRedemption: Schema.optionalKey(Schema.Boolean),
  memberNumber: Schema.optionalKey(WireText),
  systemVoucher: Schema.optionalKey(WireText),
  ref1: Schema.optionalKey(WireText),
  ref2: Schema.optionalKey(WireText),
})
export type CommitTicket = typeof CommitTicket.Type

export const CommitSeatLine = Schema.Struct({
  XCoordinate: Schema.Int,
  YCoordinate: Schema.Int,
  RowName: WireText,
  SeatName: WireText,
  isFirstAddonSelected: Schema.Boolean,
  isMultiplyFactorSubTicket: Schema.Boolean,
  seatModifiers: BoundedArray(Schema.Int, LIMITS.lines),
  ticket: CommitTicket,
})
export type CommitSeatLine = typeof CommitSeatLine.Type

export const CommitVoucherPayment = Schema.Struct({
  amount: Agorot,
  id: Schema.Int,
  systemVoucher: WireText,
  systemVoucherItemId: Schema.Int,
})

export const PaypalPayment = Schema.Struct({
  payerId: WireText,
  paymentId: WireText,
  token: WireText,
  amount: Agorot,
  orderId: WireText,
})
export type PaypalPayment = typeof PaypalPayment.Type

/** A membership's season seat by its grid coordinates in the membership venue's seatplan. */
export const CommitMembershipSeat = Schema.Struct({
  VenueSectionId: Schema.Int,
  XCoordinate: Schema.Int,
  YCoordinate: Schema.Int,
})
export type CommitMembershipSeat = typeof CommitMembershipSeat.Type
/**
 * Access to a video-on-demand presentation (venue types 101–104; issue 16): no seat, one viewer's access, bought
 * at the price of one of its venue's VOD tickets. The buyer is the signed-in customer, never an id in the cart.
 */
export const CommitVodLine = Schema.Struct({
  prsntId: Schema.Int,
  ticketId: Schema.Int,
  amount: Agorot,
})
export type CommitVodLine = typeof CommitVodLine.Type

/**
 * A member's enrolment in a season (spec §3 "Enrol membership"; issue 16): the signed-in customer's member
 * `memberNumber` of `membershipId`, the ticket type chosen, and each showing enrolled with the seat the cart holds
 * in it (`PUT /enroll/{membershipId}/lock-seat`) and its amount. The server prices it again from its own rows.
 */
export const CommitEnrolLine = Schema.Struct({
  membershipId: Schema.Int,
  memberNumber: WireText,
  seasonId: Schema.Int,
  ticketGroupId: Schema.Int,
  ticketId: Schema.NullOr(Schema.Int),
  presentations: BoundedArray(
    Schema.Struct({ presentationId: Schema.Int, seat: CommitMembershipSeat, amount: Agorot }),
    LIMITS.lines,
  ),
})
export type CommitEnrolLine = typeof CommitEnrolLine.Type

/** Modifying an existing reservation instead of making a new one. */
export const CommitModify = Schema.Struct({
  resId: WireText,
  lastTransactionId: WireText,
  tickets: BoundedArray(WireText, LIMITS.seats),
})
export type CommitModify = typeof CommitModify.Type

export const CommitCart = Schema.Struct({
  customerInfo: Schema.NullOr(CustomerInfo),
  membershipIdentifier: Schema.NullOr(WireText),
  membershipLoyaltyId: Schema.NullOr(Schema.Int),
  /** always null: card details go to the provider's hosted page and never pass through the cart */
  creditcardInfo: Schema.Null,
  saveMagCard: Schema.Boolean,
  paypal: Schema.NullOr(PaypalPayment),
  paymentIdentifier: Schema.NullOr(WireText),
  numberOfPayments: Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(1))),
  voucherPayments: BoundedArray(CommitVoucherPayment, LIMITS.lines),
  authProfileId: Schema.NullOr(Schema.Int),
  businessId: Schema.NullOr(Schema.Int),
  locationId: Schema.NullOr(Schema.Int),
  isHold: Schema.Boolean,
  referralMiniSiteId: Schema.NullOr(Schema.Int),
  startDateTime: Schema.NullOr(WireText),
  seats: BoundedArray(CommitSeatLine, LIMITS.seats),
  products: BoundedArray(Schema.Struct({ id: Schema.Int, quantity: Schema.Int }), LIMITS.lines),
  memberships: BoundedArray(
    Schema.Struct({
      membershipId: Schema.Int,
      membershipPriceId: Schema.Int,
      currencyId: Schema.Int,
      references: BoundedArray(MembershipReference, LIMITS.lines),
      /**
       * the season seat of a membership with a seat (`PUT /membership/lock-seat` held it for this cart in every
       * future showing of its series); null for one without a seat and for a top-up
       */
      seat: Schema.NullOr(CommitMembershipSeat),
      isTopup: Schema.Boolean,
      quantity: Schema.Int,
    }),
    LIMITS.lines,
  ),
  vouchers: BoundedArray(
    Schema.Struct({
      systemVoucherId: Schema.Int,
      systemVoucherPriceId: Schema.Int,
      price: Agorot,
      quantity: Schema.Int,
    }),
    LIMITS.lines,
  ),
  donations: BoundedArray(
    Schema.Struct({
      donationId: Schema.Int,
      donationDetailId: Schema.Int,
      quantity: Schema.Int,
      customAmount: Schema.NullOr(Agorot),
    }),
    LIMITS.lines,
  ),
  /** video on demand; absent on every other cart, so their commit carts (and fingerprints) are unchanged */
  vod: Schema.optionalKey(CommitVodLine),
  /** season enrolment; absent on every other cart, like `vod` */
  enrolment: Schema.optionalKey(CommitEnrolLine),
  /** a booking fee per order rather than per ticket */
  globalServiceCharge: Agorot,
  modify: Schema.NullOr(CommitModify),
})
export type CommitCart = typeof CommitCart.Type

/**
 * A commit cart that buys nothing yet, for the buyer given: the orders built outside the cart log (the tests'
 * vouchers, food and titles) add their lines to it.
 */
export const emptyCommitCart = (customerInfo: CustomerInfo | null): CommitCart => ({
  customerInfo,
  membershipIdentifier: null,
  membershipLoyaltyId: null,
  creditcardInfo: null,
  saveMagCard: false,
  paypal: null,
  paymentIdentifier: null,
  numberOfPayments: 1,
  voucherPayments: [],
  authProfileId: null,
  businessId: null,
  locationId: null,
  isHold: false,
  referralMiniSiteId: null,
  startDateTime: null,
  seats: [],
  products: [],
  memberships: [],
  vouchers: [],
  donations: [],
  globalServiceCharge: agorot(0),
  modify: null,
})

/** What the payment step adds; everything else comes from the cart. */
export interface CommitOptions {
  /** spec §9: payments default to 1 instalment */
  readonly numberOfPayments?: number
  readonly referralMiniSiteId?: number | null
  readonly globalServiceCharge?: Agorot
  readonly saveMagCard?: boolean
  readonly paypal?: PaypalPayment | null
  readonly paymentIdentifier?: string | null
  readonly modify?: CommitModify | null
  /** where food alone is collected (a cart without a showing names no location of its own) */
  readonly locationId?: number | null
}

const optional = <K extends string, V>(key: K, value: V | null): { [P in K]?: V } =>
  (value === null ? {} : { [key]: value }) as { [P in K]?: V }

const seatLine = (cart: Cart, seat: CartSeat): CommitSeatLine | null => {
  const ticket = seat.ticket
  const presentation = cart.presentations.find((p) => p.facts.id === seat.presentationId)
  if (ticket === null || presentation === undefined) return null
  return {
    XCoordinate: seat.x,
    YCoordinate: seat.y,
    RowName: seat.RowName,
    SeatName: seat.SeatName,
    isFirstAddonSelected: seat.isFirstAddonSelected,
    isMultiplyFactorSubTicket: seat.isMultiplyFactorSubTicket,
    seatModifiers: seat.seatModifiers,
    ticket: {
      prsntId: presentation.facts.id,
      ticketGroupId: ticket.ticketGroupId,
      venueId: presentation.facts.venueId,
      seatplanId: presentation.facts.seatplanId,
      sectionId: seat.VenueSectionId,
      ticketId: ticket.ticketId,
      membershipLoyaltyId: ticket.membershipLoyaltyId,
      membershipLoyaltyTicketId: ticket.membershipLoyaltyTicketId,
      amount: ticket.price,
      serviceCharge: ticket.serviceCharge,
      pricePolicyId: ticket.pricePolicyId,
      allocationId: seat.allocationId,
      code: ticket.code,
      oldPrice: ticket.oldPrice,
      selectedAddons: ticket.selectedAddons,
      discountId: ticket.discountId,
      appliedDiscount: ticket.appliedDiscount,
      ...(isPaidWithPoints(ticket) ? { isLoyaltyPointsRedemption: true } : {}),
      ...optional("memberNumber", ticket.memberNumber),
      ...optional("systemVoucher", ticket.systemVoucher),
      ...optional("ref1", ticket.ref1),
      ...optional("ref2", ticket.ref2),
    },
  }
}

/**
 * The commit cart, or why there is none yet (a reservation already exists, nothing to buy, a seat without a
 * ticket). authProfileId, businessId and locationId are the seated presentations' (one of each, by the
 * compatibility rule), or the first presentation's when no seat is held.
 */
export const toCommitCart = (
  cart: Cart,
  options: CommitOptions = {},
): Result.Result<CommitCart, CartRuleViolation> =>
  Result.map(canBuildCommit(cart), () => {
    const source = cart.presentations.find((p) => p.seats.length > 0) ?? cart.presentations[0]
    return {
      customerInfo: cart.customerInfo,
      membershipIdentifier: membershipIdentifierOf(cart),
      membershipLoyaltyId: cart.membershipLoyaltyId,
      creditcardInfo: null,
      saveMagCard: options.saveMagCard ?? false,
      paypal: options.paypal ?? null,
      paymentIdentifier: options.paymentIdentifier ?? null,
      numberOfPayments: options.numberOfPayments ?? 1,
      voucherPayments:
        cart.voucherPayment === null
          ? []
          : [
              {
                amount: agorot(
                  voucherPaymentAmount(
                    orderTotal(cart.totals.total, options.globalServiceCharge ?? 0),
                    cart.voucherPayment.balance,
                  ),
                ),
                id: cart.voucherPayment.id,
                systemVoucher: cart.voucherPayment.systemVoucher,
                systemVoucherItemId: cart.voucherPayment.systemVoucherItemId,
              },
            ],
      authProfileId: source?.facts.authProfileId ?? null,
      businessId: source?.facts.businessId ?? null,
      locationId: source?.facts.locationId ?? options.locationId ?? null,
      isHold: cart.isHold,
      referralMiniSiteId: options.referralMiniSiteId ?? null,
      startDateTime: cart.startDateTime,
      seats: allSeats(cart).flatMap((seat) => seatLine(cart, seat) ?? []),
      products: cart.products.map((line) => ({ id: line.productId, quantity: line.quantity })),
      memberships: cart.memberships.map((line) => ({
        membershipId: line.membershipId,
        membershipPriceId: line.membershipPriceId,
        currencyId: line.currencyId,
        references: line.references,
        seat: line.isTopup ? null : membershipSeatOf(cart, line.membershipId),
        isTopup: line.isTopup,
        quantity: line.quantity,
      })),
      vouchers: cart.vouchers.map((line) => ({
        systemVoucherId: line.systemVoucherId,
        systemVoucherPriceId: line.systemVoucherPriceId,
        price: line.price,
        quantity: line.quantity,
      })),
      donations: cart.donations.map((line) => ({
        donationId: line.donationId,
        donationDetailId: line.donationDetailId,
        quantity: line.quantity,
        customAmount: line.customAmount,
      })),
      globalServiceCharge: options.globalServiceCharge ?? agorot(0),
      modify: options.modify ?? null,
      ...(cart.vod == null
        ? {}
        : { vod: { prsntId: cart.vod.presentationId, ticketId: cart.vod.ticketId, amount: cart.vod.price } }),
    }
  })
