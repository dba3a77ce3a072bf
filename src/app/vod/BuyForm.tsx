import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { Exit } from "effect"
import { useId, useState } from "react"
import type { Presentation } from "../../api/PresentationEntities.ts"
import { CartReset, CustomerInfoSet } from "../../domain/cart/events.ts"
import { VodAccessChosen } from "../../domain/cart/otherOrderEvents.ts"
import { agorot } from "../../domain/cart/values.ts"
import {
  type CustomerFormValues,
  DEFAULT_CUSTOMER_FORMS,
  emptyCustomerForm,
  toCustomerInfo,
  validateCustomerForm,
} from "../../domain/order/customerInfo.ts"
import { eventMeta } from "../cart/cartLog.ts"
import { useCart } from "../cart/useCart.ts"
import { useCartToken } from "../cart/useCartToken.ts"
import { areaDataKey, fetchAreaData } from "../customer/area/areaApi.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { rememberPaymentLocale } from "../lib/paymentLocale.ts"
import { CustomerFields } from "../order/customer/CustomerFields.tsx"
import { PaymentDialog } from "../payment/PaymentDialog.tsx"
import { completePayment } from "../payment/pay.ts"
import { confirmationHref } from "../payment/queries.ts"
import { payFor, usePaymentRun } from "../payment/usePaymentRun.ts"
import { TermsLink } from "../terms/TermsLink.tsx"
// the customer-info fields look as they do on the order journey's customer step
import "../order/steps.css"
import "../payment/payment.css"

type Props = {
  readonly presentation: Presentation
  readonly ticket: { readonly ticketId: number; readonly price: number }
  readonly locale: LocaleCode
  readonly t: Translate
  readonly uuid: string
}

/**
 * The signed-in buyer's details (the site's video-on-demand form, `customerInfoForms.vod`: no promotion terms),
 * started from their profile, the terms of purchase, and Pay: the title goes into the tab's cart as its only line
 * (`VodAccessChosen`) and is paid by the ticket order's own pipeline and dialog (src/app/payment: one commit per
 * idempotency key, lost answers retried, the provider's hosted page, `/order/payment-return`, the confirmation).
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
  const termsRequired = config.data?.flags.termsRequired ?? true
  const errors = shown ? validateCustomerForm(values, formConfig, false) : {}
  const termsProblem = shown && termsRequired && !terms
  const view = useCart()
  const log = view.status === "ready" ? view.log : null
  const cartToken = useCartToken(log)
  const { state, start, reset } = usePaymentRun(log)
  const navigate = useNavigate()
  const busy = state.status === "working" || (state.status === "done" && state.outcome._tag === "Redirecting")

  const toConfirmation = (exit: Awaited<ReturnType<typeof start>>) => {
    if (exit !== null && Exit.isSuccess(exit) && exit.value._tag === "Paid")
      void navigate({
        href: confirmationHref(exit.value.reservationIdentifier, exit.value.documentKey, locale),
        replace: true,
      })
  }

  const pay = async () => {
    setShown(true)
    if (Object.keys(validateCustomerForm(values, formConfig, false)).length > 0) return
    if (termsRequired && !terms) return
    if (log === null) return
    const current = log.store.state()
    // this title's order already placed (a reload, a second click): pay that one, under its own key
    const placed =
      current.vod?.presentationId === presentation.id &&
      current.reservation !== null &&
      current.reservation.status !== "voided"
    if (!placed)
      await log.store.append([
        ...(current.reservation === null ? [] : [CartReset.make({ ...eventMeta(), keepCustomerInfo: true })]),
        VodAccessChosen.make({
          ...eventMeta(),
          presentationId: presentation.id,
          ticketId: ticket.ticketId,
          price: agorot(ticket.price),
        }),
        CustomerInfoSet.make({ ...eventMeta(), customerInfo: toCustomerInfo(values, null, mailing) }),
      ])
    rememberPaymentLocale(locale)
    toConfirmation(
      await start((cart) =>
        payFor(cart)({
          termsAccepted: terms,
          termsRequired,
          answers: { additionalTerms: [] },
          numberOfPayments: 1,
          globalServiceCharge: 0,
          method: "card",
          locale,
        }),
      ),
    )
  }

  const checkOpenPayment = async () => {
    const open = log?.store.state().reservation
    const payment = open?.payment
    if (open == null || payment == null || payment.status !== "open") return
    toConfirmation(await start(() => completePayment(open.identifier, payment.paymentId)))
  }

  return (
    <>
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
        {cartToken.failed ? (
          <p className="vod-problem" role="alert">
            {t("errors.occurred")}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary vod-pay"
          disabled={busy || cartToken.token === null}
          data-testid="vod-pay"
        >
          {t("payment.payButton", { amount: formatMoney(ticket.price, locale) })}
        </button>
      </form>
      <PaymentDialog
        state={state}
        t={t}
        onRetry={() => {
          reset()
          if (state.status === "failed" && state.error._tag === "NetworkLost") void pay()
        }}
        onStartAgain={reset}
        onWhatsOn={() => void navigate({ to: "/", search: { lang: locale } })}
        onBackToTickets={reset}
        onBackToDetails={reset}
        onContinue={(url) => window.location.assign(url)}
        onCheckAgain={() => void checkOpenPayment()}
        onClose={reset}
      />
    </>
  )
}
