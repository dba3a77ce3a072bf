import type { Translate } from "../i18n/useI18n.ts"
import "./seatList.css"

/** The seat list's key: what its buttons look like in each state (first screen: the list itself loads beside it). */
export const SeatListLegend = ({ t }: { readonly t: Translate }) => (
  <div className="seat-legend">
    <span className="seat-legend__title">{t("order.legend.title")}</span>
    <ul className="seat-legend__items">
      {(["free", "mine", "taken", "singleSeatBlock"] as const).map((state) => (
        <li key={state} className="seat-legend__item">
          <span className="seat seat--swatch" data-state={state} aria-hidden="true" />
          {t(`order.legend.${state}`)}
        </li>
      ))}
    </ul>
  </div>
)
