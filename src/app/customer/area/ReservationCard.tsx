import { Link } from "@tanstack/react-router"
import { type FormEvent, useId, useState } from "react"
import type { AreaReservation } from "../../../api/CustomerAreaApi.ts"
import { displayOrderIdentifier } from "../../../domain/order/orderIdentifier.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import { type ResendResult, resendTickets } from "./areaApi.ts"
import { holdNotice, wallDate, wallTime } from "./areaView.ts"
import { PayHoldButton } from "./PayHoldButton.tsx"
import { seatText } from "./seatText.ts"
import { WaiverRecord } from "./WaiverRecord.tsx"

/**
 * One reservation: the film, when and where, its state and tickets, its e-documents (the `/edocument/{key}` page,
 * as the SMS and e-mail link to it), and, for my tickets, resending them by SMS and cancelling.
 */
export const ReservationCard = ({
  reservation,
  mobile,
  uuid,
  locale,
  t,
  onCancel,
}: {
  readonly reservation: AreaReservation
  readonly mobile: string
  /** the session, for the queries the card makes itself (the waiver) */
  readonly uuid: string
  readonly locale: LocaleCode
  readonly t: Translate
  readonly onCancel: ((reservation: AreaReservation) => void) | null
}) => {
  const r = reservation
  const keys = r.documentKeys
  const money = (agorot: number) => formatMoney(agorot, locale)
  const hold = holdNotice(r)
  // an unpaid hold was reserved, not bought: no "bought on", "paid" or "bought at the box office" for it
  const isHold = r.state === "held" || r.state === "released"
  return (
    <article
      className="area-card"
      data-testid="reservation"
      data-reservation={r.reservationIdentifier}
      data-state={r.state}
    >
      <header className="area-card__head">
        <h3 className="area-card__title">{r.presentation.featureName}</h3>
        <span className={`area-badge area-badge--${r.state}`} data-testid="reservation-state">
          {t(`customerArea.reservation.states.${r.state}`)}
        </span>
      </header>
      <p className="area-card__line">
        {t("customerArea.reservation.when", {
          date: wallDate(r.presentation.dateTime),
          time: wallTime(r.presentation.dateTime),
        })}
        {" · "}
        {t("app.venueAtLocation", { venue: r.presentation.venueName, location: r.presentation.locationName })}
      </p>
      <p className="area-muted">
        {t("customerArea.reservation.number", { number: displayOrderIdentifier(r.reservationIdentifier) })}
        {" · "}
        {isHold
          ? t("customerArea.reservation.reserved", { date: wallDate(r.purchasedAt) })
          : t("customerArea.reservation.purchased", { date: wallDate(r.purchasedAt) })}
      </p>
      <ul className="area-tickets">
        {r.tickets.map((ticket) => (
          <li key={ticket.ticketIdentifier} data-state={ticket.state}>
            <span>
              {ticket.ticketName} · {seatText(ticket, t)}
            </span>
            <span>
              {ticket.state === "active"
                ? money(ticket.price)
                : t(`customerArea.reservation.ticketStates.${ticket.state}`)}
            </span>
          </li>
        ))}
      </ul>
      <p className="area-muted">
        {isHold
          ? t("customerArea.reservation.toPay", { amount: money(r.total) })
          : t("customerArea.reservation.total", { amount: money(r.total) })}
        {r.refunded > 0 ? ` · ${t("customerArea.reservation.refunded", { amount: money(r.refunded) })}` : ""}
      </p>
      {hold !== null ? (
        // issue 16: an unpaid hold, paid and collected by its cut-off or released then (the database's deadline)
        <p
          className="area-card__line"
          data-testid="hold-deadline"
          data-lapsed={hold.key === "holds.area.lapsed"}
        >
          {"params" in hold ? t(hold.key, hold.params) : t(hold.key)}
        </p>
      ) : null}
      {r.isCancellable ? (
        <p className="area-muted">
          {t("customerArea.reservation.cancellableUntil", {
            date: wallDate(r.cancellableUntil),
            time: wallTime(r.cancellableUntil),
          })}
        </p>
      ) : r.notCancellableReason !== null && onCancel !== null ? (
        <p className="area-muted" data-testid="not-cancellable">
          {t(`customerArea.reservation.notCancellable.${r.notCancellableReason}`)}
        </p>
      ) : null}
      {r.hasWaiver === true ? <WaiverRecord identifier={r.reservationIdentifier} uuid={uuid} t={t} /> : null}
      <div className="area-actions">
        {hold !== null && hold.key === "holds.area.payBy" ? (
          <PayHoldButton identifier={r.reservationIdentifier} locale={locale} t={t} />
        ) : null}
        {keys.map((key, index) => (
          <Link
            key={key}
            to="/edocument/$documentKey"
            params={{ documentKey: key }}
            search={{ lang: locale }}
            className="button button--ghost"
            data-testid="open-edocument"
          >
            {keys.length === 1
              ? t("customerArea.reservation.openDocument")
              : t("customerArea.reservation.openDocumentN", { n: index + 1 })}
          </Link>
        ))}
        {onCancel !== null && r.isCancellable ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onCancel(r)}
            data-testid="cancel-reservation"
          >
            {t("customerArea.reservation.cancel")}
          </button>
        ) : null}
      </div>
      {keys.length > 0 ? null : r.state === "held" ? (
        <p className="area-muted">{t("customerArea.reservation.noDocumentHold")}</p>
      ) : isHold ? null : (
        <p className="area-muted">{t("customerArea.reservation.noDocument")}</p>
      )}
      {onCancel !== null && keys[0] !== undefined && r.state !== "cancelled" ? (
        <ResendForm reservation={r.reservationIdentifier} documentKey={keys[0]} mobile={mobile} t={t} />
      ) : null}
    </article>
  )
}

/**
 * Resend the tickets' links by SMS, to the account's mobile unless the customer types another. Folded behind one
 * button, so a phone's list of cards stays short.
 */
const ResendForm = ({
  reservation,
  documentKey,
  mobile,
  t,
}: {
  readonly reservation: string
  readonly documentKey: string
  readonly mobile: string
  readonly t: Translate
}) => {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [number, setNumber] = useState(mobile)
  const [status, setStatus] = useState<ResendResult | "sending" | null>(null)
  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (number.trim() === "") {
      setStatus("invalid")
      return
    }
    setStatus("sending")
    setStatus(await resendTickets(reservation, documentKey, number.trim()))
  }
  if (!open)
    return (
      <div className="area-actions">
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={false}
          onClick={() => setOpen(true)}
          data-testid="resend-open"
        >
          {t("customerArea.resend.send")}
        </button>
      </div>
    )
  return (
    <form className="area-resend" onSubmit={(event) => void send(event)} data-testid="resend-form">
      <label htmlFor={`${id}-mobile`}>{t("customerArea.resend.label")}</label>
      <div className="area-row">
        <input
          id={`${id}-mobile`}
          className="area-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          aria-invalid={status === "invalid"}
          // biome-ignore lint/a11y/noAutofocus: opened by the customer's own click; the number is next
          autoFocus
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={status === "sending"}
          data-testid="resend-submit"
        >
          {t("customerArea.resend.submit")}
        </button>
      </div>
      <div aria-live="polite">
        {status === "sent" ? (
          <p className="area-notice" data-testid="resend-sent">
            {t("customerArea.resend.sent")}
          </p>
        ) : null}
        {status === "invalid" || status === "failed" || status === "humanCheck" ? (
          <p className="area-problem">{t(`customerArea.resend.${status}`)}</p>
        ) : null}
      </div>
    </form>
  )
}
