import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useEffect, useMemo, useState } from "react"
import type { Confirmation } from "../../api/ReservationsApi.ts"
import { displayOrderIdentifier } from "../../domain/order/orderIdentifier.ts"
import { formatLongDateTime } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { type Translate, useT } from "../i18n/useI18n.ts"
import { configQueryOptions } from "../lib/configQuery.ts"
import { useDeviceCopyShown } from "../lib/deviceCopyShown.ts"
import { temporal } from "../lib/temporal.ts"
import { useOnline } from "../lib/useOnline.ts"
import { PresentationBrand } from "../order/PresentationBrand.tsx"
import { offersToSendTickets } from "../payment/confirmationOffers.ts"
import { brandOfDocument } from "../payment/documentBrand.ts"
import { OrderItemsList } from "../payment/OrderItemsList.tsx"
import { orderHeadlineOf } from "../payment/orderHeadline.ts"
import { confirmationHref } from "../payment/queries.ts"
import { SendTicketsForm } from "../payment/SendTicketsForm.tsx"
import { DocumentProblem, PassQr } from "./DocumentParts.tsx"
import { qrImage } from "./qrImage.ts"
import { savedBeforePasses } from "./savedBeforePasses.ts"
import { TicketPasses } from "./TicketPasses.tsx"
import { ticketsAsOf } from "./ticketsAsOf.ts"
import { type EDocumentState, useEDocument } from "./useEDocument.ts"
import "../order/order.css"
import "../payment/payment.css"
import "./edocument.css"
import { ShowingHeading } from "../payment/ShowingHeading.tsx"
import { ticketsByShowing } from "../payment/showingGroups.ts"

type Props = { readonly documentKey: string; readonly locale: LocaleCode }

/**
 * Spec §2 `/edocument/{documentKey}`: the e-ticket the SMS and e-mail link to, made to be shown at the door: the
 * film, the time and the hall, the QR code (config param 670) and the seats, in that order. Not the confirmation
 * page: that one thanks the buyer and sums up what was paid, and links here.
 */
export const EDocumentPage = ({ documentKey, locale }: Props) => {
  const state = useEDocument(documentKey, locale)
  // the e-ticket in the wording of its showing's brand (issue 19)
  // the brand the document names: offline, its saved copy's word, where the showing's detail is not asked
  const presentationId = state.kind === "shown" ? state.confirmation.presentation?.id : undefined
  const brand = state.kind === "shown" ? brandOfDocument(state.confirmation) : undefined
  return (
    <PresentationBrand presentationId={presentationId} brand={brand} locale={locale}>
      <EDocumentScreen documentKey={documentKey} locale={locale} state={state} />
    </PresentationBrand>
  )
}

const EDocumentScreen = ({ documentKey, locale, state }: Props & { readonly state: EDocumentState }) => {
  const t = useT()
  const feature = state.kind === "shown" ? orderHeadlineOf(state.confirmation, t).title : null
  // the cart log opens after this (src/app/main.tsx): the codes at the door come first
  useDeviceCopyShown(state.kind !== "loading")

  useEffect(() => {
    document.title = [t("edocument.title"), feature, t("app.brand")]
      .filter((part) => part !== null)
      .join(" · ")
  }, [t, feature])

  switch (state.kind) {
    case "shown":
      return (
        <EDocumentView
          confirmation={state.confirmation}
          documentKey={documentKey}
          savedAt={state.savedAt}
          locale={locale}
          t={t}
        />
      )
    case "loading":
      return <p className="order__notice">{t("status.loading")}</p>
    case "missing":
    case "failed":
      return (
        <DocumentProblem
          title={t("edocument.title")}
          text={state.kind === "missing" ? t("edocument.missing") : t("edocument.unavailable")}
          locale={locale}
          t={t}
        />
      )
  }
}

type ViewProps = {
  readonly confirmation: Confirmation
  readonly documentKey: string
  readonly savedAt: number | null
  readonly locale: LocaleCode
  readonly t: Translate
}

const EDocumentView = ({ confirmation: told, documentKey, savedAt, locale, t }: ViewProps) => {
  // the page's "now": a saved copy opened after its show says the show is over (expired), as the server would
  const [now] = useState(() => Date.now())
  const confirmation = useMemo(() => ticketsAsOf(told, now), [told, now])
  const config = useQuery(configQueryOptions())
  const showQr = config.data?.params["670"] ?? true
  const online = useOnline()
  // a copy saved before tickets carried signed passes shows the order's code until it is refreshed
  const legacy = savedBeforePasses(confirmation)
  const qr = useMemo(
    () => (legacy ? qrImage(confirmation.qrPayload) : null),
    [legacy, confirmation.qrPayload],
  )
  const headline = orderHeadlineOf(confirmation, t)
  const items = confirmation.items ?? []
  return (
    <article className="order eticket" data-testid="edocument">
      <header className="eticket__head">
        <p className="eticket__kicker">{t("edocument.title")}</p>
        <h1 className="order__title eticket__feature">{headline.title}</h1>
        {headline.startsAt !== null ? (
          <p className="eticket__when">
            <time dateTime={headline.startsAt}>
              {formatLongDateTime(temporal(), headline.startsAt, locale)}
            </time>
          </p>
        ) : null}
        <p className="eticket__where">{headline.where}</p>
        {items.length > 0 ? <OrderItemsList items={items} locale={locale} t={t} /> : null}
      </header>
      {savedAt !== null ? (
        <p className="order__notice" role="status" data-testid="edocument-saved">
          {t("edocument.saved", {
            time: formatLongDateTime(temporal(), new Date(savedAt).toISOString(), locale),
          })}
        </p>
      ) : null}
      {confirmation.status !== "paid" ? (
        <p className="order__notice order__notice--problem">{t("payment.confirmation.awaiting")}</p>
      ) : null}
      {ticketsByShowing(confirmation).map((group) => (
        <TicketPasses
          key={group.showing?.id ?? "order"}
          tickets={group.tickets}
          showQr={showQr}
          t={t}
          showing={
            group.showing === null
              ? undefined
              : {
                  id: group.showing.id,
                  heading: <ShowingHeading showing={group.showing} locale={locale} t={t} />,
                }
          }
        />
      ))}
      <section className="eticket__pass" aria-label={t("payment.confirmation.orderId")}>
        {showQr && qr !== null ? (
          <PassQr src={qr} alt={t("payment.confirmation.qr")} testId="order-qr" />
        ) : null}
        {qr !== null ? <p className="eticket__hint">{t("payment.confirmation.qr")}</p> : null}
        <p className="eticket__label">{t("payment.confirmation.orderId")}</p>
        <p className="eticket__number" data-testid="order-id" dir="ltr">
          {displayOrderIdentifier(confirmation.reservationIdentifier)}
        </p>
      </section>
      <p className="eticket__details">
        <a href={confirmationHref(confirmation.reservationIdentifier, documentKey, locale)}>
          {t("edocument.details")}
        </a>
        {" · "}
        <Link to="/wallet" search={{ lang: locale }} data-testid="open-wallet">
          {t("wallet.title")}
        </Link>
      </p>
      {offersToSendTickets(confirmation) ? (
        <SendTicketsForm
          identifier={confirmation.reservationIdentifier}
          documentKey={documentKey}
          offline={!online}
          t={t}
        />
      ) : null}
    </article>
  )
}
