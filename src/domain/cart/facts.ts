import { Schema } from "effect"
import { LOCK_REFUSALS, UNLOCK_REFUSALS, UNRECOGNISED_REFUSAL } from "../seating/refusals.ts"
import { BoundedArray, LIMITS } from "../shared/wireLimits.ts"
import { WireText } from "../shared/wireText.ts"
import { Agorot, SeatPlace } from "./values.ts"

/**
 * The facts cart events carry. An event records what was known when it happened (a price, a presentation's auth
 * profile), so replaying an old log gives the same cart even after the catalogue changed.
 */

/** What the cart rules need of a presentation (spec §3 Presentation), copied into `PresentationSelected`. */
export const PresentationFacts = Schema.Struct({
  id: Schema.Int,
  venueId: Schema.Int,
  venueTypeId: Schema.Int,
  seatplanId: Schema.NullOr(Schema.Int),
  authProfileId: Schema.Int,
  businessId: Schema.Int,
  locationId: Schema.Int,
  /** ISO 8601 with the Asia/Jerusalem offset of that moment */
  dateTime: WireText,
})
export type PresentationFacts = typeof PresentationFacts.Type

/**
 * A ticket as it sits on a cart seat line (spec §3 Ticket and Cart seat line). Amounts are agorot per seat
 * line: the caller prices the second seat of a sofa-for-two ticket (`isMultiplyFactorSubTicket`) at 0.
 */
export const CartTicket = Schema.Struct({
  ticketId: Schema.Int,
  ticketGroupId: Schema.Int,
  pricePolicyId: Schema.Int,
  price: Agorot,
  oldPrice: Schema.NullOr(Agorot),
  serviceCharge: Agorot,
  /** seats one ticket covers; first-ticket auto-select only takes 1 or less */
  multiplyFactor: Schema.Int,
  /** hotel guests and partners: a reference prompt the buyer must answer, so never auto-selected */
  requiresReference: Schema.Boolean,
  isMemberOnly: Schema.Boolean,
  /** how many of this ticket the buyer may take in all (a member's or voucher's balance); null: no limit */
  balance: Schema.NullOr(Schema.Int),
  code: Schema.NullOr(WireText),
  membershipLoyaltyId: Schema.NullOr(Schema.Int),
  membershipLoyaltyTicketId: Schema.NullOr(Schema.Int),
  memberNumber: Schema.NullOr(WireText),
  /** the system voucher that pays for this ticket; not allowed on an auto-selected ticket of a hold order */
  systemVoucher: Schema.NullOr(WireText),
  discountId: Schema.NullOr(Schema.Int),
  /** the amount the applied discount took off, agorot */
  appliedDiscount: Schema.NullOr(Agorot),
  selectedAddons: BoundedArray(Schema.Int, LIMITS.lines),
  /** older logs' mark of a seat paid with points; new ones set `isLoyaltyPointsRedemption` */
  loyaltyRedemptionCustomerId: Schema.NullOr(Schema.Int),
  /** paid with the points of the member `memberNumber` names (the server spends them for a member the cart proved) */
  isLoyaltyPointsRedemption: Schema.optionalKey(Schema.Boolean),
  ref1: Schema.NullOr(WireText),
  ref2: Schema.NullOr(WireText),
})
export type CartTicket = typeof CartTicket.Type

/**
 * One seat of a lock verdict (SeatsApi `LockedSeat` plus what the seat map knew of it). For a general-admission
 * section the server picks the place, so these may differ from the seats the request named. `ticket` is the
 * first ticket the browser auto-selected for it, or null when none was.
 */
export const LockedCartSeat = Schema.Struct({
  ...SeatPlace.fields,
  RowName: WireText,
  SeatName: WireText,
  TicketGroupId: Schema.NullOr(Schema.Int),
  allocationId: Schema.NullOr(Schema.Int),
  ticket: Schema.NullOr(CartTicket),
})
export type LockedCartSeat = typeof LockedCartSeat.Type

/**
 * Why the server refused a lock, as the log records it: the codes of `src/domain/seating/refusals.ts` (the ones the
 * contract answers), and the spec's "Error occurred" for an answer with none of them.
 */
export const LockRejectionReason = Schema.Literals([...LOCK_REFUSALS, UNRECOGNISED_REFUSAL])
export type LockRejectionReason = typeof LockRejectionReason.Type

export const UnlockRejectionReason = Schema.Literals([...UNLOCK_REFUSALS, UNRECOGNISED_REFUSAL])
export type UnlockRejectionReason = typeof UnlockRejectionReason.Type

/** The customer as the cart sends it (spec §3 Customer, the fields an order uses), wire names. */
export const CustomerInfo = Schema.Struct({
  /** null for a buyer who did not log in */
  CustomerId: Schema.NullOr(Schema.Int),
  FirstName: WireText,
  LastName: WireText,
  EmailAddress1: WireText,
  MobileNumber1: WireText,
  SSN: Schema.NullOr(WireText),
  Address1: Schema.NullOr(WireText),
  Address2: Schema.NullOr(WireText),
  City: Schema.NullOr(WireText),
  PostalCode: Schema.NullOr(WireText),
  DateOfBirth: Schema.NullOr(WireText),
  IsSMSAllowed: Schema.Boolean,
  IsEmailAllowed: Schema.Boolean,
  IsMailingAllowed: Schema.Boolean,
})
export type CustomerInfo = typeof CustomerInfo.Type

/**
 * A membership the logged-in customer holds (spec §3 Member). `name` is the membership's name. A loyalty login by
 * member number (param 64, `GET /presentations/{id}/loyaltyMember`) also brings `memberCustomerName` (the
 * holder's first name and initial) and `pointsBalance` (the points it may spend, as known at login); both are
 * optional so logs written before them read unchanged.
 */
export const Member = Schema.Struct({
  name: WireText,
  memberCustomerName: Schema.optionalKey(WireText),
  pointsBalance: Schema.optionalKey(Schema.Int),
  membershipId: Schema.Int,
  membershipTypeId: Schema.Int,
  membershipIdentifier: WireText,
  memberNumber: WireText,
  /** logs written before issue 14, item 1 kept the member's customer id; the server no longer tells it */
  customerId: Schema.optionalKey(Schema.Int),
  balance: Schema.Int,
  usedBalance: Schema.Int,
  isAvailable: Schema.Boolean,
  isExpired: Schema.Boolean,
  isNotStarted: Schema.Boolean,
  allowMemberSaleTickets: Schema.Boolean,
})
export type Member = typeof Member.Type

export const MembershipReference = Schema.Struct({
  reference1: WireText,
  reference2: Schema.NullOr(WireText),
})
export type MembershipReference = typeof MembershipReference.Type

/** The system voucher paying part of the order (spec §3 Cart voucherPayments), before its amount is known. */
export const VoucherPaymentFacts = Schema.Struct({
  id: Schema.Int,
  /** the voucher's reference as the buyer typed it */
  systemVoucher: WireText,
  systemVoucherItemId: Schema.Int,
  /** what is left on the voucher, agorot (`GET /payment/voucher`) */
  balance: Agorot,
})
export type VoucherPaymentFacts = typeof VoucherPaymentFacts.Type

/**
 * The order's figures as the server recomputed them at commit (PaymentApi `CommitResult`), agorot. The pay step
 * shows these after commit rather than the cart's own sums: the server's prices are the ones charged.
 */
export const OrderAmounts = Schema.Struct({
  total: Agorot,
  serviceCharge: Agorot,
  /** taken from the voucher payment */
  voucherAmount: Agorot,
  /** what a payment provider must still capture; 0 when the voucher paid it all */
  amountDue: Agorot,
})
export type OrderAmounts = typeof OrderAmounts.Type

/** Where the reservation stands: awaiting payment until a provider captured the whole amount; voided frees it. */
export const OrderStatus = Schema.Literals(["awaitingPayment", "paid", "voided"])
export type OrderStatus = typeof OrderStatus.Type

/** How a payment ended, as the server's completion answered it. */
export const PaymentOutcome = Schema.Literals(["paid", "failed", "cancelled"])
export type PaymentOutcome = typeof PaymentOutcome.Type
