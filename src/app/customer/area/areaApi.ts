import type { CustomerAreaData } from "../../../api/CustomerAreaApi.ts"
import type { CancellationQuote, CancelReservationResult } from "../../../api/CustomerAreaCancellationApi.ts"
import type {
  VoucherCancelResult,
  VoucherHistory,
  VoucherReplacement,
} from "../../../api/CustomerAreaVouchersApi.ts"
import { type ApiAnswer, apiFetch, apiGet, apiSend, apiUrl } from "../../lib/api.ts"
import { solveHumanCheck } from "../../lib/humanCheck.ts"

/**
 * The area's calls (src/api/CustomerArea*.ts). `apiFetch` adds the session's `uuid` header. Every query key
 * starts with "customerArea" and names the session, so signing out (signIn/clearCustomerData.ts, whose prefixes
 * include "customerArea") removes them all, and another customer on this device never sees a cached answer.
 */

export const AREA_KEY = "customerArea"

export const areaDataKey = (uuid: string, locale: string) => [AREA_KEY, uuid, "data", locale] as const

export const fetchAreaData = (locale: string, signal?: AbortSignal) =>
  apiGet<CustomerAreaData>("/customer-area/customerAreaData", { lang: locale }, signal)

export const voucherHistoryKey = (uuid: string, reference: string) =>
  [AREA_KEY, uuid, "voucherHistory", reference] as const

export const fetchVoucherHistory = (reference: string, locale: string, signal?: AbortSignal) =>
  apiGet<VoucherHistory>(
    `/system-vouchers/${encodeURIComponent(reference)}/history`,
    { lang: locale },
    signal,
  )

export const quoteKey = (
  uuid: string,
  reservation: string,
  items: ReadonlyArray<string> | undefined,
  toCredit: boolean,
  locale: string,
) => [AREA_KEY, uuid, "quote", reservation, items?.join(",") ?? "all", toCredit, locale] as const

/** The quote, or the refusal's body (a 409 with its code) as an answer that is not ok. */
export const fetchQuote = async (
  reservation: string,
  items: ReadonlyArray<string> | undefined,
  toCredit: boolean,
  locale: string,
  signal?: AbortSignal,
): Promise<ApiAnswer<CancellationQuote>> => {
  const response = await apiFetch(
    apiUrl(`/reservations/${encodeURIComponent(reservation)}/cancellation`, {
      items: items?.join(","),
      refundToTransactionCredit: String(toCredit),
      lang: locale,
    }),
    { headers: { accept: "application/json" }, signal },
  )
  const body = (await response.json().catch(() => null)) as CancellationQuote | null
  return { ok: response.ok, status: response.status, body }
}

export const cancelReservation = (
  reservation: string,
  items: ReadonlyArray<string> | undefined,
  toCredit: boolean,
) =>
  apiSend<CancelReservationResult>("POST", `/reservations/${encodeURIComponent(reservation)}/cancel`, {
    ...(items === undefined ? {} : { itemsToCancel: items }),
    refundToTransactionCredit: toCredit,
  })

export const cancelVoucher = (reference: string) =>
  apiSend<VoucherCancelResult>("POST", `/system-vouchers/${encodeURIComponent(reference)}/cancel`, {})

export const replaceVoucher = (reference: string) =>
  apiSend<VoucherReplacement>("POST", `/system-vouchers/${encodeURIComponent(reference)}/replacement`, {})

export const requestMobileCode = (mobileNumber: string, locale: string) =>
  apiSend<{ success: boolean }>(
    "POST",
    `/customer-area/mobile-number/code?${new URLSearchParams({ lang: locale })}`,
    {
      mobileNumber,
    },
  )

export const updateMobileNumber = (mobileNumber: string, smsCode: string) =>
  apiSend<{ MobileNumber1: string }>("POST", "/customer-area/mobile-number", { mobileNumber, smsCode })

export type ResendResult = "sent" | "invalid" | "humanCheck" | "failed"

/** ReservationsApi `sendTickets`: the e-ticket links by SMS, with a solved human check (as the confirmation does). */
export const resendTickets = async (
  reservation: string,
  documentKey: string,
  mobileNumber: string,
): Promise<ResendResult> => {
  let recaptchaToken: string
  try {
    recaptchaToken = await solveHumanCheck()
  } catch {
    return "humanCheck"
  }
  try {
    const answer = await apiSend<{ success?: boolean; _tag?: string }>(
      "POST",
      `/reservations/${encodeURIComponent(reservation)}/sendTickets?${new URLSearchParams({ key: documentKey })}`,
      { mobileNumber, recaptchaToken },
    )
    if (answer.ok && answer.body?.success === true) return "sent"
    if (answer.body?._tag === "InvalidMobileNumber") return "invalid"
    return answer.body?._tag === "HumanCheckFailed" ? "humanCheck" : "failed"
  } catch {
    return "failed"
  }
}
