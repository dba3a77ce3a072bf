import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { WireText } from "../domain/shared/wireText.ts"
import { Agorot } from "./PaymentApi.ts"
import { CustomerSession, LoginRequired } from "./sessions.ts"
import { LangQuery } from "./shared.ts"

/**
 * A customer's own system vouchers in the customer area (spec §7 `/system-vouchers/{ref}/…`, §4 voucher states,
 * §8 SYSTEM_VOUCHER_ errors; issue 15). `{ref}` is the voucher's reference (its code); a voucher of another
 * customer, or of none, is SYSTEM_VOUCHER_NOT_FOUND like a missing one. The optional `reservationIdentifier`
 * (spec payload) names the order the voucher was bought in: when given it must be that order, else NOT_FOUND.
 *
 * Cancel: only an active voucher nothing was spent from (not expired, not for replacement); what was paid for it
 * goes to the customer's transaction credit (a voucher bought at the box office or given away cannot be paid
 * back to a card online). Replacement: a voucher with something left (active, partly redeemed or expired) gets a
 * new validity from today for REPLACEMENT_VOUCHER_VALIDITY_DAYS (default 30) and is marked for replacement.
 * Both: a voucher class not sold online → SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET (customer service handles it).
 */

/** Spec §8: no such voucher of this customer. */
export class SystemVoucherNotFound extends Schema.TaggedError<SystemVoucherNotFound>()(
  "SystemVoucherNotFound",
  { error: Schema.Literal("SYSTEM_VOUCHER_NOT_FOUND") },
  { httpApiStatus: 404 },
) {}

/** Spec §8 SYSTEM_VOUCHER_ refusals; nothing changed. */
export class SystemVoucherRefused extends Schema.TaggedError<SystemVoucherRefused>()(
  "SystemVoucherRefused",
  {
    error: Schema.Literals([
      "SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT",
      "SYSTEM_VOUCHER_NOT_ACTIVE",
      "SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET",
    ]),
  },
  { httpApiStatus: 409 },
) {}

export const VoucherHistoryEntry = Schema.Struct({
  DateTime: Schema.String,
  kind: Schema.Literals(["purchased", "redeemed", "redemptionReversed", "markedForReplacement", "cancelled"]),
  /** agorot for a money voucher, tickets for a ticket voucher (always positive; `kind` says the direction) */
  amount: Schema.Int,
  /** the order it was bought in or spent on, when there is one */
  reservationIdentifier: Schema.NullOr(Schema.String),
})
export type VoucherHistoryEntry = typeof VoucherHistoryEntry.Type

export const VoucherHistory = Schema.Struct({
  reference: Schema.String,
  kind: Schema.Literals(["money", "tickets"]),
  /** oldest first */
  entries: Schema.Array(VoucherHistoryEntry),
})
export type VoucherHistory = typeof VoucherHistory.Type

export const VoucherActionRequest = Schema.Struct({ reservationIdentifier: Schema.optional(WireText) })

export const VoucherCancelResult = Schema.Struct({
  success: Schema.Boolean,
  reference: Schema.String,
  /** what went to transaction credit */
  refundAmount: Agorot,
  transactionCredit: Agorot,
})
export type VoucherCancelResult = typeof VoucherCancelResult.Type

/** Spec §4: the replacement's fields (dates `YYYY-MM-DD`, DateTimeCreated ISO 8601). */
export const VoucherReplacement = Schema.Struct({
  reference: Schema.String,
  IsForReplacement: Schema.Boolean,
  StartDate: Schema.String,
  EndDate: Schema.String,
  DateTimeCreated: Schema.String,
})
export type VoucherReplacement = typeof VoucherReplacement.Type

export class CustomerAreaVouchersApi extends HttpApiGroup.make("customerAreaVouchers")
  .add(
    HttpApiEndpoint.get("voucherHistory", "/system-vouchers/:ref/history", {
      params: { ref: WireText },
      query: { lang: LangQuery },
      success: VoucherHistory,
      error: [LoginRequired, SystemVoucherNotFound],
    }).middleware(CustomerSession),
  )
  .add(
    HttpApiEndpoint.post("cancelVoucher", "/system-vouchers/:ref/cancel", {
      params: { ref: WireText },
      payload: VoucherActionRequest,
      success: VoucherCancelResult,
      error: [LoginRequired, SystemVoucherNotFound, SystemVoucherRefused],
    }).middleware(CustomerSession),
  )
  .add(
    HttpApiEndpoint.post("replaceVoucher", "/system-vouchers/:ref/replacement", {
      params: { ref: WireText },
      payload: VoucherActionRequest,
      success: VoucherReplacement,
      error: [LoginRequired, SystemVoucherNotFound, SystemVoucherRefused],
    }).middleware(CustomerSession),
  ) {}
