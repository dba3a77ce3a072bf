import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { type FormEvent, useRef, useState } from "react"
import { CustomerInfoSet } from "../../../domain/cart/events.ts"
import { allSeats } from "../../../domain/cart/state.ts"
import { mailingStartsTicked } from "../../../domain/order/agreements.ts"
import {
  CONTACT_FIELD,
  type ContactChannel,
  channelsToVerify,
  type VerifiedContact,
  verificationErrors,
} from "../../../domain/order/contactVerification.ts"
import {
  type CustomerFormValues,
  DEFAULT_CUSTOMER_FORMS,
  type FieldErrors,
  formValuesOf,
  toCustomerInfo,
  validateCustomerForm,
} from "../../../domain/order/customerInfo.ts"
import { eventMeta } from "../../cart/cartLog.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { configQueryOptions } from "../../lib/configQuery.ts"
import { useSiteFlags } from "../../lib/siteFlags.ts"
import { useWaiverStep } from "../../waiver/useWaiverStep.tsx"
import { screenLink } from "../flow.ts"
import { NoSeats } from "../NoSeats.tsx"
import { OrderStep, type StepProps } from "../OrderStep.tsx"
import { OrderSummary } from "../OrderSummary.tsx"
import { useStepTimer } from "../useStepTimer.ts"
import { ContactVerify } from "./ContactVerify.tsx"
import { CustomerFields } from "./CustomerFields.tsx"
import { orderConsents, readOrderConsents, saveOrderConsents, withConsents } from "./consents.ts"
import { verifiedContactsQueryOptions } from "./contactVerification.ts"
import "../order.css"
import "../steps.css"

type Props = { readonly presentationId: number; readonly locale: LocaleCode }

export const CustomerPage = ({ presentationId, locale }: Props) => (
  <OrderStep
    presentationId={presentationId}
    locale={locale}
    screen="customer"
    title="orderSteps.customer.title"
    step={(props) => <CustomerStep {...props} />}
  />
)

const NO_CONTACTS: ReadonlyArray<VerifiedContact> = []

const CustomerStep = ({ order, detail, locale, t }: StepProps) => {
  const { log, cart, client } = order
  const presentation = detail.presentation
  const navigate = useNavigate()
  // every showing's seats: the summary's total is the one the order will cost (issue 16: one order, N showings)
  const seats = allSeats(cart)
  const control = useStepTimer(log, cart, client, presentation.id, "customerInfo")
  const config = useQuery(configQueryOptions())
  const formType = presentation.isVod ? "vod" : "order"
  const formConfig = config.data?.customerInfoForms?.[formType] ?? DEFAULT_CUSTOMER_FORMS[formType]
  const invoiceEnabled = config.data?.params["66"] ?? false
  const [values, setValues] = useState<CustomerFormValues>(() =>
    withConsents(formValuesOf(cart.customerInfo), readOrderConsents(log.cartId)),
  )
  // untouched, the consent follows the site's flag (which may arrive after the first render) or the saved answer
  const flags = useSiteFlags()
  const [mailingChoice, setMailing] = useState<boolean | null>(null)
  const mailing = mailingChoice ?? cart.customerInfo?.IsMailingAllowed ?? mailingStartsTicked(flags)
  // the contacts the site asks to verify (flags mobileVerification, emailVerification; both off by default)
  const verifying = channelsToVerify(flags)
  const queryClient = useQueryClient()
  const cartToken = log.cartToken()
  const verifiedQuery = useQuery({
    ...verifiedContactsQueryOptions(cartToken),
    enabled: verifying.length > 0 && cartToken !== null,
  })
  const verified = verifiedQuery.data ?? NO_CONTACTS
  const onVerified = (next: ReadonlyArray<VerifiedContact>) =>
    queryClient.setQueryData(verifiedContactsQueryOptions(cartToken).queryKey, next)
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  // issue 19: a showing that asks for the child waiver has it filled in and signed here
  const waiver = useWaiverStep({
    cartId: log.cartId,
    detail,
    seats,
    signerName: `${values.firstName} ${values.lastName}`,
    submitted,
    t,
  })

  // a field's own rule first; a valid contact the site verifies and this cart has not: `unverified`
  const check = (next: CustomerFormValues): FieldErrors => ({
    ...verificationErrors(flags, next, verified),
    ...validateCustomerForm(next, formConfig, invoiceEnabled),
  })
  // once the buyer has tried to go on, each change re-checks, so a fixed field's message goes away at once
  const errors: FieldErrors = submitted ? check(values) : {}

  const change = (next: CustomerFormValues) => setValues(next)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = check(values)
    setSubmitted(true)
    if (Object.keys(found).length > 0 || waiver.blocks) {
      // the first field in error takes the focus; its message is tied to it by aria-describedby
      requestAnimationFrame(() =>
        formRef.current
          ?.querySelector<HTMLElement>("[aria-invalid='true'], [data-testid='waiver-signer']")
          ?.focus(),
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
      await navigate(screenLink(presentation.id, "pay", locale))
    } finally {
      setSaving(false)
    }
  }

  const startAgain = async () => {
    await control.startAgain()
    void navigate(screenLink(presentation.id, "seats", locale))
  }

  if (seats.length === 0) return <NoSeats presentationId={presentation.id} locale={locale} t={t} />
  const errorCount = Object.keys(errors).length
  const verifyFor = (channel: ContactChannel) =>
    verifying.includes(channel) ? (
      <ContactVerify
        channel={channel}
        value={channel === "mobile" ? values.mobileNumber : values.email}
        fieldLabel={t(`orderSteps.customer.fields.${CONTACT_FIELD[channel]}`)}
        verified={verified}
        cartToken={cartToken}
        lang={locale}
        onVerified={onVerified}
        t={t}
      />
    ) : undefined
  // only contacts left to verify: say so, rather than "check all fields"
  const onlyUnverified = errorCount > 0 && Object.values(errors).every((e) => e?.rule === "unverified")

  return (
    <div className="order__body">
      <form
        ref={formRef}
        className="order-step customer-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        id="customer-form"
        data-testid="customer-form"
      >
        <CustomerFields
          values={values}
          errors={errors}
          config={formConfig}
          invoiceEnabled={invoiceEnabled}
          onChange={change}
          mailing={mailing}
          onMailing={setMailing}
          locale={locale}
          t={t}
          verify={{ email: verifyFor("email"), mobileNumber: verifyFor("mobile") }}
        />
        {waiver.section}
      </form>
      <OrderSummary
        detail={detail}
        cart={cart}
        seats={seats}
        control={control}
        expiredText={t("orderSteps.expired.customer")}
        onStartAgain={() => void startAgain()}
        locale={locale}
        t={t}
      >
        <div aria-live="polite" className="basket__live">
          {submitted && (errorCount > 0 || waiver.blocks) ? (
            <p className="basket__problem" data-testid="order-problem">
              {onlyUnverified
                ? t("orderSteps.customer.verify.continueRefused")
                : t("validation.checkAllFields")}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          form="customer-form"
          className="button button--primary"
          disabled={saving}
          data-testid="continue"
        >
          {t("orderSteps.customer.continueToPay")}
        </button>
      </OrderSummary>
    </div>
  )
}
