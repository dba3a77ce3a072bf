import { Link, useNavigate } from "@tanstack/react-router"
import { Exit } from "effect"
import { useEffect, useId, useRef, useState } from "react"
import { CartReset, MemberRemoved } from "../../domain/cart/events.ts"
import { allSeats } from "../../domain/cart/state.ts"
import type { PaymentMethod } from "../../domain/cart/values.ts"
import { mayOfferSavingCard, termsStartTicked } from "../../domain/order/agreements.ts"
import { allowedInstalments, DEFAULT_INSTALMENTS } from "../../domain/pricing/instalments.ts"
import { eventMeta } from "../cart/cartLog.ts"
import { unlockSeats } from "../cart/seatCommands.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { rememberPaymentLocale } from "../lib/paymentLocale.ts"
import { useSiteFlags } from "../lib/siteFlags.ts"
import { readOrderConsents } from "../order/customer/consents.ts"
import { screenLink } from "../order/flow.ts"
// the order journey's frame (steps, basket) as the other step screens have it, also when this one is opened first
import { OrderStep, type StepProps } from "../order/OrderStep.tsx"
import { TermsLink } from "../terms/TermsLink.tsx"
import { payDeadline, payFigures } from "./figures.ts"
import { HoldChoice, HoldConfirmation } from "./HoldChoice.tsx"
import { PaymentDialog } from "./PaymentDialog.tsx"
import { PaySummary } from "./PaySummary.tsx"
import { completePayment } from "./pay.ts"
import { confirmationHref } from "./queries.ts"
import { type CardChoice, SavedCards } from "./SavedCards.tsx"
import { payFor, usePaymentRun } from "./usePaymentRun.ts"
import { VoucherEntry } from "./VoucherEntry.tsx"
import "../order/order.css"
import "../order/steps.css"
import { waiverAnswer } from "../waiver/waiverDraft.ts"
import "./payment.css"

type Props = { readonly presentationId: number; readonly locale: LocaleCode }

const METHODS: ReadonlyArray<PaymentMethod> = ["card", "paypal", "blik", "redirect"]

export const PayPage = ({ presentationId, locale }: Props) => (
  <OrderStep
    presentationId={presentationId}
    locale={locale}
    screen="pay"
    title="payment.title"
    step={(props) => <ReadyPay {...props} />}
  />
)

const ReadyPay = ({ order, detail, locale, t }: StepProps) => {
  const { log, cart, client } = order
  const navigate = useNavigate()
  const id = useId()
  const presentationId = detail.presentation.id
  const reservation = cart.reservation
  const openPayment = reservation?.payment?.status === "open" ? reservation.payment : null
  const [method, setMethod] = useState<PaymentMethod>(openPayment?.method ?? "card")
  const [instalments, setInstalments] = useState(openPayment?.numberOfPayments ?? 1)
  const [cardChoice, setCardChoice] = useState<CardChoice>({ savedCardId: null, saveCard: false })
  const flags = useSiteFlags()
  // asked here only, where the answer goes with the commit; untouched, it starts as the site's flag says
  const [termsChoice, setTerms] = useState<boolean | null>(null)
  const terms = termsChoice ?? termsStartTicked(flags)
  const [termsProblem, setTermsProblem] = useState(false)
  const termsRef = useRef<HTMLInputElement>(null)
  const { state, start, reset } = usePaymentRun(log)
  const figures = payFigures(cart, detail.serviceCharge)
  // what the card pays may be split as the one rule allows (the provider's page and the commit use it too);
  // a count chosen before a voucher lowered the amount falls back to the default
  const offeredInstalments = allowedInstalments(figures.due)
  const chosenInstalments = offeredInstalments.includes(instalments) ? instalments : DEFAULT_INSTALMENTS
  const seats = allSeats(cart)
  const notReady = reservation === null && seats.some((seat) => seat.ticket === null)
  const empty = reservation === null && seats.length === 0 && cart.products.length === 0

  const goToConfirmation = (identifier: string, key: string) =>
    void navigate({ href: confirmationHref(identifier, key, locale), replace: true })

  // a paid order (this tab or another) goes to its confirmation
  const paidKey = reservation?.status === "paid" ? reservation.documentKey : null
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per paid reservation
  useEffect(() => {
    if (reservation !== null && paidKey !== null) goToConfirmation(reservation.identifier, paidKey)
  }, [paidKey])

  const checkOpenPayment = async () => {
    const open = log.store.state().reservation
    const payment = open?.payment
    if (open == null || payment == null || payment.status !== "open") return
    const exit = await start(() => completePayment(open.identifier, payment.paymentId))
    if (exit?._tag === "Success" && exit.value._tag === "Paid")
      goToConfirmation(exit.value.reservationIdentifier, exit.value.documentKey)
  }

  // resume: a payment opened before a reload or a lost signal is asked about before anything else
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on entering the page
  useEffect(() => {
    if (openPayment !== null) void checkOpenPayment()
  }, [])

  // issue 16: an unpaid hold committed and not paid yet (the pay button below still pays it now)
  const held = cart.isHold && reservation?.status === "awaitingPayment" ? reservation : null
  const reserveOnly = cart.isHold && reservation === null

  const onPay = async () => {
    setTermsProblem(false)
    rememberPaymentLocale(locale)
    const exit = await start((current) =>
      payFor(current)({
        termsAccepted: terms,
        termsRequired: flags.termsRequired,
        // the additional terms and invoice the customer step asked for (none: the server asks for them again)
        answers: {
          ...(readOrderConsents(log.cartId) ?? { additionalTerms: [] }),
          // issue 19: the child waiver signed there, for a showing that asks for one
          ...waiverAnswer(log.cartId),
        },
        numberOfPayments: method === "card" ? chosenInstalments : DEFAULT_INSTALMENTS,
        globalServiceCharge: figures.bookingTotal,
        method,
        locale,
        ...(method === "card" && cardChoice.savedCardId !== null
          ? { savedCardId: cardChoice.savedCardId }
          : {}),
        saveMagCard:
          method === "card" && cardChoice.savedCardId === null && cardChoice.saveCard && flags.saveCard,
        reserveOnly,
      }),
    )
    if (exit === null) return
    if (exit._tag === "Success" && exit.value._tag === "Paid")
      goToConfirmation(exit.value.reservationIdentifier, exit.value.documentKey)
    const failure = Exit.findErrorOption(exit)
    // the terms are answered beside the checkbox, not in the dialog
    if (failure._tag === "Some" && failure.value._tag === "TermsConfirmationRequired") {
      reset()
      setTermsProblem(true)
      termsRef.current?.focus()
    }
  }

  /**
   * Back to the ticket step to fix a ticket. Refused because the cart's loyalty member is not proven (any more),
   * the cart forgets its members first (their points leave the seats in the fold): the ticket step then offers the
   * loyalty login again instead of showing a member the server will not accept.
   */
  const backToTickets = async () => {
    if (state.status === "failed" && state.error._tag === "LoyaltyMemberNotProven") {
      const members = log.store.state().members
      await log.store.append(
        members.map((member) =>
          MemberRemoved.make({ ...eventMeta(), membershipIdentifier: member.membershipIdentifier }),
        ),
      )
    }
    // a premium seat cannot be held: back to the seats, to switch to a regular one (spec §5)
    const premium =
      state.status === "failed" &&
      state.error._tag === "CommitFailed" &&
      state.error.code === "premiumSeatOnHold"
    await navigate(screenLink(presentationId, premium ? "seats" : "tickets", locale))
  }

  const startAgain = async () => {
    const held = seats.filter((seat) => seat.presentationId === presentationId)
    if (held.length > 0 && reservation === null)
      await unlockSeats(
        log,
        client,
        presentationId,
        held.map((seat) => ({ VenueSectionId: seat.VenueSectionId, x: seat.x, y: seat.y })),
      ).catch(() => undefined)
    await log.store
      .append([CartReset.make({ ...eventMeta(), keepCustomerInfo: true })])
      .catch(() => undefined)
    reset()
    void navigate(screenLink(presentationId, "seats", locale))
  }

  // spec §4: a cancelled order shows it, then starts again by itself
  const cancelled = state.status === "failed" && state.error._tag === "OrderCancelledRestarting"
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per cancellation
  useEffect(() => {
    if (!cancelled) return
    const timer = setTimeout(() => void startAgain(), 2500)
    return () => clearTimeout(timer)
  }, [cancelled])

  const busy = state.status === "working" || (state.status === "done" && state.outcome._tag === "Redirecting")
  const payLabel = reserveOnly
    ? t("holds.pay.reserveButton")
    : figures.due > 0
      ? t("payment.payButton", { amount: formatMoney(figures.due, locale) })
      : t("payment.confirmButton")

  return (
    <div className="order__body pay">
      <div className="pay__main">
        {empty ? <p className="order__notice">{t("payment.summary.empty")}</p> : null}
        {notReady ? (
          <p className="order__notice order__notice--problem" data-testid="pay-not-ready">
            {t("payment.summary.notReady")}{" "}
            <Link {...screenLink(presentationId, "tickets", locale)}>
              {t("payment.summary.backToTickets")}
            </Link>
          </p>
        ) : null}
        {reservation?.status === "voided" ? (
          <div className="order__notice order__notice--problem" role="alert">
            <p>{t("payment.errors.SeatHoldLost")}</p>
            <button type="button" className="button button--primary" onClick={() => void startAgain()}>
              {t("payment.actions.startAgain")}
            </button>
          </div>
        ) : null}
        {held !== null ? (
          <HoldConfirmation
            identifier={held.identifier}
            deadline={held.paymentDeadline ?? detail.presentation.dateTime}
            locale={locale}
            t={t}
          />
        ) : null}
        {reservation === null && seats.length > 0 ? (
          <HoldChoice
            log={log}
            cart={cart}
            startsAt={detail.presentation.dateTime}
            disabled={busy}
            locale={locale}
            t={t}
          />
        ) : null}
        <VoucherEntry log={log} cart={cart} amount={figures.voucher} locale={locale} t={t} />
        <fieldset className="pay-section pay-methods" disabled={openPayment !== null || busy}>
          <legend className="pay-section__title">{t("payment.method.legend")}</legend>
          {openPayment !== null ? <p className="pay-hint">{t("payment.method.locked")}</p> : null}
          <div className="pay-methods__list">
            {METHODS.map((value) => (
              <label key={value} className="pay-method" data-checked={method === value}>
                <input
                  type="radio"
                  name={`${id}-method`}
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                />
                <span>{t(`payment.method.${value}`)}</span>
              </label>
            ))}
          </div>
          {method === "card" ? (
            <SavedCards
              locationId={detail.presentation.locationId}
              choice={cardChoice}
              onChoice={setCardChoice}
              disabled={openPayment !== null || busy}
              offerSaving={mayOfferSavingCard(flags, true)}
              locale={locale}
              t={t}
            />
          ) : null}
          {method === "card" ? (
            <label className="pay-instalments">
              <span>{t("payment.instalments.label")}</span>
              <select
                className="pay-input"
                value={chosenInstalments}
                onChange={(event) => setInstalments(Number(event.target.value))}
                data-testid="instalments"
              >
                {offeredInstalments.map((n) => (
                  <option key={n} value={n}>
                    {t("payment.instalments.count", { n })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </fieldset>
        <div className="pay-section pay-terms">
          <label className="pay-terms__label">
            <input
              ref={termsRef}
              type="checkbox"
              checked={terms}
              onChange={(event) => {
                setTerms(event.target.checked)
                if (event.target.checked) setTermsProblem(false)
              }}
              aria-invalid={termsProblem}
              aria-describedby={termsProblem ? `${id}-terms-problem` : undefined}
              data-testid="terms"
            />
            <span>{t("payment.terms.label")}</span>
          </label>
          <TermsLink code="purchase" locale={locale} t={t} />
          {termsProblem ? (
            <p id={`${id}-terms-problem`} className="pay-problem" role="alert" data-testid="terms-problem">
              {t("payment.terms.required")}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="button button--primary pay__button"
          onClick={() => void onPay()}
          disabled={busy || notReady || empty || reservation?.status === "voided"}
          data-testid="pay-button"
        >
          {payLabel}
        </button>
      </div>
      <PaySummary
        cart={cart}
        detail={detail}
        figures={figures}
        deadline={payDeadline(cart)}
        locale={locale}
        t={t}
      />
      <PaymentDialog
        state={state}
        t={t}
        onRetry={() => {
          reset()
          if (state.status === "failed" && state.error._tag === "NetworkLost") void onPay()
        }}
        onStartAgain={() => void startAgain()}
        onWhatsOn={() => void navigate({ to: "/", search: { lang: locale } })}
        onBackToTickets={() => void backToTickets()}
        onBackToDetails={() => void navigate(screenLink(presentationId, "customer", locale))}
        onContinue={(url) => window.location.assign(url)}
        onCheckAgain={() => void checkOpenPayment()}
        onClose={reset}
      />
    </div>
  )
}
