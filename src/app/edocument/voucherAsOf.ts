import type { VoucherDocument } from "../../api/ReservationsApi.ts"
import { voucherState } from "../../domain/customerArea/states.ts"

/** The chain's day (Asia/Jerusalem, `YYYY-MM-DD`) at an instant, whatever the device's own zone. */
export const chainDayOf = (nowMs: number): string =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Jerusalem",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(nowMs)

/**
 * A voucher's e-document as it stands on `today` (issue 17): a copy the wallet kept and opened offline after the
 * voucher's last day says expired, by the same rule the server applies (spec §4, `voucherState`); what only the
 * server knows (spent, cancelled, marked for replacement) stays as it was told.
 */
export const voucherAsOf = (voucher: VoucherDocument, today: string): VoucherDocument => {
  const state = voucherState(
    {
      cancelled: voucher.state === "cancelled",
      isForReplacement: voucher.state === "forReplacement",
      endsOn: voucher.EndDate,
      balance: voucher.balance,
      quantity: voucher.quantity,
    },
    today,
  )
  return state === "expired" && voucher.state !== "expired" ? { ...voucher, state } : voucher
}
