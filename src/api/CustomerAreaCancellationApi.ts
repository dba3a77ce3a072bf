import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { BoundedArray, LIMITS } from "../domain/shared/wireLimits.ts"
import { WireText } from "../domain/shared/wireText.ts"
import { AreaReservationState } from "./CustomerAreaApi.ts"
import { Agorot, ReservationNotFound } from "./PaymentApi.ts"
import { CustomerSession, LoginRequired } from "./sessions.ts"
import { IdList, LangQuery } from "./shared.ts"

/**
 * Cancelling a reservation from the customer area (spec §7 `POST /reservations/{id}/cancel`, §8, §9; issue 15).
 *
 * The app asks the quote first and shows it; the customer confirms; the app sends the cancel with the same items
 * and refund choice, and the refund made is the quote's (unless something changed in between, e.g. another
 * device cancelled first: then NOTHING_TO_CANCEL).
 *
 * Rules (server side, src/server/customerArea/):
 * - `{identifier}` is the reservation identifier; another customer's reservation is 404 like a missing one.
 * - Items are ticket identifiers of the reservation (`AreaTicket.ticketIdentifier`); none given: every ticket
 *   still valid. Each named item must be a valid (not cancelled) ticket of this reservation, else
 *   NOTHING_TO_CANCEL and nothing changes.
 * - Refund = the cancelled tickets' price minus the cancellation service charge (spec §9: fixed or percent, per
 *   ticket or per order; a per-order charge is taken once per order across partial cancellations; never more
 *   than the price, so the refund is never negative). Booking service charges are not refunded (non-refundable),
 *   nor are products bought with the order (concessions are collected at the cinema, not cancelled online).
 * - `refundToTransactionCredit: false`: back to the payment that paid the order, through its provider. When the
 *   order was not paid online (box office, cash) or the online payment cannot cover the refund (e.g. part paid
 *   by a voucher) → BALANCE_IS_DUE (the customer may choose transaction credit, or contact the box office).
 *   `true`: to the customer's transaction credit (shown as `transactionCredit` in customerAreaData).
 * - After the cut-off (CANCELLATION_CUTOFF_MINUTES before the presentation, default 60), or once a ticket was
 *   scanned or the tickets collected at the box office → TICKET_CANCELLATIONS_ARE_NO_LONGER_POSSIBLE.
 * - Exactly once: the reservation row is locked while cancelling; a second cancel of the same items finds them
 *   cancelled and gets NOTHING_TO_CANCEL. The seats are for sale again at once; the e-document shows the
 *   cancelled tickets as cancelled.
 */

/** Spec §8 customer portal cancellation codes. */
export class CancellationRefused extends Schema.TaggedError<CancellationRefused>()(
  "CancellationRefused",
  {
    error: Schema.Literals([
      "TICKET_CANCELLATIONS_ARE_NO_LONGER_POSSIBLE",
      "BALANCE_IS_DUE",
      "NOTHING_TO_CANCEL",
    ]),
  },
  { httpApiStatus: 409 },
) {}

export const RefundMethod = Schema.Literals(["originalPayment", "transactionCredit"])
export type RefundMethod = typeof RefundMethod.Type

/** The cancellation service charge rule that applies (null: none). `name` in the asked language. */
export const CancellationChargeRule = Schema.Struct({
  name: Schema.String,
  /** a fixed amount, or null when it is a percentage */
  amount: Schema.NullOr(Agorot),
  /** basis points of each cancelled ticket's price (500 = 5%), or null when it is a fixed amount */
  percentBasisPoints: Schema.NullOr(Schema.Int),
  appliesPer: Schema.Literals(["ticket", "order"]),
  isRefundable: Schema.Boolean,
})

export const CancellationQuote = Schema.Struct({
  reservationIdentifier: Schema.String,
  items: Schema.Array(Schema.Struct({ ticketIdentifier: Schema.String, price: Agorot })),
  /** the cancelled tickets' price */
  ticketsAmount: Agorot,
  /** what the cancellation keeps (the service charge); ticketsAmount = cancellationCharge + refundAmount */
  cancellationCharge: Agorot,
  refundAmount: Agorot,
  rule: Schema.NullOr(CancellationChargeRule),
  refundMethod: RefundMethod,
  /** whether `refundToTransactionCredit: false` would be accepted (false: only transaction credit) */
  originalPaymentRefundable: Schema.Boolean,
  cancellableUntil: Schema.String,
})
export type CancellationQuote = typeof CancellationQuote.Type

export const CancelReservationRequest = Schema.Struct({
  /** ticket identifiers; absent: every ticket still valid */
  itemsToCancel: Schema.optional(BoundedArray(WireText, LIMITS.seats)),
  refundToTransactionCredit: Schema.Boolean,
})
export type CancelReservationRequest = typeof CancelReservationRequest.Type

export const CancelReservationResult = Schema.Struct({
  success: Schema.Boolean,
  reservationIdentifier: Schema.String,
  cancelledItems: Schema.Array(Schema.String),
  ticketsAmount: Agorot,
  cancellationCharge: Agorot,
  refundAmount: Agorot,
  refundMethod: RefundMethod,
  /** the reservation's state afterwards */
  state: AreaReservationState,
  /** the customer's transaction credit afterwards */
  transactionCredit: Agorot,
})
export type CancelReservationResult = typeof CancelReservationResult.Type

export class CustomerAreaCancellationApi extends HttpApiGroup.make("customerAreaCancellation")
  .add(
    // ours: what a cancel with these items and this refund choice would give back, shown before confirming
    HttpApiEndpoint.get("cancellationQuote", "/reservations/:identifier/cancellation", {
      params: { identifier: WireText },
      query: {
        /** comma-separated ticket identifiers; absent: every ticket still valid */
        items: Schema.optional(IdList),
        refundToTransactionCredit: Schema.optional(Schema.Literals(["true", "false"])),
        lang: LangQuery,
      },
      success: CancellationQuote,
      error: [LoginRequired, ReservationNotFound, CancellationRefused],
    }).middleware(CustomerSession),
  )
  .add(
    HttpApiEndpoint.post("cancelReservation", "/reservations/:identifier/cancel", {
      params: { identifier: WireText },
      payload: CancelReservationRequest,
      success: CancelReservationResult,
      error: [LoginRequired, ReservationNotFound, CancellationRefused],
    }).middleware(CustomerSession),
  ) {}
