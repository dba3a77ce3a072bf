import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { CommitCart } from "../domain/cart/commitCart.ts"
import { BoundedArray, LIMITS } from "../domain/shared/wireLimits.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { WAIVER_LIMITS } from "../domain/waiver/waiver.ts"
import { HumanCheckFailed } from "./HumanCheckApi.ts"
import { CartIfAny, CartSession, CustomerIfAny } from "./sessions.ts"
import { LocaleCode } from "./shared.ts"

/**
 * Commit and payment (spec §7 Payment and orders, §8 Order and payment).
 *
 * The order of calls:
 * 1. `POST /payment/commit` turns the cart's seat holds into a reservation awaiting payment. The browser sends
 *    the id of its `CommitRequested` cart event as `idempotency-key`: a retry after a lost answer gets the same
 *    reservation back, never a second one.
 * 2. `GET /payment/form/{locale}` opens a payment with a provider and answers the provider's hosted page
 *    (`paymentFormURL`). Card numbers are typed there, never on our pages and never into our API.
 * 3. The provider tells our server the result by a signed webhook (`POST /api/payment/webhook/{provider}`, not
 *    part of this browser contract) and sends the buyer back to `/order/payment-return?paymentId=…`.
 * 4. `POST /payment/complete` is the spec's unshown "final order submit": the server asks the provider for the
 *    payment's status itself (a return URL proves nothing) and completes the order when the provider captured
 *    the money. Completing twice, or after the webhook did, changes nothing.
 * 5. `GET /reservations/{identifier}?key=` reads the confirmation with the e-document key the completion answered.
 *
 * Amounts are integer agorot, like everywhere on our wire. Every call that touches the order names its cart in
 * the `x-cart-token` header (the cart that held the seats owns the reservation until it is paid).
 */

export const Agorot = Schema.Int.pipe(Schema.check(Schema.isGreaterThanOrEqualTo(0)))

/** The payment methods of the spec's payment dialogs (saved and new card, PayPal-style, mobile code, redirect). */
export const PaymentMethod = Schema.Literals(["card", "paypal", "blik", "redirect"])
export type PaymentMethod = typeof PaymentMethod.Type

/** Where an order stands. `awaitingPayment` until a provider captured the whole amount due; `voided` seats freed. */
export const OrderStatus = Schema.Literals(["awaitingPayment", "paid", "voided"])
export type OrderStatus = typeof OrderStatus.Type

/** Spec §3 "Invoice details" (offered when config param 66 is on); `invoiceRequested` is its presence. */
export const InvoiceDetails = Schema.Struct({
  invoiceName: WireText,
  invoiceSSN: WireText,
  invoiceAddress: WireText,
  invoiceCity: WireText,
  invoicePostalCode: WireText,
})

/**
 * The child waiver signed on the customer step (issue 19) for a showing that asks for one: the signer, the
 * children, and the signature as base64 PNG (no `data:` prefix). Checked at commit by src/server/waiver.
 */
export const WaiverRequest = Schema.Struct({
  signerName: WireText,
  children: BoundedArray(Schema.Struct({ name: WireText, dateOfBirth: WireText }), WAIVER_LIMITS.children),
  // base64 of at most WAIVER_LIMITS.signatureBytes bytes (4 characters per 3 bytes, plus padding)
  signaturePng: WireText.pipe(
    Schema.check(Schema.isMaxLength(Math.ceil(WAIVER_LIMITS.signatureBytes / 3) * 4)),
  ),
})
export type WaiverRequest = typeof WaiverRequest.Type

export const CommitRequest = Schema.Struct({
  cart: CommitCart,
  miniSiteUrl: Schema.optional(WireText),
  /** the id `GET /integration` gave for a partner's signed link (issue 19), stored with the order */
  integrationId: Schema.optional(WireText),
  recaptchaToken: Schema.optional(WireText),
  /** the buyer ticked the terms of purchase (spec §9: required unless the site says not, never pre-ticked) */
  termsAccepted: Schema.Boolean,
  /** the codes of the additional terms the buyer accepted (spec §5: SUMMER_PROMO is required on a normal order) */
  additionalTerms: Schema.optional(BoundedArray(WireText, LIMITS.lines)),
  /** the invoice the buyer asked for, checked by the same rules as the form (src/domain/order/invoiceDetails.ts) */
  invoice: Schema.optional(Schema.NullOr(InvoiceDetails)),
  /** the child waiver, required when a showing of the order asks for one (issue 19) */
  waiver: Schema.optional(Schema.NullOr(WaiverRequest)),
})
export type CommitRequest = typeof CommitRequest.Type

export const CommitResult = Schema.Struct({
  reservationIdentifier: Schema.String,
  ticketIdentifiers: Schema.Array(Schema.String),
  status: OrderStatus,
  /** recomputed by the server from its own prices: tickets + products + service charges */
  total: Agorot,
  serviceCharge: Agorot,
  /** taken from the voucher in `cart.voucherPayments` (the lesser of total and balance) */
  voucherAmount: Agorot,
  /** what a provider must still capture; 0 means the voucher paid it all and the order is already paid */
  amountDue: Agorot,
  /** the seats stay held for this order until then, ISO 8601 */
  paymentDeadline: Schema.String,
  /** present once paid: the key that opens the order's e-documents (≥ 128 random bits, base64url) */
  documentKey: Schema.NullOr(Schema.String),
})
export type CommitResult = typeof CommitResult.Type

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

export class ReservationNotFound extends Schema.TaggedError<ReservationNotFound>()(
  "ReservationNotFound",
  { error: Schema.Literal("reservationNotFound") },
  { httpApiStatus: 404 },
) {}

/**
 * Why a payment did not go through (spec §8 payment errors), as codes the browser translates:
 * `cardNumber`, `cardDate`, `cvv`, `binValidation`, `declined`, `threeDSecureFailed`, `blikError`, `blikExpired`,
 * `paypalCancelled`, `redirectProviderError`, `unableToProcessOrder`, `seatHoldLost` (the order was voided: its
 * seats were gone before the money came), `orderCancelled`, `paymentError` (anything else).
 */
export const PaymentFailureCode = Schema.Literals([
  "cardNumber",
  "cardDate",
  "cvv",
  "binValidation",
  "declined",
  "threeDSecureFailed",
  "blikError",
  "blikExpired",
  "paypalCancelled",
  "redirectProviderError",
  "unableToProcessOrder",
  "seatHoldLost",
  "orderCancelled",
  "paymentError",
])
export type PaymentFailureCode = typeof PaymentFailureCode.Type

export class PaymentFailed extends Schema.TaggedError<PaymentFailed>()(
  "PaymentFailed",
  { error: PaymentFailureCode },
  { httpApiStatus: 402 },
) {}

export const PaymentForm = Schema.Struct({
  /** the provider's hosted page; the browser navigates there (or opens it in the payment dialog's frame) */
  paymentFormURL: Schema.String,
  paymentId: Schema.String,
  method: PaymentMethod,
  /** which provider serves this payment: the default card provider, the second one (locations 1173, 1181), … */
  provider: Schema.String,
  amount: Agorot,
  numberOfPayments: Schema.Int,
})
export type PaymentForm = typeof PaymentForm.Type

/** Where a payment stands at the provider, as the server last learned it. */
export const PaymentState = Schema.Literals([
  "awaitingEntry",
  "awaitingVerification",
  "processing",
  "awaitingBankApp",
  "captured",
  "failed",
  "cancelled",
])
export type PaymentState = typeof PaymentState.Type

export const CompletionResult = Schema.Struct({
  reservationIdentifier: Schema.String,
  status: OrderStatus,
  paymentState: PaymentState,
  failure: Schema.NullOr(PaymentFailureCode),
  /** present once paid */
  documentKey: Schema.NullOr(Schema.String),
})
export type CompletionResult = typeof CompletionResult.Type

export const VoucherBalance = Schema.Struct({
  payment: Schema.Struct({
    reference: Schema.String,
    id: Schema.Int,
    systemVoucherItemId: Schema.Int,
    balance: Agorot,
    benefitName: Schema.String,
    expiresAt: Schema.String,
  }),
})
export type VoucherBalance = typeof VoucherBalance.Type

export class VoucherLookupFailed extends Schema.TaggedError<VoucherLookupFailed>()(
  "VoucherLookupFailed",
  { error: Schema.Literals(["codeNotFound", "voucherExpired", "voucherBalance", "voucherNotActive"]) },
  { httpApiStatus: 404 },
) {}

/** Not this customer's saved card (or no such card): the same answer either way, so cards cannot be probed. */
export class SavedCardNotFound extends Schema.TaggedError<SavedCardNotFound>()(
  "SavedCardNotFound",
  { error: Schema.Literal("savedCardNotFound") },
  { httpApiStatus: 404 },
) {}

export class PaymentApi extends HttpApiGroup.make("payment")
  .add(
    HttpApiEndpoint.post("commit", "/payment/commit", {
      payload: CommitRequest,
      headers: { "idempotency-key": WireText },
      success: CommitResult,
      error: [
        HumanCheckFailed,
        CommitFailed,
        CommitAnswersRefused,
        ContactNotVerified,
        OrderAlreadyPaid,
        InstalmentsNotAllowed,
        LoyaltyMemberNotProven,
      ],
    })
      .middleware(CartSession)
      // a logged-in customer's order, and where `saveMagCard` keeps the card it is paid with
      .middleware(CustomerIfAny),
  )
  .add(
    HttpApiEndpoint.get("form", "/payment/form/:locale", {
      params: { locale: LocaleCode },
      query: {
        reservationIdentifier: WireText,
        method: Schema.optional(PaymentMethod),
        /** spec §7's parameters: the buyer's ID number, the total shown, the location and auth profile */
        ssn: Schema.optional(WireText),
        total: Schema.optional(WireText),
        locationId: Schema.optional(WireText),
        authProfileId: Schema.optional(WireText),
        numberOfPayments: Schema.optional(WireText),
        recaptchaToken: Schema.optional(WireText),
        /** ours: pay with this saved card of the logged-in customer (`uuid`); the provider's page asks the CVV */
        savedCardId: Schema.optional(WireText),
      },
      success: PaymentForm,
      error: [HumanCheckFailed, ReservationNotFound, OrderAlreadyPaid, PaymentFailed, SavedCardNotFound],
    })
      // the order is the committing cart's (an unpaid hold also its signed-in customer's, paying it from the
      // customer area): anyone else is told it does not exist
      .middleware(CartIfAny)
      .middleware(CustomerIfAny),
  )
  .add(
    HttpApiEndpoint.post("complete", "/payment/complete", {
      payload: Schema.Struct({ reservationIdentifier: WireText, paymentId: WireText }),
      success: CompletionResult,
      error: [ReservationNotFound, PaymentFailed],
    })
      .middleware(CartIfAny)
      // an unpaid hold paid from the customer area returns to a browser whose cart may be another
      .middleware(CustomerIfAny),
  )
  .add(
    HttpApiEndpoint.get("voucher", "/payment/voucher", {
      query: { reference: WireText, recaptchaToken: Schema.optional(WireText) },
      success: VoucherBalance,
      error: [HumanCheckFailed, VoucherLookupFailed],
      // a live cart stands for a solved human check, like on commit; otherwise `recaptchaToken` is needed
    }).middleware(CartIfAny),
  ) {}
