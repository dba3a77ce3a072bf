import { Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import type { CompletionResult } from "../../api/PaymentApi.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { EnrolFrame, STEP_PATH } from "./EnrolFrame.tsx"
import { completeEnrolPayment } from "./enrolClient.ts"
import { useEnrolment } from "./useEnrolment.ts"

type Props = {
  readonly membershipId: number
  readonly paymentId: string | null
  readonly reservationIdentifier: string | null
  readonly locale: LocaleCode
}

type Outcome =
  | { readonly status: "checking" }
  | { readonly status: "unknown" }
  | { readonly status: "notFound" }
  | { readonly status: "ended"; readonly result: CompletionResult }

/**
 * Where the provider sends a member back after paying for an enrolment (`/enrol/{membershipId}/payment-return`,
 * the server's return URL for order kind `enrolment`). The page asks the server how the payment ended; paid, it
 * goes on to the enrolment's confirmation; otherwise it says why, with the way back (the details step pays the same
 * order again while its seats are held; a voided order needs its seats chosen again).
 */
export const PaymentReturnPage = ({ membershipId, paymentId, reservationIdentifier, locale }: Props) => {
  const t = useT()
  const navigate = useNavigate()
  const state = useEnrolment(membershipId, locale)
  const { draft, setDraft } = state
  const [outcome, setOutcome] = useState<Outcome>({ status: "checking" })
  const ready = draft !== null && state.customer !== null

  const check = async () => {
    if (draft === null || paymentId === null || reservationIdentifier === null) return
    setOutcome({ status: "checking" })
    const result = await completeEnrolPayment(draft.cartToken, reservationIdentifier, paymentId)
    if (result === null) return setOutcome({ status: "unknown" })
    if (result === "notFound") return setOutcome({ status: "notFound" })
    if (result.status === "paid") {
      setDraft({ ...draft, reservationIdentifier, documentKey: result.documentKey })
      await navigate({
        to: STEP_PATH.confirmation,
        params: { membershipId },
        search: { lang: locale },
        replace: true,
      })
      return
    }
    setOutcome({ status: "ended", result })
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the member and the draft are known
  useEffect(() => {
    if (ready) void check()
  }, [ready])

  const body = (() => {
    if (paymentId === null || reservationIdentifier === null)
      return <p className="enrol-problem">{t("payment.return.missing")}</p>
    if (outcome.status === "checking")
      return (
        <p className="enrol-muted" role="status" data-testid="enrol-return-checking">
          {t("payment.dialog.stages.returned")}
        </p>
      )
    if (outcome.status === "notFound")
      return (
        <p className="enrol-problem" role="alert" data-testid="enrol-return-problem">
          {t("payment.confirmation.notFound")}
        </p>
      )
    if (outcome.status === "unknown")
      return (
        <>
          <p className="enrol-problem" role="alert">
            {t("payment.dialog.stillProcessing")}
          </p>
          <button type="button" className="button" onClick={() => void check()}>
            {t("payment.dialog.checkAgain")}
          </button>
        </>
      )
    const { result } = outcome
    const voided = result.status === "voided"
    const text = voided
      ? t("payment.errors.SeatHoldLost")
      : result.paymentState === "cancelled"
        ? t("payment.errors.PaymentCancelled")
        : result.paymentState === "failed"
          ? t("payment.errors.PaymentError")
          : t("payment.return.notPaid")
    return (
      <>
        <p className="enrol-problem" role="alert" data-testid="enrol-return-problem">
          {text}
        </p>
        <Link
          className="button"
          to={voided ? STEP_PATH.chooseSeats : STEP_PATH.customerInfo}
          params={{ membershipId }}
          search={{ lang: locale }}
        >
          {t("enrol.back")}
        </Link>
      </>
    )
  })()

  return (
    <EnrolFrame step="confirmation" membershipId={membershipId} locale={locale} state={state}>
      <div className="enrol-card" data-testid="enrol-payment-return">
        <h2>{t("payment.return.title")}</h2>
        {body}
      </div>
    </EnrolFrame>
  )
}
