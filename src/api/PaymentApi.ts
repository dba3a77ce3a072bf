import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { CommitCart } from "../domain/cart/commitCart.ts"
import { BoundedArray, LIMITS } from "../domain/shared/wireLimits.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { WAIVER_LIMITS } from "../domain/waiver/waiver.ts"
import {
  CommitAnswersRefused,
  CommitFailed,
  ContactNotVerified,
  InstalmentsNotAllowed,
  LoyaltyMemberNotProven,
  OrderAlreadyPaid,
} from "./CommitRefusals.ts"
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
