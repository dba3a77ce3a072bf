import { useQuery } from "@tanstack/react-query"
import { useId, useState } from "react"
import type { Presentation } from "../../api/PresentationsApi.ts"
import {
  type CustomerFormValues,
  DEFAULT_CUSTOMER_FORMS,
  emptyCustomerForm,
  toCustomerInfo,
  validateCustomerForm,
} from "../../domain/order/customerInfo.ts"
import { vodCommitCart } from "../../domain/vod/vodCart.ts"
import { areaDataKey, fetchAreaData } from "../customer/area/areaApi.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { rememberPaymentLocale } from "../lib/paymentLocale.ts"
import { CustomerFields } from "../order/customer/CustomerFields.tsx"
import { TermsLink } from "../terms/TermsLink.tsx"
import { buyVod } from "./vodClient.ts"
import { vodErrorText } from "./vodText.ts"
// the customer-info fields look as they do on the order journey's customer step
import "../order/steps.css"

type Props = {
  readonly presentation: Presentation
  readonly ticket: { readonly ticketId: number; readonly price: number }
  readonly locale: LocaleCode
  readonly t: Translate
  readonly uuid: string
}

/**
 * The signed-in buyer's details (the site's video-on-demand form, `customerInfoForms.vod`: no promotion terms),
 * started from their profile, the terms of purchase, and Pay: the commit, then the provider's hosted card page,
 * which returns to `/watch/payment-return`.
 */
export const BuyForm = ({ presentation, ticket, locale, t, uuid }: Props) => {
  const id = useId()
  const config = useQuery(configQueryOptions())
  const formConfig = config.data?.customerInfoForms?.vod ?? DEFAULT_CUSTOMER_FORMS.vod
  const area = useQuery({
    queryKey: areaDataKey(uuid, locale),
    queryFn: ({ signal }) => fetchAreaData(locale, signal),
  })
  const [edited, setValues] = useState<CustomerFormValues | null>(null)
  const profile = area.data?.customer
  const values: CustomerFormValues = edited ?? {
    ...emptyCustomerForm,
    firstName: profile?.FirstName ?? "",
    lastName: profile?.LastName ?? "",
    email: profile?.EmailAddress1 ?? "",
    emailConfirm: profile?.EmailAddress1 ?? "",
    mobileNumber: profile?.MobileNumber1 ?? "",
    mobileConfirm: profile?.MobileNumber1 ?? "",
  }
  const [mailing, setMailing] = useState(false)
  const [terms, setTerms] = useState(false)
  const [shown, setShown] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const termsRequired = config.data?.flags.termsRequired ?? true
  const errors = shown ? validateCustomerForm(values, formConfig, false) : {}
  const termsProblem = shown && termsRequired && !terms

  const pay = async () => {
    setShown(true)
    setRefusal(null)
    if (Object.keys(validateCustomerForm(values, formConfig, false)).length > 0) return
    if (termsRequired && !terms) return
    setBusy(true)
    const cart = vodCommitCart(toCustomerInfo(values, null, mailing), {
      presentationId: presentation.id,
      ticketId: ticket.ticketId,
      price: ticket.price,
    })
    rememberPaymentLocale(locale)
    const result = await buyVod(presentation.id, cart, locale).catch(() => ({ refused: "network" }))
    if ("paymentFormURL" in result) {
      window.location.assign(result.paymentFormURL)
      return
    }
    setBusy(false)
    if ("paid" in result) {
      window.location.assign(`/customer?lang=${locale}`)
      return
    }
    setRefusal(result.refused)
  }

  return (
    <form
      className="vod-card"
      aria-labelledby={`${id}-title`}
      data-testid="vod-buy"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void pay()
      }}
    >
      <h2 id={`${id}-title`} className="vod-card__title">
        {t("vod.watch.detailsTitle")}
      </h2>
      <CustomerFields
        values={values}
        errors={errors}
        config={formConfig}
        invoiceEnabled={false}
        onChange={setValues}
        mailing={mailing}
        onMailing={setMailing}
        locale={locale}
        t={t}
      />
      <div className="field">
        <label className="check" htmlFor={`${id}-terms`}>
          <input
            id={`${id}-terms`}
            type="checkbox"
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
            aria-invalid={termsProblem}
            data-testid="terms"
          />
          <span>{t("payment.terms.label")}</span>
        </label>
        <TermsLink code="purchase" locale={locale} t={t} />
        {termsProblem ? (
          <p className="vod-problem" role="alert">
            {t("payment.terms.required")}
          </p>
        ) : null}
      </div>
      {refusal !== null ? (
        <p className="vod-problem" role="alert" data-testid="vod-refusal">
          {vodErrorText(refusal, t)}
        </p>
      ) : null}
      <button type="submit" className="button button--primary vod-pay" disabled={busy} data-testid="vod-pay">
        {t("payment.payButton", { amount: formatMoney(ticket.price, locale) })}
      </button>
    </form>
  )
}
