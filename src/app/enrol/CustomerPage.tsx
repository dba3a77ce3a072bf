import { useQuery } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import type { CustomerInfo } from "../../domain/cart/facts.ts"
import { enrolCommitCart } from "../../domain/enrol/enrolCart.ts"
import { areaDataKey, fetchAreaData } from "../customer/area/areaApi.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { rememberPaymentLocale } from "../lib/paymentLocale.ts"
import { TermsLink } from "../terms/TermsLink.tsx"
import { EnrolFrame, STEP_PATH } from "./EnrolFrame.tsx"
import { commitEnrolment } from "./enrolClient.ts"
import { enrolText } from "./enrolText.ts"
import { enrolledShowings, showingPriceOf, useEnrolment } from "./useEnrolment.ts"

type Props = { readonly membershipId: number; readonly locale: LocaleCode }

type Fields = { firstName: string; lastName: string; email: string; mobile: string }

/**
 * customerInfo: the member's details (from their profile), the terms, and Enrol: the commit of order kind
 * `enrolment`; nothing to pay is enrolled at once, anything else goes to the provider's card page.
 */
export const CustomerPage = ({ membershipId, locale }: Props) => {
  const t = useT()
  const id = useId()
  const navigate = useNavigate()
  const state = useEnrolment(membershipId, locale)
  const { season, draft, customer } = state
  const area = useQuery({
    queryKey: areaDataKey(customer?.uuid ?? "", locale),
    queryFn: ({ signal }) => fetchAreaData(locale, signal),
    enabled: customer !== null,
  })
  const profile = area.data?.customer
  const [edited, setFields] = useState<Fields | null>(null)
  const fields: Fields = edited ?? {
    firstName: profile?.FirstName ?? "",
    lastName: profile?.LastName ?? "",
    email: profile?.EmailAddress1 ?? "",
    mobile: profile?.MobileNumber1 ?? "",
  }
  const [terms, setTerms] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  if (season === null || draft === null || state.offer.data === undefined)
    return (
      <EnrolFrame step="customerInfo" membershipId={membershipId} locale={locale} state={state}>
        {null}
      </EnrolFrame>
    )
  const showings = enrolledShowings(season, draft)
  const total = showings.reduce((sum, p) => sum + showingPriceOf(season, draft, p), 0)
  const memberNumber = state.offer.data.memberNumber
  const complete = Object.values(fields).every((v) => v.trim() !== "") && terms

  const enrol = async (event: FormEvent) => {
    event.preventDefault()
    if (!complete || busy) return
    setBusy(true)
    setRefusal(null)
    const info = {
      CustomerId: null,
      FirstName: fields.firstName.trim(),
      LastName: fields.lastName.trim(),
      EmailAddress1: fields.email.trim(),
      MobileNumber1: fields.mobile.trim(),
      SSN: null,
      Address1: null,
      Address2: null,
      City: null,
      PostalCode: null,
      DateOfBirth: null,
      IsSMSAllowed: true,
      IsEmailAllowed: true,
      IsMailingAllowed: false,
    } as CustomerInfo
    const group = draft.ticketGroupId ?? season.DefaultTicketGroupId
    const ticketId =
      draft.ticketId ??
      season.TicketGroups.find((g) => g.ticketGroupId === group)?.tickets[0]?.ticketId ??
      null
    const cart = enrolCommitCart(info, {
      membershipId,
      memberNumber,
      seasonId: season.SeasonId,
      ticketGroupId: group,
      ticketId,
      presentations: showings.map((p) => {
        const seat = draft.seats[p.PresentationId]
        return {
          presentationId: p.PresentationId,
          seat: {
            VenueSectionId: seat?.sectionId ?? 0,
            XCoordinate: seat?.x ?? 0,
            YCoordinate: seat?.y ?? 0,
          },
          amount: showingPriceOf(season, draft, p) as never,
        }
      }),
    })
    rememberPaymentLocale(locale)
    const result = await commitEnrolment(draft, cart, locale).catch(() => ({ refused: "GENERAL_ERROR" }))
    if ("paymentFormURL" in result) {
      window.location.assign(result.paymentFormURL)
      return
    }
    setBusy(false)
    if ("paid" in result) {
      state.setDraft({
        ...draft,
        reservationIdentifier: result.paid.reservationIdentifier,
        documentKey: result.paid.documentKey,
      })
      await navigate({ to: STEP_PATH.confirmation, params: { membershipId }, search: { lang: locale } })
      return
    }
    setRefusal(result.refused)
  }

  const input = (name: keyof Fields, label: string, type: string) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      <input
        id={`${id}-${name}`}
        type={type}
        value={fields[name]}
        required
        onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
        data-testid={`enrol-${name}`}
      />
    </label>
  )

  return (
    <EnrolFrame step="customerInfo" membershipId={membershipId} locale={locale} state={state}>
      <form className="enrol-card" onSubmit={(event) => void enrol(event)} noValidate>
        <p className="enrol-muted">{t("enrol.detailsHint")}</p>
        <div className="enrol-fields">
          {input("firstName", t("orderSteps.customer.fields.firstName"), "text")}
          {input("lastName", t("orderSteps.customer.fields.lastName"), "text")}
          {input("email", t("orderSteps.customer.fields.email"), "email")}
          {input("mobile", t("orderSteps.customer.fields.mobileNumber"), "tel")}
        </div>
        <label className="check" htmlFor={`${id}-terms`}>
          <input
            id={`${id}-terms`}
            type="checkbox"
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
            data-testid="terms"
          />
          <span>{t("payment.terms.label")}</span>
        </label>
        <TermsLink code="purchase" locale={locale} t={t} />
        {refusal !== null ? (
          <p className="enrol-problem" role="alert" data-testid="enrol-refusal">
            {enrolText(refusal, t)}
          </p>
        ) : null}
        <p data-testid="enrol-total">{t("enrol.total", { amount: formatMoney(total, locale) })}</p>
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || !complete}
          data-testid="enrol-submit"
        >
          {total === 0 ? t("enrol.enrol") : t("enrol.payAndEnrol", { amount: formatMoney(total, locale) })}
        </button>
      </form>
    </EnrolFrame>
  )
}
