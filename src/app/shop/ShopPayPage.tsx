import { useNavigate } from "@tanstack/react-router"
import { Exit } from "effect"
import { useEffect, useId, useRef, useState } from "react"
import { CartReset } from "../../domain/cart/events.ts"
import { termsStartTicked } from "../../domain/order/agreements.ts"
import { allowedInstalments, DEFAULT_INSTALMENTS } from "../../domain/pricing/instalments.ts"
import { eventMeta } from "../cart/cartLog.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { rememberPaymentLocale } from "../lib/paymentLocale.ts"
import { useSiteFlags } from "../lib/siteFlags.ts"
import { readOrderConsents } from "../order/customer/consents.ts"
import { payFigures } from "../payment/figures.ts"
import { PaymentDialog } from "../payment/PaymentDialog.tsx"
import { completePayment } from "../payment/pay.ts"
import { confirmationHref } from "../payment/queries.ts"
import { payFor, usePaymentRun } from "../payment/usePaymentRun.ts"
import { VoucherEntry } from "../payment/VoucherEntry.tsx"
import { TermsLink } from "../terms/TermsLink.tsx"
import { ShopBasket } from "./ShopBasket.tsx"
import { NothingChosen, ShopFrame } from "./ShopFrame.tsx"
import { hasLines, readFoodCinema, type ShopKind } from "./shopKinds.ts"
import { type ShopCart, useShopCart } from "./useShopCart.ts"
import { useShopLines } from "./useShopLines.ts"
import "../payment/payment.css"

type Props = { readonly kind: ShopKind; readonly locale: LocaleCode }

/**
 * The pay step of every shop order: the terms, the card (with the instalments the amount allows), and for food
 * alone a money voucher (a voucher never pays for vouchers or donations: the server refuses it too). The order
 * is committed and paid by the ticket order's own pipeline (payment/pay.ts), with its dialog and guarantees.
 */
export const ShopPayPage = ({ kind, locale }: Props) => {
  const t = useT()
  const shop = useShopCart(kind, false)
  return (
    <ShopFrame kind={kind} step="pay" title={t("payment.title")} locale={locale} t={t}>
      {shop.status === "ready" ? (
        <PayStep kind={kind} locale={locale} shop={shop} />
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

const PayStep = ({
  kind,
  locale,
  shop,
}: Props & { readonly shop: Extract<ShopCart, { status: "ready" }> }) => {
  const t = useT()
  const { log, cart } = shop
  const navigate = useNavigate()
  const id = useId()
  const flags = useSiteFlags()
  const [termsChoice, setTerms] = useState<boolean | null>(null)
  const terms = termsChoice ?? termsStartTicked(flags)
  const [termsProblem, setTermsProblem] = useState(false)
  const termsRef = useRef<HTMLInputElement>(null)
  const [instalments, setInstalments] = useState(DEFAULT_INSTALMENTS)
  const { state, start, reset } = usePaymentRun(log)
  const cinema = readFoodCinema(log.cartId)
  const lines = useShopLines(kind, cart, locale, cinema)
  const figures = payFigures(cart, [])
  const offered = allowedInstalments(figures.due)
  const chosenInstalments = offered.includes(instalments) ? instalments : DEFAULT_INSTALMENTS
  const reservation = cart.reservation
  const openPayment = reservation?.payment?.status === "open" ? reservation.payment : null

  const goToConfirmation = (identifier: string, key: string) =>
    void navigate({ href: confirmationHref(identifier, key, locale), replace: true })
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on entering the page
  useEffect(() => {
    if (openPayment !== null) void checkOpenPayment()
  }, [])

  const onPay = async () => {
    setTermsProblem(false)
    rememberPaymentLocale(locale)
    const exit = await start((current) =>
      payFor(current)({
        termsAccepted: terms,
        termsRequired: flags.termsRequired,
        answers: readOrderConsents(log.cartId) ?? { additionalTerms: [] },
        numberOfPayments: chosenInstalments,
        globalServiceCharge: 0,
        method: "card",
        locale,
        ...(kind === "food" && cinema !== null ? { locationId: cinema } : {}),
      }),
    )
    if (exit === null) return
    if (exit._tag === "Success" && exit.value._tag === "Paid")
      goToConfirmation(exit.value.reservationIdentifier, exit.value.documentKey)
    const failure = Exit.findErrorOption(exit)
    if (failure._tag === "Some" && failure.value._tag === "TermsConfirmationRequired") {
      reset()
      setTermsProblem(true)
      termsRef.current?.focus()
    }
  }

  const startAgain = async () => {
    await log.store
      .append([CartReset.make({ ...eventMeta(), keepCustomerInfo: true })])
      .catch(() => undefined)
    reset()
    await navigate(
      kind === "vouchers"
        ? { to: "/vouchers", search: { lang: locale } }
        : kind === "donations"
          ? { to: "/donate", search: { lang: locale } }
          : kind === "memberships"
            ? { to: "/memberships", search: { lang: locale } }
            : { to: "/food", search: { lang: locale } },
    )
  }

  if (!hasLines(cart, kind) && reservation === null)
    return <NothingChosen kind={kind} locale={locale} t={t} />
  const busy = state.status === "working" || (state.status === "done" && state.outcome._tag === "Redirecting")
  const payLabel =
    figures.due > 0
      ? t("payment.payButton", { amount: formatMoney(figures.due, locale) })
      : t("payment.confirmButton")
  return (
    <div className="order__body pay">
      <div className="pay__main">
        {reservation?.status === "voided" ? (
          <div className="order__notice order__notice--problem" role="alert" data-testid="shop-expired">
            <p>{t("shop.expired")}</p>
            <button type="button" className="button button--primary" onClick={() => void startAgain()}>
              {t("shop.startAgain")}
            </button>
          </div>
        ) : null}
        {kind === "food" ? (
          <VoucherEntry log={log} cart={cart} amount={figures.voucher} locale={locale} t={t} />
        ) : null}
        {figures.due > 0 ? (
          <label className="pay-instalments">
            <span>{t("payment.instalments.label")}</span>
            <select
              className="pay-input"
              value={chosenInstalments}
              disabled={openPayment !== null || busy}
              onChange={(event) => setInstalments(Number(event.target.value))}
              data-testid="instalments"
            >
              {offered.map((n) => (
                <option key={n} value={n}>
                  {t("payment.instalments.count", { n })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
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
          disabled={busy || reservation?.status === "voided"}
          data-testid="pay-button"
        >
          {payLabel}
        </button>
      </div>
      <ShopBasket lines={lines} locale={locale} t={t}>
        {figures.voucher > 0 ? (
          <p className="order__facts">
            {t("shop.basket.voucher", { amount: formatMoney(figures.voucher, locale) })}
          </p>
        ) : null}
      </ShopBasket>
      <PaymentDialog
        state={state}
        t={t}
        onRetry={() => {
          reset()
          if (state.status === "failed" && state.error._tag === "NetworkLost") void onPay()
        }}
        onStartAgain={() => void startAgain()}
        onWhatsOn={() => void navigate({ to: "/", search: { lang: locale } })}
        onBackToTickets={() => void startAgain()}
        onBackToDetails={() =>
          void navigate({ to: "/shop/$kind/customer", params: { kind }, search: { lang: locale } })
        }
        onContinue={(url) => window.location.assign(url)}
        onCheckAgain={() => void checkOpenPayment()}
        onClose={reset}
      />
    </div>
  )
}
