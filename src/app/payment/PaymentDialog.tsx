import { useEffect, useRef } from "react"
import { MEMBERSHIP_REFUSALS, type MembershipRefusal } from "../../domain/memberships/refusals.ts"
import type { MessageKey } from "../i18n/dictionaries.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { type PayError, wayForward } from "./errors.ts"
import type { RunState } from "./usePaymentRun.ts"

/** The spec's payment dialog: where the payment stands, or what went wrong and the way forward. */

type Props = {
  readonly state: RunState
  readonly t: Translate
  /** pay again for the same order */
  readonly onRetry: () => void
  readonly onStartAgain: () => void
  readonly onWhatsOn: () => void
  /** back to the ticket step, the seats still held, to change a seat's member number or reference */
  readonly onBackToTickets: () => void
  /** back to the customer step, to tick an additional term, fix the invoice details or verify a contact */
  readonly onBackToDetails: () => void
  /** continue a payment the provider still waits for */
  readonly onContinue: (url: string) => void
  readonly onCheckAgain: () => void
  readonly onClose: () => void
}

/** The CommitFailed codes with a text of their own; the others share the spec's "Error processing transaction". */
/** Commit refusals with a text of their own (the rest read as the spec's "Error processing Transaction"). */
const COMMIT_TEXTS = [
  "memberInvalid",
  "referenceInvalid",
  // spec §8 "location offline": the showing's cinema stopped selling online while the buyer was choosing
  "locationOffline",
  // issue 19: a partner's order the partner does not cover, a partner's link that lapsed (integration data error)
  "miniSiteInvalid",
  "integrationDataError",
  "pointsBalance",
  "loyaltyTicketLimit",
  "priceLevel",
] as const
type CommitText = (typeof COMMIT_TEXTS)[number]
const hasCommitText = (code: string): code is CommitText =>
  (COMMIT_TEXTS as ReadonlyArray<string>).includes(code)

/** Refusals of the shop's orders (vouchers, donations), with texts under `shop.errors`. */
const SHOP_TEXTS = [
  "tooManyVouchers",
  "voucherPriceInvalid",
  "notSoldOnline",
  "donationAmountInvalid",
  "voucherNotAccepted",
] as const
type ShopText = (typeof SHOP_TEXTS)[number]
const hasShopText = (code: string): code is ShopText => (SHOP_TEXTS as ReadonlyArray<string>).includes(code)
const HOLD_REFUSALS = ["holdRequiresMembership", "premiumSeatOnHold", "holdTooLate"] as const
const isHoldRefusal = (code: string): code is (typeof HOLD_REFUSALS)[number] =>
  (HOLD_REFUSALS as ReadonlyArray<string>).includes(code)

const isMembershipRefusal = (code: string): code is MembershipRefusal =>
  (MEMBERSHIP_REFUSALS as ReadonlyArray<string>).includes(code)

export const errorKey = (error: PayError): MessageKey => {
  if (error._tag === "BlikError" && error.expired) return "payment.errors.BlikExpired"
  if (error._tag === "CommitFailed" && hasShopText(error.code)) return `shop.errors.${error.code}`
  if (error._tag === "CommitFailed" && hasCommitText(error.code)) return `payment.errors.${error.code}`
  // issue 16: an unpaid hold's refusals (their texts live under `holds.errors`)
  if (error._tag === "CommitFailed" && isHoldRefusal(error.code)) return `holds.errors.${error.code}`
  // issue 16: a membership order's refusals (their texts live under `memberships.errors`)
  if (error._tag === "CommitFailed" && isMembershipRefusal(error.code))
    return `memberships.errors.${error.code}`
  if (error._tag === "CustomerAnswersRefused") return `payment.errors.${error.code}`
  if (error._tag === "ContactNotVerified") return `payment.errors.${error.channel}NotVerified`
  return `payment.errors.${error._tag}`
}

const CARD_ERRORS = new Set([
  "CardNumberError",
  "CardDateError",
  "CvvError",
  "BinValidationError",
  "CardDeclined",
])

export const PaymentDialog = ({
  state,
  t,
  onRetry,
  onStartAgain,
  onWhatsOn,
  onBackToTickets,
  onBackToDetails,
  onContinue,
  onCheckAgain,
  onClose,
}: Props) => {
  const ref = useRef<HTMLDialogElement>(null)
  // a paid order and a committed hold leave the dialog for their own confirmation
  const open =
    state.status !== "idle" &&
    !(state.status === "done" && (state.outcome._tag === "Paid" || state.outcome._tag === "Held"))
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  const working = state.status === "working"
  return (
    <dialog
      ref={ref}
      className="pay-dialog"
      aria-labelledby="pay-dialog-title"
      data-testid="payment-dialog"
      data-stage={state.status === "working" ? state.stage : state.status}
      // while a step runs, Escape must not hide it: the buyer would think nothing is happening
      onCancel={(event) => (working ? event.preventDefault() : onClose())}
    >
      <h2 id="pay-dialog-title" className="pay-dialog__title">
        {t("payment.dialog.title")}
      </h2>
      <div className="pay-dialog__body" aria-live="polite">
        {state.status === "working" ? (
          <p className="pay-dialog__stage" data-testid="payment-stage">
            <span className="pay-dialog__ring" aria-hidden="true" />
            <span>{t(`payment.dialog.stages.${state.stage}`)}</span>
          </p>
        ) : null}
        {state.status === "done" && state.outcome._tag === "Redirecting" ? (
          <p className="pay-dialog__stage" data-testid="payment-stage">
            <span className="pay-dialog__ring" aria-hidden="true" />
            <span>{t("payment.dialog.stages.redirecting")}</span>
          </p>
        ) : null}
        {state.status === "done" && state.outcome._tag === "AwaitingEntry" ? (
          <>
            <p className="pay-dialog__stage">{t("payment.dialog.stages.awaitingEntry")}</p>
            <div className="pay-dialog__actions">
              {state.outcome.url !== null ? (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() =>
                    state.outcome._tag === "AwaitingEntry" &&
                    state.outcome.url !== null &&
                    onContinue(state.outcome.url)
                  }
                >
                  {t("payment.dialog.continue")}
                </button>
              ) : null}
              <button type="button" className="button button--ghost" onClick={onClose}>
                {t("payment.dialog.close")}
              </button>
            </div>
          </>
        ) : null}
        {state.status === "done" && state.outcome._tag === "StillProcessing" ? (
          <>
            <p className="pay-dialog__stage">{t("payment.dialog.stillProcessing")}</p>
            <div className="pay-dialog__actions">
              <button type="button" className="button button--primary" onClick={onCheckAgain}>
                {t("payment.dialog.checkAgain")}
              </button>
            </div>
          </>
        ) : null}
        {state.status === "failed" ? (
          <Failure
            error={state.error}
            t={t}
            on={{ onRetry, onStartAgain, onWhatsOn, onBackToTickets, onBackToDetails, onClose }}
          />
        ) : null}
      </div>
    </dialog>
  )
}

type FailureProps = {
  readonly error: PayError
  readonly t: Translate
  readonly on: Pick<
    Props,
    "onRetry" | "onStartAgain" | "onWhatsOn" | "onBackToTickets" | "onBackToDetails" | "onClose"
  >
}

const Failure = ({ error, t, on }: FailureProps) => {
  const way = wayForward(error)
  return (
    <div className="pay-dialog__failure" role="alert" data-testid="payment-error" data-error={error._tag}>
      <p className="pay-dialog__message">{t(errorKey(error))}</p>
      <div className="pay-dialog__actions">
        {way === "retry" ? (
          <button type="button" className="button button--primary" onClick={on.onRetry}>
            {CARD_ERRORS.has(error._tag) ? t("payment.actions.tryAnotherCard") : t("payment.actions.retry")}
          </button>
        ) : null}
        {way === "startAgain" ? (
          <button type="button" className="button button--primary" onClick={on.onStartAgain}>
            {t("payment.actions.startAgain")}
          </button>
        ) : null}
        {way === "backToTickets" ? (
          <button type="button" className="button button--primary" onClick={on.onBackToTickets}>
            {t("payment.actions.backToTickets")}
          </button>
        ) : null}
        {way === "backToDetails" ? (
          <button type="button" className="button button--primary" onClick={on.onBackToDetails}>
            {t("payment.actions.backToDetails")}
          </button>
        ) : null}
        {way === "whatsOn" ? (
          <button type="button" className="button button--primary" onClick={on.onWhatsOn}>
            {t("payment.actions.whatsOn")}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={on.onClose}>
          {t("payment.dialog.close")}
        </button>
      </div>
    </div>
  )
}
