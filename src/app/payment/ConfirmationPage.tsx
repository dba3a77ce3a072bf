import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useEffect, useMemo } from "react"
import { renderSVG } from "uqr"
import type { Confirmation } from "../../api/ReservationsApi.ts"
import { CartReset } from "../../domain/cart/events.ts"
import { displayOrderIdentifier } from "../../domain/order/orderIdentifier.ts"
import { eventMeta } from "../cart/cartLog.ts"
import { formatLongDateTime, formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { type Translate, useT } from "../i18n/useI18n.ts"
import { ApiError } from "../lib/api.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { temporal } from "../lib/temporal.ts"
import { useOnline } from "../lib/useOnline.ts"
import { PresentationBrand } from "../order/PresentationBrand.tsx"
import { ConfirmationActions } from "./ConfirmationActions.tsx"
import { confirmationOffersOf, offersToSendTickets } from "./confirmationOffers.ts"
import { brandOfDocument } from "./documentBrand.ts"
import { OrderItemsList } from "./OrderItemsList.tsx"
import { orderHeadlineOf } from "./orderHeadline.ts"
import { confirmationQueryOptions } from "./queries.ts"
import { SendTicketsForm } from "./SendTicketsForm.tsx"
import { ticketPlaceText } from "./ticketPlace.ts"
// the order journey's frame (head, notices, lists) around these pages too
import "../order/order.css"
import "./payment.css"
import { useCart } from "../cart/useCart.ts"
import { ShowingHeading } from "./ShowingHeading.tsx"
import { ticketsByShowing } from "./showingGroups.ts"

type Props = { readonly identifier: string; readonly documentKey: string; readonly locale: LocaleCode }

/**
 * The order's confirmation (spec §2): order id, QR (param 670), tickets with section, row and seat, totals, and
 * the actions. The answer is persisted with the query cache, so it opens after a reload without signal.
 */
export const ConfirmationPage = (props: Props) => {
  const confirmation = useQuery(confirmationQueryOptions(props.identifier, props.documentKey, props.locale))
  // the thanks and the rest in the wording of the showing's brand (issue 19), as the confirmation names it (so
  // its copy kept for offline use speaks it too: issue 17); the same query, asked once
  const data = confirmation.data
  return (
    <PresentationBrand
      presentationId={data?.presentation?.id}
      brand={data === undefined ? undefined : brandOfDocument(data)}
      locale={props.locale}
    >
      <ConfirmationScreen {...props} />
    </PresentationBrand>
  )
}

const ConfirmationScreen = ({ identifier, documentKey, locale }: Props) => {
  const t = useT()
  const confirmation = useQuery(confirmationQueryOptions(identifier, documentKey, locale))
  const online = useOnline()
  useClearPaidCart(confirmation.data?.reservationIdentifier ?? "", confirmation.data?.status === "paid")

  useEffect(() => {
    document.title = `${t("payment.confirmation.title")} · ${t("app.brand")}`
  }, [t])

  if (confirmation.data !== undefined)
    return (
      <ConfirmationView
        confirmation={confirmation.data}
        documentKey={documentKey}
        offline={!online}
        locale={locale}
        t={t}
      />
    )
  if (confirmation.isError) {
    const missing = confirmation.error instanceof ApiError && confirmation.error.status === 404
    return (
      <div className="order">
        <p className="order__notice order__notice--problem" role="alert" data-testid="confirmation-problem">
          {missing ? t("payment.confirmation.notFound") : t("errors.occurred")}{" "}
          <Link to="/" search={{ lang: locale }}>
            {t("payment.actions.whatsOn")}
          </Link>
        </p>
      </div>
    )
  }
  return <p className="order__notice">{t("status.loading")}</p>
}

/** Once this order is confirmed, the cart that made it starts empty for the next order (customer info kept). */
const useClearPaidCart = (identifier: string, paid: boolean) => {
  const cartLog = useCart()
  const log = cartLog.status === "ready" ? cartLog.log : null
  const ours = cartLog.status === "ready" && cartLog.cart.reservation?.identifier === identifier
  useEffect(() => {
    if (log === null || !ours || !paid) return
    void log.store.append([CartReset.make({ ...eventMeta(), keepCustomerInfo: true })]).catch(() => undefined)
  }, [log, ours, paid])
}

type ViewProps = {
  readonly confirmation: Confirmation
  readonly documentKey: string
  readonly offline: boolean
  readonly locale: LocaleCode
  readonly t: Translate
}

const ConfirmationView = ({ confirmation, documentKey, offline, locale, t }: ViewProps) => {
  const config = useQuery(configQueryOptions())
  const showQr = config.data?.params["670"] ?? true
  const qr = useMemo(
    () =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(confirmation.qrPayload, { pixelSize: 8 }))}`,
    [confirmation.qrPayload],
  )
  const money = (agorot: number) => formatMoney(agorot, locale)
  const headline = orderHeadlineOf(confirmation, t)
  const offers = confirmationOffersOf(confirmation.orderKind)
  const items = confirmation.items ?? []
  const label =
    confirmation.serviceChargeLabel === ""
      ? t("payment.summary.serviceChargeLabel")
      : confirmation.serviceChargeLabel
  return (
    <article className="order confirmation" data-testid="confirmation">
      <header className="order__head">
        <h1 className="order__title">{t("payment.confirmation.title")}</h1>
        <p className="order__facts">
          <span className="order__feature">{headline.title}</span>
          {headline.startsAt !== null ? (
            <>
              <span aria-hidden="true"> · </span>
              <time dateTime={headline.startsAt}>
                {formatLongDateTime(temporal(), headline.startsAt, locale)}
              </time>
            </>
          ) : null}
          <span aria-hidden="true"> · </span>
          <span>{headline.where}</span>
        </p>
      </header>
      {offline ? (
        <p className="order__notice" role="status" data-testid="confirmation-offline">
          {t("payment.confirmation.offline")}
        </p>
      ) : null}
      {confirmation.status !== "paid" ? (
        <p className="order__notice order__notice--problem">{t("payment.confirmation.awaiting")}</p>
      ) : null}
      <div className="confirmation__grid">
        <section className="pay-section confirmation__id">
          <p className="confirmation__label">{t("payment.confirmation.orderId")}</p>
          <p className="confirmation__number" data-testid="order-id" dir="ltr">
            {displayOrderIdentifier(confirmation.reservationIdentifier)}
          </p>
          {showQr && offers.qrCaption !== null ? (
            <figure className="confirmation__qr">
              <img src={qr} alt={t(offers.qrCaption)} width={200} height={200} data-testid="order-qr" />
              <figcaption>{t(offers.qrCaption)}</figcaption>
            </figure>
          ) : null}
        </section>
        <section className="pay-section" aria-labelledby="confirmation-tickets">
          <h2 id="confirmation-tickets" className="pay-section__title">
            {/* an order without tickets (vouchers, donations, food alone) says what was ordered */}
            {t(
              items.length > 0 || confirmation.tickets.length === 0
                ? "payment.confirmation.items"
                : "payment.confirmation.tickets",
            )}
          </h2>
          {items.length > 0 ? <OrderItemsList items={items} locale={locale} t={t} /> : null}
          {ticketsByShowing(confirmation).map((group) => (
            <div key={group.showing?.id ?? "order"} data-testid="confirmation-showing">
              {group.showing !== null ? (
                <ShowingHeading showing={group.showing} locale={locale} t={t} />
              ) : null}
              <ul className="basket__seats" data-testid="confirmation-tickets">
                {group.tickets.map((ticket) => (
                  <li key={ticket.ticketIdentifier} className="basket__seat pay-summary__seat">
                    <span>{ticketPlaceText(ticket, t)}</span>
                    <span className="pay-summary__ticket">
                      {ticket.ticketName} · {money(ticket.price)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {confirmation.products.length > 0 ? (
            <>
              <h3 className="pay-section__title">{t("payment.confirmation.products")}</h3>
              <ul className="basket__seats">
                {confirmation.products.map((product) => (
                  <li key={product.name} className="basket__seat pay-summary__seat">
                    <span>
                      {product.quantity} × {product.name}
                    </span>
                    <span>{money(product.total)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <dl className="pay-lines">
            {confirmation.serviceCharge > 0 ? (
              <div className="pay-lines__row">
                <dt>{t("payment.confirmation.serviceCharge", { label })}</dt>
                <dd>{money(confirmation.serviceCharge)}</dd>
              </div>
            ) : null}
            {confirmation.voucherAmount > 0 ? (
              <div className="pay-lines__row">
                <dt>{t("payment.confirmation.voucher")}</dt>
                <dd>{money(confirmation.voucherAmount)}</dd>
              </div>
            ) : null}
            <div className="pay-lines__row pay-lines__row--due">
              <dt>{t("payment.confirmation.total")}</dt>
              <dd data-testid="confirmation-total">{money(confirmation.total)}</dd>
            </div>
          </dl>
        </section>
      </div>
      <p className="confirmation__eticket">
        <a
          href={`${confirmation.eDocumentUrl}?${new URLSearchParams({ lang: locale })}`}
          className="button button--primary"
          data-testid="open-eticket"
        >
          {t(offers.documentLink)}
        </a>
      </p>
      {confirmation.orderKind === "vod" ? (
        // a title is watched from the customer area, where its window and playbacks are
        <p className="confirmation__eticket">
          <Link
            to="/customer"
            search={{ lang: locale }}
            className="button button--ghost"
            data-testid="vod-my-titles"
          >
            {t("vod.myTitles")}
          </Link>
        </p>
      ) : null}
      <ConfirmationActions confirmation={confirmation} documentKey={documentKey} locale={locale} t={t} />
      {offersToSendTickets(confirmation) ? (
        <SendTicketsForm
          identifier={confirmation.reservationIdentifier}
          documentKey={documentKey}
          offline={offline}
          t={t}
        />
      ) : null}
    </article>
  )
}
