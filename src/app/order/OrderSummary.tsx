import { type ReactNode, useId, useState } from "react"
import type { PresentationDetail } from "../../api/PresentationEntities.ts"
import type { Cart, CartSeat } from "../../domain/cart/state.ts"
import { bookingCharges } from "../../domain/pricing/serviceCharge.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { formatCountdown } from "./Basket.tsx"
import { seatLine } from "./flow.ts"
import type { StepTimerControl } from "./useStepTimer.ts"

type Props = {
  readonly detail: PresentationDetail
  readonly cart: Cart
  readonly seats: ReadonlyArray<CartSeat>
  readonly control: StepTimerControl
  /** the expiry message of this step, translated */
  readonly expiredText: string
  readonly onStartAgain: () => void
  readonly locale: LocaleCode
  readonly t: Translate
  /** the step's problems and its continue button */
  readonly children?: ReactNode
}

export const ticketName = (detail: PresentationDetail, ticketId: number): string =>
  detail.ticketGroups.flatMap((group) => group.tickets).find((ticket) => ticket.id === ticketId)?.name ?? ""

/** What the order costs so far: tickets, each ticket's service charge, booking fees, extras. */
export const orderFigures = (detail: PresentationDetail, cart: Cart, seats: ReadonlyArray<CartSeat>) => {
  const priced = seats.filter((seat) => seat.ticket !== null && !seat.isMultiplyFactorSubTicket)
  const tickets = seats.reduce((sum, seat) => sum + (seat.ticket?.price ?? 0), 0)
  const perTicket = seats.reduce((sum, seat) => sum + (seat.ticket?.serviceCharge ?? 0), 0)
  const booking = bookingCharges(detail.serviceCharge, tickets, priced.length)
  const products = cart.products.reduce((sum, line) => sum + line.price * line.quantity, 0)
  const total = tickets + perTicket + booking.reduce((sum, line) => sum + line.amount, 0) + products
  return { tickets, perTicket, booking, products, total }
}

/**
 * The basket beside every step after the seats: lines, service charges, total, the step's countdown and offer.
 * On a phone it is a bar at the bottom of the screen, as the seat step's basket is, so that the way on stays in
 * reach above a long list (the extras step's menu runs to thousands of pixels): countdown, total and the step's
 * button always show; the lines and charges open on demand (the toggle, which a wider screen never shows,
 * because there the whole basket stands beside the step).
 */
export const OrderSummary = ({
  detail,
  cart,
  seats,
  control,
  expiredText,
  onStartAgain,
  locale,
  t,
  children,
}: Props) => {
  const figures = orderFigures(detail, cart, seats)
  const money = (agorot: number) => formatMoney(agorot, locale)
  const timer = control.timer
  const chargeLabel = t("orderSteps.summary.serviceCharge")
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  return (
    <aside
      className="basket order-summary"
      aria-labelledby="summary-title"
      data-testid="basket"
      data-open={open ? "true" : undefined}
    >
      <h2 id="summary-title" className="basket__title">
        {t("orderSteps.summary.title")}
      </h2>
      {timer !== null && !timer.isExpired ? (
        <p className="basket__timer">
          <span className="basket__timer-label">{t("orderSteps.timeLeft")}</span>{" "}
          <span role="timer" className="basket__countdown" data-testid="timer" dir="ltr">
            {formatCountdown(timer.secondsLeft)}
          </span>
        </p>
      ) : null}
      <ul className="order-summary__lines" id={detailsId} data-testid="summary-lines">
        {seats.map((seat) => (
          <li key={seat.key} className="order-summary__line">
            <span>{seatLine(seat, t)}</span>
            <span className="order-summary__ticket">
              {seat.ticket === null
                ? t("orderSteps.summary.noTicket")
                : // a ticket of another showing in the order is not among this showing's: its price alone
                  [ticketName(detail, seat.ticket.ticketId), money(seat.ticket.price)]
                    .filter((part) => part !== "")
                    .join(" · ")}
            </span>
          </li>
        ))}
        {cart.products.map((line) => (
          <li key={`product-${line.productId}`} className="order-summary__line">
            <span>
              {detail.products.find((product) => product.id === line.productId)?.name ?? ""} × {line.quantity}
            </span>
            <span className="order-summary__ticket">{money(line.price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__figures">
        <div>
          <dt>{t("orderSteps.summary.tickets")}</dt>
          <dd>{money(figures.tickets)}</dd>
        </div>
        {figures.perTicket > 0 ? (
          <div>
            <dt>{t("orderSteps.summary.serviceChargePerTicket", { name: chargeLabel })}</dt>
            <dd data-testid="service-charge">{money(figures.perTicket)}</dd>
          </div>
        ) : null}
        {figures.booking.map((line) => (
          <div key={line.id}>
            <dt>{t("orderSteps.summary.serviceChargeOrder", { name: line.name || chargeLabel })}</dt>
            <dd>{money(line.amount)}</dd>
          </div>
        ))}
        {figures.products > 0 ? (
          <div>
            <dt>{t("orderSteps.summary.products")}</dt>
            <dd>{money(figures.products)}</dd>
          </div>
        ) : null}
        <div className="order-summary__total">
          <dt>{t("orderSteps.summary.total")}</dt>
          <dd data-testid="order-total">{money(figures.total)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="order-summary__toggle"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
      >
        {t(open ? "orderSteps.summary.hideDetails" : "orderSteps.summary.showDetails")}
      </button>
      {timer?.isExpired ? (
        <div className="basket__expired" role="alert" data-testid="timer-expired">
          <p>{expiredText}</p>
          <div className="basket__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void control.extend()}
              disabled={control.busy}
            >
              {t("orderSteps.expired.extend")}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={onStartAgain}
              disabled={control.busy}
            >
              {t("orderSteps.expired.startAgain")}
            </button>
          </div>
        </div>
      ) : (
        children
      )}
    </aside>
  )
}
