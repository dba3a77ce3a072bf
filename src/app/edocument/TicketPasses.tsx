import { type ReactNode, useMemo } from "react"
import type { Confirmation } from "../../api/ReservationsApi.ts"
import { passAdmits } from "../../domain/edocument/ticketState.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { ticketPlaceText } from "../payment/ticketPlace.ts"
import { qrImage } from "./qrImage.ts"

type Ticket = Confirmation["tickets"][number]

/**
 * One card per ticket, each with its own QR code: the signed pass the door checks offline
 * (src/domain/edocument/ticketPass.ts), so a family's tickets can be scanned one by one and a cancelled ticket
 * has no code at all. `showQr` is config param 670; without it the cards still say seat and state.
 */
export const TicketPasses = ({
  tickets,
  showQr,
  t,
  showing,
}: {
  readonly tickets: Confirmation["tickets"]
  readonly showQr: boolean
  readonly t: Translate
  /** issue 16: in an order of several showings, the showing these tickets are for (its heading and its own id) */
  readonly showing?: { readonly id: number; readonly heading: ReactNode }
}) => (
  <section
    className="eticket__seats"
    aria-labelledby={showing === undefined ? "eticket-seats" : `eticket-seats-${showing.id}`}
    data-testid="confirmation-showing"
  >
    <h2
      id={showing === undefined ? "eticket-seats" : `eticket-seats-${showing.id}`}
      className="pay-section__title"
    >
      {t("payment.confirmation.tickets")}
    </h2>
    {showing?.heading}
    {showQr && tickets.some((ticket) => ticket.pass !== undefined && passAdmits(ticket.state ?? "active")) ? (
      <p className="eticket__hint">{t("payment.confirmation.qr")}</p>
    ) : null}
    <ol
      // the e-document swiper (spec §2): several passes side by side on a phone, swiped one to the next
      className={tickets.length > 1 ? "eticket__list eticket__list--swiper" : "eticket__list"}
      data-testid="confirmation-tickets"
    >
      {tickets.map((ticket, index) => (
        <TicketPass
          key={ticket.ticketIdentifier}
          ticket={ticket}
          position={{ n: index + 1, total: tickets.length }}
          showQr={showQr}
          t={t}
        />
      ))}
    </ol>
  </section>
)

const TicketPass = ({
  ticket,
  position,
  showQr,
  t,
}: {
  readonly ticket: Ticket
  readonly position: { readonly n: number; readonly total: number }
  readonly showQr: boolean
  readonly t: Translate
}) => {
  const place = ticketPlaceText(ticket, t)
  const src = useMemo(() => (ticket.pass === undefined ? null : qrImage(ticket.pass)), [ticket.pass])
  const state = ticket.state ?? "active"
  return (
    <li className="eticket__ticket eticket__ticket--pass" data-state={state} data-testid="eticket-ticket">
      {/* a cancelled ticket or a show over admits no one: no code to hold up at the door */}
      {showQr && src !== null && passAdmits(state) ? (
        <img
          className="eticket__qr"
          src={src}
          alt={t("ticketPass.qrAlt", { place })}
          width={240}
          height={240}
          data-testid="ticket-pass-qr"
          data-pass={ticket.pass}
        />
      ) : null}
      <span className="eticket__seat">{place}</span>
      <span className="eticket__kind">{ticket.ticketName}</span>
      {position.total > 1 ? (
        <span className="eticket__position">{t("ticketPass.position", position)}</span>
      ) : null}
      {state !== "active" ? (
        <span className={`eticket__state eticket__state--${state}`} data-testid="eticket-state">
          {t(`edocument.state.${state}`)}
        </span>
      ) : null}
    </li>
  )
}
