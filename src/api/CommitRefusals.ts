import { Schema } from "effect"

/**
 * Why a commit (`POST /payment/commit`, src/api/PaymentApi.ts) refused an order: the codes and errors of the commit
 * itself, apart from the payment's. Nothing was written when one of these is answered.
 */

/**
 * Why a commit changed nothing. The spec's "Error processing Transaction" (`error: "lastCommit"`) with our code:
 * - `priceMismatch`, `serviceChargeMismatch`, `currencyMismatch`: the cart's amounts differ from the server's
 * - `unknownTicket`, `ticketNotForSeat`, `unknownProduct`: the cart names something not sold here
 * - `holdLost`: a seat is not (or no longer) held by this cart
 * - `emptyCart`, `mixedPresentations`, `notOnSale`, `ticketCombination`, `seatCount`
 * - `voucherNotFound`, `voucherExpired`, `voucherBalance` (spec: "no balance left to redeem the benefit")
 *   for a money voucher paying the order and for a ticket voucher paying seats (`ticket.systemVoucher`)
 * - `memberInvalid`: a member-only ticket's member is unknown, not active, not allowed member prices or out of
 *   entries; `referenceInvalid`: a reference ticket's reference1 is missing, unknown or used up
 * - `pointsBalance`: the tickets paid with loyalty points need more points than the member has;
 *   `loyaltyTicketLimit`: more loyalty-priced tickets than one order may hold; `priceLevel`: seats from more
 *   than one price level (src/domain/order/ticketRules.ts)
 * - `customerInfoInvalid`
 * - `mixedCart`: lines of two order kinds; `voucherNotAccepted`: a money voucher paying for vouchers
 * - `mixedPresentations`: showings one order cannot hold together (another location, business or auth profile)
 * - `holdRequiresMembership`, `premiumSeatOnHold`, `holdTooLate`: an unpaid hold (`cart.isHold`) refused
 * - `idempotencyKeyReused`: the key was used for a different cart
 */
export const CommitFailureCode = Schema.Literals([
  "priceMismatch",
  "serviceChargeMismatch",
  "currencyMismatch",
  "unknownTicket",
  "ticketNotForSeat",
  "unknownProduct",
  "holdLost",
  "emptyCart",
  "mixedPresentations",
  "notOnSale",
  "ticketCombination",
  "seatCount",
  "voucherNotFound",
  "voucherExpired",
  "voucherBalance",
  "customerInfoInvalid",
  "idempotencyKeyReused",
  // a member-only ticket without an active member allowed member prices (or a punch card without entries left)
  "memberInvalid",
  // a hotel or partner ticket without its reference1, or with one that is unknown or used up
  "referenceInvalid",
  // spec §5: the points balance limits redemption, the cap on loyalty-discounted tickets, one price level
  "pointsBalance",
  "loyaltyTicketLimit",
  "priceLevel",
  // lines of two order kinds in one cart (src/domain/cart/orderKind.ts: one kind per order)
  "mixedCart",
  // a money voucher offered to pay for an order it may not pay (a voucher cannot buy another voucher)
  "voucherNotAccepted",
  // spec §9: at most 10 vouchers in one order
  "tooManyVouchers",
  // an open-price voucher outside its class's min–max, or a fixed price that is not the class's own
  "voucherPriceInvalid",
  // spec §5: a voucher type sold through customer service only
  "notSoldOnline",
  // a donation's custom amount below its detail's least, or an amount on a fixed-amount detail
  "donationAmountInvalid",
  // memberships (spec §8 membership order errors, §5, §9; src/server/payment/itemOrders/membershipsOrder.ts)
  "noMembershipsForSale",
  "membershipPriceNotFound",
  "membershipCodeAlreadyEntered",
  "memberNotFound",
  "membershipQuantity",
  "membershipSeatRequired",
  // video on demand belongs to an owner: the buyer must be signed in (the `uuid` header)
  "signInRequired",
  // issue 16, unpaid holds (spec §5): only a signed-in customer with an active membership may hold; a premium
  // seat cannot be held (the buyer is offered a regular seat); nothing can be held within 30 minutes of the show
  "holdRequiresMembership",
  "premiumSeatOnHold",
  "holdTooLate",
  // season enrolment (spec §8 Enrolment; src/server/payment/itemOrders/enrolmentOrder.ts): the member is enrolled
  // already; the season is not open to this membership; a showing not of the season (or started, or twice); a
  // required showing left out; a ticket type the season does not offer; required showings not on one member seat
  "ALREADY_ENROLLED",
  "enrolmentClosed",
  "enrolmentPresentation",
  "enrolmentRequiredMissing",
  "enrolmentTicket",
  "enrolmentMemberSeat",
  // issue 19: a partner's order that is not the partner's (src/server/miniSite/commitReferral.ts)
  "miniSiteInvalid",
  // spec §8 "integration data error": an integration id unknown or lapsed
  "integrationDataError",
  // spec §8 "location offline": a showing of a cinema offline for sales (src/domain/shared/onSale.ts)
  "locationOffline",
])
export type CommitFailureCode = typeof CommitFailureCode.Type

export class CommitFailed extends Schema.TaggedError<CommitFailed>()(
  "CommitFailed",
  {
    error: Schema.Literal("lastCommit"),
    message: Schema.Literal("Error processing Transaction"),
    code: CommitFailureCode,
  },
  { httpApiStatus: 422 },
) {}

/**
 * A `numberOfPayments` the order's amount does not allow (src/domain/pricing/instalments.ts); `allowed` is what
 * the buyer may choose instead. A request error (400), not a commit refusal: the pay step offers only those.
 */
export class InstalmentsNotAllowed extends Schema.TaggedError<InstalmentsNotAllowed>()(
  "InstalmentsNotAllowed",
  { error: Schema.Literal("instalmentsNotAllowed"), allowed: Schema.Array(Schema.Int) },
  { httpApiStatus: 400 },
) {}

/**
 * The buyer's answers do not allow the order (400: the request is at fault, nothing was written); the browser
 * asks again on the step that asks them:
 * - `termsRequired`: the terms of purchase are required (config flag `termsRequired`) and not accepted;
 * - `additionalTermRequired`: a required additional term of the order type's form (SUMMER_PROMO) is missing;
 * - `invoiceInvalid`: invoice details sent while param 66 is off, or breaking the invoice rules.
 */
export const CommitAnswersCode = Schema.Literals([
  "termsRequired",
  "additionalTermRequired",
  "invoiceInvalid",
  // the buyer's details break the form's rules (src/domain/order/customerInfo.ts customerInfoErrors)
  "customerInfoInvalid",
  // issue 19, the child waiver (src/domain/waiver/waiver.ts): missing, unsigned, or a child ticket that does not
  // suit a child's age
  "waiverRequired",
  "waiverSignature",
  "waiverSigner",
  "waiverNoChildren",
  "waiverChildInvalid",
  "waiverChildCount",
  "waiverChildTooYoung",
  "waiverChildTooOld",
])
export type CommitAnswersCode = typeof CommitAnswersCode.Type

export class CommitAnswersRefused extends Schema.TaggedError<CommitAnswersRefused>()(
  "CommitAnswersRefused",
  { code: CommitAnswersCode },
  { httpApiStatus: 400 },
) {}

/**
 * The site verifies the buyer's mobile number (flag `mobileVerification`) or e-mail address
 * (`emailVerification`) and this cart has not verified the one in the customer info (400: nothing was written);
 * the browser sends the buyer back to the customer step to verify it. `channel`: the first one missing, mobile
 * first.
 */
export class ContactNotVerified extends Schema.TaggedError<ContactNotVerified>()(
  "ContactNotVerified",
  { error: Schema.Literal("contactNotVerified"), channel: Schema.Literals(["mobile", "email"]) },
  { httpApiStatus: 400 },
) {}

/**
 * A seat paid with loyalty points whose member this cart has not proved (issue 14, item 1): the ticket step's
 * loyalty login (member number with the holder's ID number, or the signed-in holder) must come first; a customer
 * id or member number in the request proves nothing (400: nothing was written). The browser sends the buyer back
 * to the tickets to log the member in again.
 */
export class LoyaltyMemberNotProven extends Schema.TaggedError<LoyaltyMemberNotProven>()(
  "LoyaltyMemberNotProven",
  { error: Schema.Literal("loyaltyMemberNotProven") },
  { httpApiStatus: 400 },
) {}

/** Spec §8: a second commit for a paid order ("check your e-mail for the confirmation"). */
export class OrderAlreadyPaid extends Schema.TaggedError<OrderAlreadyPaid>()(
  "OrderAlreadyPaid",
  { error: Schema.Literal("ORDER_ALREADY_PAID"), reservationIdentifier: Schema.String },
  { httpApiStatus: 409 },
) {}
