import { Data } from "effect"
import type { CommitAnswersCode, CommitFailureCode } from "../../api/CommitRefusals.ts"
import type { PaymentFailureCode } from "../../api/PaymentApi.ts"

/**
 * Every way placing an order or paying can fail, one tagged class each (spec §8 Order and payment). They carry
 * codes, never text: the payment dialog translates each tag and offers its way forward (`failureAdvice`).
 */

// ── the provider refused the card or the method (the buyer can try again, often with another card) ──────────
export class CardNumberError extends Data.TaggedError("CardNumberError") {}
export class CardDateError extends Data.TaggedError("CardDateError") {}
export class CvvError extends Data.TaggedError("CvvError") {}
/** the card's issuer does not match the promotion the tickets were priced with */
export class BinValidationError extends Data.TaggedError("BinValidationError") {}
export class CardDeclined extends Data.TaggedError("CardDeclined") {}
export class ThreeDSecureFailed extends Data.TaggedError("ThreeDSecureFailed") {}
/** `expired`: the 6-digit code or the bank-app confirmation came too late */
export class BlikError extends Data.TaggedError("BlikError")<{ readonly expired: boolean }> {}
export class RedirectProviderError extends Data.TaggedError("RedirectProviderError") {}
/** the buyer cancelled at the provider (PayPal-style cancel, closing the hosted page's flow) */
export class PaymentCancelled extends Data.TaggedError("PaymentCancelled") {}
/** any other refusal of the provider */
export class PaymentError extends Data.TaggedError("PaymentError") {}

// ── the order itself ─────────────────────────────────────────────────────────────────────────────────────
export class UnableToProcessOrder extends Data.TaggedError("UnableToProcessOrder") {}
export class TermsConfirmationRequired extends Data.TaggedError("TermsConfirmationRequired") {}
/** the order was cancelled (by the provider's flow or the server): the cart starts again */
export class OrderCancelledRestarting extends Data.TaggedError("OrderCancelledRestarting") {}
/** a seat of the order is no longer held for it (the hold lapsed, the order was voided) */
export class SeatHoldLost extends Data.TaggedError("SeatHoldLost") {}
/** no answer after the bounded retries: nothing is known to have happened, and a retry is safe */
export class NetworkLost extends Data.TaggedError("NetworkLost") {}
/** spec §8 ORDER_ALREADY_PAID: the confirmation went out by e-mail */
export class OrderAlreadyPaid extends Data.TaggedError("OrderAlreadyPaid")<{
  readonly reservationIdentifier: string
}> {}
/** the spec's lastCommit "Error processing Transaction", with our code */
export class CommitFailed extends Data.TaggedError("CommitFailed")<{ readonly code: CommitFailureCode }> {}
/** the number of payments is not one the order's amount allows (domain/pricing/instalments.ts) */
export class InstalmentsNotAllowed extends Data.TaggedError("InstalmentsNotAllowed")<{
  readonly allowed: ReadonlyArray<number>
}> {}
/** the server refused what the customer step answered (an additional term, the invoice): asked there again */
export class CustomerAnswersRefused extends Data.TaggedError("CustomerAnswersRefused")<{
  readonly code: Exclude<CommitAnswersCode, "termsRequired">
}> {}
/**
 * the site verifies the buyer's mobile number or e-mail address (config flags) and this cart has not verified
 * the one the order carries: verified on the customer step again
 */
export class ContactNotVerified extends Data.TaggedError("ContactNotVerified")<{
  readonly channel: "mobile" | "email"
}> {}
/**
 * a seat is paid with the points of a member this cart has not proved at the loyalty login (issue 14, item 1):
 * back to the tickets to sign the member in again
 */
export class LoyaltyMemberNotProven extends Data.TaggedError("LoyaltyMemberNotProven") {}
/** spec §5: the human check failed repeatedly; refresh or use another browser */
export class HumanCheckRefused extends Data.TaggedError("HumanCheckRefused") {}
/** the cart cannot make an order (nothing to buy, a seat without a ticket): the earlier steps are not done */
export class CartNotReady extends Data.TaggedError("CartNotReady")<{ readonly reason: string }> {}
/** this browser could not write the cart log (storage full, closed): nothing was sent */
export class CartStorageFailed extends Data.TaggedError("CartStorageFailed") {}

/** the saved card chosen is not this customer's any more (deleted elsewhere, signed out) or not usable here */
export class SavedCardUnavailable extends Data.TaggedError("SavedCardUnavailable") {}

/** What `placeOrder` can fail with. */
export type PlaceOrderError =
  | TermsConfirmationRequired
  | SeatHoldLost
  | NetworkLost
  | OrderAlreadyPaid
  | CommitFailed
  | InstalmentsNotAllowed
  | CustomerAnswersRefused
  | ContactNotVerified
  | LoyaltyMemberNotProven
  | HumanCheckRefused
  | UnableToProcessOrder
  | CartNotReady
  | CartStorageFailed

/** What the provider's result can fail with. */
export type PaymentResultError =
  | CardNumberError
  | CardDateError
  | CvvError
  | BinValidationError
  | CardDeclined
  | ThreeDSecureFailed
  | BlikError
  | RedirectProviderError
  | PaymentCancelled
  | PaymentError
  | UnableToProcessOrder
  | SeatHoldLost
  | OrderCancelledRestarting
  | SavedCardUnavailable

/** What `pay` and `completePayment` can fail with: every failure of the order journey's payment step. */
export type PayError = PlaceOrderError | PaymentResultError

export type PayErrorTag = PayError["_tag"]

/** The server's commit refusal codes, as the errors the dialog knows; the rest stay a `CommitFailed(code)`. */
export const commitFailure = (code: CommitFailureCode): PlaceOrderError => {
  switch (code) {
    case "holdLost":
      return new SeatHoldLost()
    default:
      return new CommitFailed({ code })
  }
}

/** The server's 400 refusals of the buyer's answers: the terms beside the pay button, the rest on the form. */
export const answersRefusal = (code: CommitAnswersCode): PlaceOrderError =>
  code === "termsRequired" ? new TermsConfirmationRequired() : new CustomerAnswersRefused({ code })

/** The contract's payment failure codes, one error each. */
export const paymentFailure = (code: PaymentFailureCode): PaymentResultError => {
  switch (code) {
    case "cardNumber":
      return new CardNumberError()
    case "cardDate":
      return new CardDateError()
    case "cvv":
      return new CvvError()
    case "binValidation":
      return new BinValidationError()
    case "declined":
      return new CardDeclined()
    case "threeDSecureFailed":
      return new ThreeDSecureFailed()
    case "blikError":
      return new BlikError({ expired: false })
    case "blikExpired":
      return new BlikError({ expired: true })
    case "paypalCancelled":
      return new PaymentCancelled()
    case "redirectProviderError":
      return new RedirectProviderError()
    case "unableToProcessOrder":
      return new UnableToProcessOrder()
    case "seatHoldLost":
      return new SeatHoldLost()
    case "orderCancelled":
      return new OrderCancelledRestarting()
    case "paymentError":
      return new PaymentError()
  }
}

/**
 * The way forward each failure offers (spec §8: every error has one):
 * - `retry`: pay again for the same order (another card, another try);
 * - `startAgain`: the order is gone; start a new one from the seats;
 * - `whatsOn`: nothing to continue here (already paid, the cart is not ready);
 * - `fixTerms`: tick the terms and press Pay again;
 * - `backToTickets`: a seat's ticket needs another member number or reference (the seats are still held);
 * - `backToDetails`: an additional term, the invoice details or a contact's verification need the customer step
 *   again.
 */
export type WayForward = "retry" | "startAgain" | "whatsOn" | "fixTerms" | "backToTickets" | "backToDetails"

const TICKET_CODES: ReadonlySet<string> = new Set([
  "memberInvalid",
  "referenceInvalid",
  "ticketCombination",
  "seatCount",
  "unknownTicket",
  "ticketNotForSeat",
  "pointsBalance",
  "loyaltyTicketLimit",
  "priceLevel",
  // issue 16: a premium seat on an unpaid hold; the seats stay held, so the buyer switches to a regular one
  "premiumSeatOnHold",
])

export const wayForward = (error: PayError): WayForward => {
  switch (error._tag) {
    case "TermsConfirmationRequired":
      return "fixTerms"
    case "CustomerAnswersRefused":
    case "ContactNotVerified":
      return "backToDetails"
    case "CommitFailed":
      // the tickets on the seats are what the server refused: the seats are still held, fix them there
      if (TICKET_CODES.has(error.code)) return "backToTickets"
      // issue 16: a hold refused for the membership or the hour leaves the order as it is, to be paid instead
      if (error.code === "holdRequiresMembership" || error.code === "holdTooLate") return "retry"
      // the cinema is offline for online sales: no other seat or card helps, only another cinema's showing
      if (error.code === "locationOffline") return "whatsOn"
      // a voucher the server refused, or a key reused for a changed cart: a new commit may go through
      return error.code.startsWith("voucher") || error.code === "idempotencyKeyReused"
        ? "retry"
        : "startAgain"
    case "LoyaltyMemberNotProven":
      return "backToTickets"
    case "SeatHoldLost":
    case "OrderCancelledRestarting":
      return "startAgain"
    case "OrderAlreadyPaid":
    case "CartNotReady":
      return "whatsOn"
    default:
      return "retry"
  }
}
