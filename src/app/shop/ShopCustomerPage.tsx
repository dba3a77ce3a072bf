import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { type FormEvent, useRef, useState } from "react"
import { CustomerInfoSet } from "../../domain/cart/events.ts"
import { mailingStartsTicked } from "../../domain/order/agreements.ts"
import {
  type CustomerFormValues,
  DEFAULT_CUSTOMER_FORMS,
  type FieldErrors,
  toCustomerInfo,
  validateCustomerForm,
} from "../../domain/order/customerInfo.ts"
import { eventMeta } from "../cart/cartLog.ts"
import { storedCustomer } from "../customer/customerSession.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { useSiteFlags } from "../lib/siteFlags.ts"
import { CustomerFields } from "../order/customer/CustomerFields.tsx"
import {
  orderConsents,
  readOrderConsents,
  saveOrderConsents,
  withConsents,
} from "../order/customer/consents.ts"
import { startingDetails } from "./buyerDetails.ts"
import { ShopBasket } from "./ShopBasket.tsx"
import { NothingChosen, ShopFrame } from "./ShopFrame.tsx"
import { FORM_TYPE, hasLines, readFoodCinema, type ShopKind } from "./shopKinds.ts"
import { useShopCart } from "./useShopCart.ts"
import { useShopLines } from "./useShopLines.ts"

type Props = { readonly kind: ShopKind; readonly locale: LocaleCode }

/**
 * The customer step of every shop order (spec §2 customerInfo): the kind's form from `/api/config`
 * (`voucher`, `donation` with its required SSN and check digit, `order` for food), the same one the commit
 * checks; a buyer signed in starts from their name and mobile. The answers go into the cart (`CustomerInfoSet`), terms and invoice to `consents.ts`, then to pay.
 */
export const ShopCustomerPage = ({ kind, locale }: Props) => {
  const t = useT()
  const shop = useShopCart(kind, false)
  return (
    <ShopFrame kind={kind} step="customer" title={t("shop.steps.customer")} locale={locale} t={t}>
      {shop.status === "ready" ? (
        <CustomerStep kind={kind} locale={locale} shop={shop} />
      ) : shop.status === "unavailable" ? (
        <p className="order__notice order__notice--problem" role="alert">
          {t("errors.occurred")}
        </p>
      ) : (
        <p className="order__notice">{t("shop.loading")}</p>
      )}
    </ShopFrame>
  )
}

type StepProps = Props & { readonly shop: Extract<ReturnType<typeof useShopCart>, { status: "ready" }> }

const CustomerStep = ({ kind, locale, shop }: StepProps) => {
  const t = useT()
  const { log, cart } = shop
  const navigate = useNavigate()
  const config = useQuery(configQueryOptions())
  const formType = FORM_TYPE[kind]
  const formConfig = config.data?.customerInfoForms?.[formType] ?? DEFAULT_CUSTOMER_FORMS[formType]
  const invoiceEnabled = config.data?.params["66"] ?? false
  const lines = useShopLines(kind, cart, locale, readFoodCinema(log.cartId))
  const [values, setValues] = useState<CustomerFormValues>(() =>
    withConsents(startingDetails(cart.customerInfo, storedCustomer()), readOrderConsents(log.cartId)),
  )
  const flags = useSiteFlags()
  const [mailingChoice, setMailing] = useState<boolean | null>(null)
  const mailing = mailingChoice ?? cart.customerInfo?.IsMailingAllowed ?? mailingStartsTicked(flags)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const errors: FieldErrors = submitted ? validateCustomerForm(values, formConfig, invoiceEnabled) : {}

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(validateCustomerForm(values, formConfig, invoiceEnabled)).length > 0) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus(),
      )
      return
    }
    setSaving(true)
    try {
      await log.store.append([
        CustomerInfoSet.make({
          ...eventMeta(),
          customerInfo: toCustomerInfo(values, cart.customerInfo?.CustomerId ?? null, mailing),
        }),
      ])
      saveOrderConsents(log.cartId, orderConsents(values, formConfig.additionalTerms, invoiceEnabled))
      await navigate({ to: "/shop/$kind/pay", params: { kind }, search: { lang: locale } })
    } finally {
      setSaving(false)
    }
  }

  if (!hasLines(cart, kind)) return <NothingChosen kind={kind} locale={locale} t={t} />
  const errorCount = Object.keys(errors).length
  return (
    <div className="order__body">
      <form
        ref={formRef}
        className="order-step customer-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        id="shop-customer-form"
        data-testid="customer-form"
      >
        <CustomerFields
          values={values}
          errors={errors}
          config={formConfig}
          invoiceEnabled={invoiceEnabled}
          onChange={setValues}
          mailing={mailing}
          onMailing={setMailing}
          locale={locale}
          t={t}
        />
      </form>
      <ShopBasket lines={lines} locale={locale} t={t}>
        <div aria-live="polite" className="basket__live">
          {submitted && errorCount > 0 ? (
            <p className="basket__problem" data-testid="order-problem">
              {t("validation.checkAllFields")}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          form="shop-customer-form"
          className="button button--primary"
          disabled={saving}
          data-testid="continue"
        >
          {t("orderSteps.customer.continueToPay")}
        </button>
      </ShopBasket>
    </div>
  )
}
