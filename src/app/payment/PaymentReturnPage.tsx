import { Link, linkOptions, useNavigate } from "@tanstack/react-router"
import { useEffect } from "react"
import type { Cart } from "../../domain/cart/state.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { screenLink } from "../order/flow.ts"
import { PresentationBrand } from "../order/PresentationBrand.tsx"
import { PaymentDialog } from "./PaymentDialog.tsx"
import { completePayment } from "./pay.ts"
import { confirmationHref } from "./queries.ts"
import { ReturnSummary } from "./ReturnSummary.tsx"
import { usePaymentRun } from "./usePaymentRun.ts"
// the order journey's frame (head, notices, lists) around these pages too
import "../order/order.css"
import "./payment.css"
import { type CartView, useCart } from "../cart/useCart.ts"

type Props = {
  readonly paymentId: string | null
  readonly reservationIdentifier: string | null
  readonly locale: LocaleCode
}

/**
 * Where the provider sends the buyer back (`/order/payment-return?paymentId=…&reservationIdentifier=…`). The
 * return URL proves nothing: the page asks the server, which asks the provider, and waits while the provider
 * is still working. Paid → the confirmation; anything else → the dialog with its way forward.
 */
export const PaymentReturnPage = (props: Props) => {
  const cartLog = useCart()
  // the order's wording is its showing's brand's (issue 19)
  return (
    <PresentationBrand presentationId={orderPresentationIdOf(cartLog)} locale={props.locale}>
      <PaymentReturn {...props} cartLog={cartLog} />
    </PresentationBrand>
  )
}

/** The showing of the order being paid, which the cart log knows (of several, the first with seats). */
const orderPresentationIdOf = (cartLog: CartView): number | undefined =>
  cartLog.status === "ready"
    ? (cartLog.cart.presentations.find((p) => p.seats.length > 0) ?? cartLog.cart.presentations[0])?.facts.id
    : undefined

const PaymentReturn = ({
  paymentId,
  reservationIdentifier,
  locale,
  cartLog,
}: Props & { readonly cartLog: CartView }) => {
  const t = useT()
  const navigate = useNavigate()
  const log = cartLog.status === "ready" ? cartLog.log : null
  const { state, start, reset } = usePaymentRun(log)
  const complete = paymentId !== null && reservationIdentifier !== null

  useEffect(() => {
    document.title = `${t("payment.return.title")} · ${t("app.brand")}`
  }, [t])

  const check = async () => {
    if (paymentId === null || reservationIdentifier === null) return
    const exit = await start(() => completePayment(reservationIdentifier, paymentId))
    if (exit?._tag === "Success" && exit.value._tag === "Paid")
      void navigate({
        href: confirmationHref(exit.value.reservationIdentifier, exit.value.documentKey, locale),
        replace: true,
      })
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once the cart log is open
  useEffect(() => {
    if (log !== null && complete) void check()
  }, [log])

  // the order's pay screen, for "try again" (the log knows which presentation it was)
  const presentationId = orderPresentationIdOf(cartLog)
  // an order without a showing goes back to the shop's pay step of its kind (src/app/shop)
  const shopKind = cartLog.status === "ready" ? shopKindOf(cartLog.cart) : null
  // a video-on-demand title goes back to its "Watch now" page, where it is paid
  const vodId = cartLog.status === "ready" ? (cartLog.cart.vod?.presentationId ?? null) : null
  const payLink =
    vodId !== null
      ? linkOptions({
          to: "/watch/$presentationId",
          params: { presentationId: vodId },
          search: { lang: locale },
        })
      : presentationId !== undefined
        ? screenLink(presentationId, "pay", locale)
        : shopKind !== null
          ? linkOptions({ to: "/shop/$kind/pay", params: { kind: shopKind }, search: { lang: locale } })
          : linkOptions({ to: "/", search: { lang: locale } })

  return (
    <div className="order pay-return">
      <header className="order__head">
        <h1 className="order__title">{t("payment.return.title")}</h1>
      </header>
      {!complete ? (
        <p className="order__notice order__notice--problem" role="alert">
          {t("payment.return.missing")}{" "}
          <Link to="/" search={{ lang: locale }}>
            {t("payment.actions.whatsOn")}
          </Link>
        </p>
      ) : null}
      {cartLog.status === "unavailable" ? <p className="order__notice">{t("order.unavailable")}</p> : null}
      {complete && cartLog.status === "ready" && presentationId !== undefined ? (
        <ReturnSummary
          cart={cartLog.cart}
          presentationId={presentationId}
          notPaid={state.status === "failed"}
          payLink={payLink}
          locale={locale}
          t={t}
        />
      ) : null}
      <PaymentDialog
        state={state}
        t={t}
        onRetry={() => {
          reset()
          void navigate(payLink)
        }}
        onStartAgain={() => void navigate(payLink)}
        onWhatsOn={() => void navigate({ to: "/", search: { lang: locale } })}
        // a commit refusal is not met on the return page; the pay screen leads on from there
        onBackToTickets={() => void navigate(payLink)}
        onBackToDetails={() => void navigate(payLink)}
        onContinue={(url) => window.location.assign(url)}
        onCheckAgain={() => void check()}
        onClose={() => {
          reset()
          void navigate(payLink)
        }}
      />
    </div>
  )
}

/** The shop order a cart without a showing holds, by its lines (vouchers, donations, food alone). */
const shopKindOf = (cart: Cart): "vouchers" | "donations" | "food" | null => {
  if (cart.vouchers.length > 0) return "vouchers"
  if (cart.donations.length > 0) return "donations"
  return cart.products.length > 0 ? "food" : null
}
