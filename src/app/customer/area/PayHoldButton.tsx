import { useState } from "react"
import type { PaymentForm } from "../../../api/PaymentApi.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { apiGet } from "../../lib/api.ts"
import { rememberPaymentLocale } from "../../lib/paymentLocale.ts"

/**
 * Issue 16: pay an unpaid hold from the area, on any device. The signed-in customer owns the hold (the server's
 * `PaymentFlow` accepts their `uuid` where a hold's cart is not here), so the usual card payment opens for it; the
 * provider returns to `/order/payment-return`, whose completion makes the hold a regular paid order.
 */
export const PayHoldButton = ({
  identifier,
  locale,
  t,
}: {
  readonly identifier: string
  readonly locale: LocaleCode
  readonly t: Translate
}) => {
  const [state, setState] = useState<"idle" | "opening" | "failed">("idle")
  const pay = async () => {
    setState("opening")
    rememberPaymentLocale(locale)
    try {
      const form = await apiGet<PaymentForm>(`/payment/form/${encodeURIComponent(locale)}`, {
        reservationIdentifier: identifier,
        method: "card",
      })
      window.location.assign(form.paymentFormURL)
    } catch {
      setState("failed")
    }
  }
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void pay()}
        disabled={state === "opening"}
        data-testid="pay-hold"
      >
        {t("holds.area.payNow")}
      </button>
      {state === "failed" ? (
        <p className="area-problem" role="alert">
          {t("holds.area.payFailed")}
        </p>
      ) : null}
    </>
  )
}
