import type { PresentationDetail } from "../../api/PresentationEntities.ts"
import { allSeats, type Cart } from "../../domain/cart/state.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { seatLine } from "../order/flow.ts"
import type { PayFigures } from "./figures.ts"
import { useCountdown } from "./useCountdown.ts"

type Props = {
  readonly cart: Cart
  readonly detail: PresentationDetail
  readonly figures: PayFigures
  readonly deadline: { readonly kind: "pay" | "hold"; readonly deadline: string } | null
  readonly locale: LocaleCode
  readonly t: Translate
}

const ticketName = (detail: PresentationDetail, ticketId: number): string =>
  detail.ticketGroups.flatMap((group) => group.tickets).find((ticket) => ticket.id === ticketId)?.name ?? ""

/** The order before payment: seats and tickets, service charges per ticket and per order, voucher, total. */
export const PaySummary = ({ cart, detail, figures, deadline, locale, t }: Props) => {
  const money = (agorot: number) => formatMoney(agorot, locale)
  const countdown = useCountdown(deadline?.deadline ?? null)
  const label = t("payment.summary.serviceChargeLabel")
  const seats = allSeats(cart)
  return (
    <aside className="basket pay-summary" aria-labelledby="pay-summary-title" data-testid="pay-summary">
      <h2 id="pay-summary-title" className="basket__title">
        {t("payment.summary.title")}
      </h2>
      {deadline !== null && countdown !== null ? (
        countdown.expired ? (
          <p className="basket__problem" role="alert" data-testid="pay-timer-expired">
            {t("payment.timer.expired")}
          </p>
        ) : (
          <p className="basket__timer">
            <span>{t(deadline.kind === "pay" ? "payment.timer.pay" : "payment.timer.hold")}</span>{" "}
            <span role="timer" className="basket__countdown" data-testid="pay-timer" dir="ltr">
              {countdown.text}
            </span>
          </p>
        )
      ) : null}
      {seats.length > 0 ? (
        <ul className="basket__seats" data-testid="pay-seats">
          {seats.map((seat) => (
            <li key={seat.key} className="basket__seat pay-summary__seat">
              {/* a general-admission place has no row: "Place 2", as the basket names it, not "Row , seat 2" */}
              <span>{seatLine(seat, t)}</span>
              {seat.ticket !== null ? (
                <span className="pay-summary__ticket">
                  {ticketName(detail, seat.ticket.ticketId)} · {money(seat.ticket.price)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="pay-lines">
        <div className="pay-lines__row">
          <dt>{t("payment.summary.tickets")}</dt>
          <dd>{money(figures.tickets)}</dd>
        </div>
        {figures.perTicketCharge > 0 ? (
          <div className="pay-lines__row" data-testid="charge-per-ticket">
            <dt>{t("payment.summary.serviceChargePerTicket", { label })}</dt>
            <dd>{money(figures.perTicketCharge)}</dd>
          </div>
        ) : null}
        {figures.bookingLines
          .filter((line) => line.amount > 0)
          .map((line) => (
            <div key={line.id} className="pay-lines__row" data-testid="charge-per-order">
              <dt>
                {t("payment.summary.serviceChargePerOrder", { label: line.name === "" ? label : line.name })}
              </dt>
              <dd>{money(line.amount)}</dd>
            </div>
          ))}
        {figures.products > 0 ? (
          <div className="pay-lines__row">
            <dt>{t("payment.summary.products")}</dt>
            <dd>{money(figures.products)}</dd>
          </div>
        ) : null}
        <div className="pay-lines__row pay-lines__row--total">
          <dt>{t("payment.summary.total")}</dt>
          <dd data-testid="pay-total">{money(figures.total)}</dd>
        </div>
        {figures.voucher > 0 ? (
          <div className="pay-lines__row">
            <dt>{t("payment.summary.voucher")}</dt>
            <dd data-testid="pay-voucher">−{money(figures.voucher)}</dd>
          </div>
        ) : null}
        <div className="pay-lines__row pay-lines__row--due">
          <dt>{t("payment.summary.due")}</dt>
          <dd data-testid="pay-due">{money(figures.due)}</dd>
        </div>
      </dl>
    </aside>
  )
}
