import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { AreaSystemVoucher } from "../../api/CustomerAreaApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import {
  type VoucherState,
  voucherCancellable,
  voucherReplaceable,
  voucherState,
} from "../../domain/customerArea/states.ts"
import { localized } from "../localized.ts"
import { eTicketPath } from "../payment/outbox.ts"
import { toChainIso } from "../time.ts"

/**
 * A customer's system vouchers with what the area shows of them. What was spent is counted from the redemptions
 * (money) and the sold tickets a ticket voucher paid (tickets), so `quantity` is right also for vouchers written
 * without `initial_*` (by the commit, by the seed's codes).
 */

export interface VoucherRow {
  readonly id: number
  readonly reference: string
  readonly classId: number
  readonly benefitName: string
  readonly isTickets: boolean
  readonly balance: number
  readonly quantity: number
  readonly paid: number
  readonly startsOn: string
  readonly endsOn: string
  readonly createdAtMs: number
  readonly isForReplacement: boolean
  readonly replacedAtMs: number | null
  readonly cancelled: boolean
  readonly cancelledAtMs: number | null
  readonly soldOnline: boolean
  readonly purchaseReservation: string | null
  readonly documentKey: string | null
}

/** Whose vouchers: a customer's (with `reference`, only that one of theirs), or the one an e-document key opens. */
export type VoucherFilter =
  | { readonly customerId: number; readonly reference?: string | undefined }
  | { readonly documentKey: string }

const voucherRows = Effect.fn("AreaVouchers.rows")(function* (
  filter: VoucherFilter,
  lang: LocaleCode,
  forUpdate: boolean,
) {
  const sql = yield* SqlClient.SqlClient
  const where =
    "documentKey" in filter
      ? sql`v.document_key = ${filter.documentKey}`
      : filter.reference === undefined
        ? sql`v.customer_id = ${filter.customerId}`
        : sql`v.customer_id = ${filter.customerId} AND v.reference = ${filter.reference}`
  return yield* sql<VoucherRow>`
    SELECT v.id::float8 AS id, v.reference, v.system_voucher_class_id AS "classId",
      ${localized(sql, "c.name", lang)} AS "benefitName", v.tickets_left IS NOT NULL AS "isTickets",
      coalesce(v.balance_agorot, v.tickets_left, 0) AS balance,
      coalesce(CASE WHEN v.tickets_left IS NULL THEN v.initial_balance_agorot ELSE v.initial_tickets END,
        coalesce(v.balance_agorot, v.tickets_left, 0) + CASE WHEN v.tickets_left IS NULL
          THEN (SELECT coalesce(sum(vr.amount_agorot), 0) FROM voucher_redemptions vr
            WHERE vr.voucher_id = v.id AND vr.reversed_at IS NULL)
          ELSE (SELECT count(*) FROM sold_tickets st
            WHERE st.system_voucher_id = v.id AND st.cancelled_at IS NULL) END)::int AS quantity,
      v.paid_agorot AS paid, v.starts_on::text AS "startsOn", v.ends_on::text AS "endsOn",
      (extract(epoch FROM v.created_at) * 1000)::float8 AS "createdAtMs", v.is_for_replacement AS "isForReplacement",
      (extract(epoch FROM v.replaced_at) * 1000)::float8 AS "replacedAtMs", v.status = 'cancelled' AS cancelled,
      (extract(epoch FROM v.cancelled_at) * 1000)::float8 AS "cancelledAtMs", c.is_sold_online AS "soldOnline",
      (SELECT r.identifier FROM reservations r WHERE r.id = v.purchase_reservation_id) AS "purchaseReservation",
      v.document_key AS "documentKey"
    FROM system_vouchers v
    JOIN system_voucher_classes c ON c.id = v.system_voucher_class_id
    WHERE ${where}
    ORDER BY v.created_at DESC, v.id DESC
    ${forUpdate ? sql`FOR UPDATE OF v` : sql``}`.pipe(Effect.orDie)
})

/** The vouchers of `customerId`; with `reference`, only that one (and only if it is theirs). */
export const loadVouchers = (customerId: number, lang: LocaleCode, reference?: string, forUpdate = false) =>
  voucherRows({ customerId, reference }, lang, forUpdate)

/** The voucher an e-document key opens (issue 16: each issued voucher's own page), whoever owns it. */
export const voucherByDocumentKey = (documentKey: string, lang: LocaleCode) =>
  voucherRows({ documentKey }, lang, false)

export const stateOf = (row: VoucherRow, today: string): VoucherState =>
  voucherState(
    {
      cancelled: row.cancelled,
      isForReplacement: row.isForReplacement,
      endsOn: row.endsOn,
      balance: row.balance,
      quantity: row.quantity,
    },
    today,
  )

export const toAreaVoucher = (row: VoucherRow, today: string): AreaSystemVoucher => {
  const state = stateOf(row, today)
  return {
    reference: row.reference,
    systemVoucherClassId: row.classId,
    benefitName: row.benefitName,
    kind: row.isTickets ? "tickets" : "money",
    balance: row.balance,
    quantity: row.quantity,
    redeemed: Math.max(0, row.quantity - row.balance),
    state,
    isPartiallyRedeemed: row.balance > 0 && row.balance < row.quantity,
    StartDate: row.startsOn,
    EndDate: row.endsOn,
    purchasedAt: toChainIso(row.createdAtMs),
    IsForReplacement: row.isForReplacement,
    DateTimeCreated: row.replacedAtMs === null ? null : toChainIso(row.replacedAtMs),
    isCancellable: row.soldOnline && voucherCancellable(state),
    isReplaceable: row.soldOnline && voucherReplaceable(state),
    ...(row.documentKey === null ? {} : { eDocumentUrl: eTicketPath(row.documentKey) }),
  }
}
