import { Temporal } from "@js-temporal/polyfill"
import { Clock, Effect, Option } from "effect"
import type { VoucherDocument } from "../../api/ReservationsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { isVoucherDocumentKey } from "../../domain/edocument/voucherDocument.ts"
import { toAreaVoucher, voucherByDocumentKey } from "../customerArea/AreaVouchers.ts"
import { chainToday } from "../time.ts"

/**
 * One issued voucher's e-document (issue 16, `GET /api/edocuments/vouchers/{key}`): found by its own key alone,
 * the way an order's e-document is, and read as the customer area reads a voucher (the same balance and spec §4
 * state on the server clock's today), less what only its owner may do (cancel, replace). A key not shaped as a
 * voucher's is not looked up; the caller counts it as a miss all the same.
 */
export const voucherDocument = Effect.fn("VoucherDocuments.byKey")(function* (key: string, lang: LocaleCode) {
  if (!isVoucherDocumentKey(key)) return Option.none<VoucherDocument>()
  const row = (yield* voucherByDocumentKey(key, lang))[0]
  if (row === undefined) return Option.none<VoucherDocument>()
  const nowMs = yield* Clock.currentTimeMillis
  const voucher = toAreaVoucher(row, chainToday(Temporal.Instant.fromEpochMilliseconds(nowMs)).toString())
  return Option.some<VoucherDocument>({
    reference: voucher.reference,
    benefitName: voucher.benefitName,
    kind: voucher.kind,
    balance: voucher.balance,
    quantity: voucher.quantity,
    state: voucher.state,
    StartDate: voucher.StartDate,
    EndDate: voucher.EndDate,
    purchasedAt: voucher.purchasedAt,
  })
})
