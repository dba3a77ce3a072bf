import type { ReactNode } from "react"
import type { CartSeat } from "../../domain/cart/state.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { seatLine } from "./flow.ts"

type Props = {
  readonly seats: ReadonlyArray<CartSeat>
  /** the chooseSeats step's countdown; null before the first held seat */
  readonly timer: { readonly secondsLeft: number; readonly isExpired: boolean } | null
  /** the latest refusal or lost hold, already translated */
  readonly problem: string | null
  readonly busy: boolean
  readonly onExtend: () => void
  readonly onStartAgain: () => void
  readonly t: Translate
  /**
   * what an empty basket says, when not the seat list's hint (a general-admission showing has no list, and the seat
   * step says here that the cart is opening): a polite status, so a change is read out
   */
  readonly emptyText?: ReactNode
  /** the way on (continue to the next step), shown under the seats */
  readonly children?: ReactNode
}

const pad2 = (value: number) => String(value).padStart(2, "0")

/** "m:ss", whole seconds, never negative. */
export const formatCountdown = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${pad2(Math.max(0, seconds) % 60)}`

export const Basket = ({
  seats,
  timer,
  problem,
  busy,
  onExtend,
  onStartAgain,
  t,
  emptyText,
  children,
}: Props) => (
  <aside className="basket basket--bar" aria-labelledby="basket-title" data-testid="basket">
    <h2 id="basket-title" className="basket__title">
      {t("order.basket.title")}
    </h2>
    {timer !== null && !timer.isExpired ? (
      <p className="basket__timer">
        <span className="basket__timer-label">{t("order.basket.timeLeft")}</span>{" "}
        <span role="timer" className="basket__countdown" data-testid="timer" dir="ltr">
          {formatCountdown(timer.secondsLeft)}
        </span>
      </p>
    ) : null}
    {seats.length === 0 ? (
      <p className="basket__empty" role="status">
        {emptyText ?? t("order.basket.empty")}
      </p>
    ) : (
      <ul className="basket__seats" data-testid="held-seats">
        {seats.map((seat) => (
          <li key={seat.key} className="basket__seat">
            {seatLine(seat, t)}
          </li>
        ))}
      </ul>
    )}
    <div aria-live="polite" className="basket__live">
      {problem !== null ? (
        <p className="basket__problem" data-testid="order-problem">
          {problem}
        </p>
      ) : null}
    </div>
    {timer?.isExpired ? (
      <div className="basket__expired" role="alert" data-testid="timer-expired">
        <p>{t("order.expired.message")}</p>
        <div className="basket__actions">
          <button type="button" className="button button--primary" onClick={onExtend} disabled={busy}>
            {t("order.expired.extend")}
          </button>
          <button type="button" className="button button--ghost" onClick={onStartAgain} disabled={busy}>
            {t("order.expired.startAgain")}
          </button>
        </div>
      </div>
    ) : null}
    {children}
  </aside>
)
