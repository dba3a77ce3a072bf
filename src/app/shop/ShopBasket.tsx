import type { ReactNode } from "react"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import type { ShopLine } from "./useShopLines.ts"

type Props = {
  readonly lines: ReadonlyArray<ShopLine>
  readonly locale: LocaleCode
  readonly t: Translate
  /** the step's problem and its way on */
  readonly children: ReactNode
}

/** The shop order's basket beside each step: its lines, the total, and the step's button. */
export const ShopBasket = ({ lines, locale, t, children }: Props) => {
  const total = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  return (
    <aside
      className="basket order-summary"
      aria-label={t("shop.basket.title")}
      data-testid="shop-basket"
      // few lines: they show on a phone too (the ticket order hides its long list behind a toggle)
      data-open=""
    >
      <h2 className="basket__title">{t("shop.basket.title")}</h2>
      {lines.length === 0 ? (
        <p className="basket__empty">{t("shop.basket.empty")}</p>
      ) : (
        <ul className="order-summary__lines">
          {lines.map((line) => (
            <li key={line.key} className="order-summary__line" data-testid="shop-line">
              <span>{line.name}</span>
              <span className="order-summary__ticket">
                {t("shop.basket.line", {
                  quantity: line.quantity,
                  price: formatMoney(line.unitPrice, locale),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="order-summary__figures">
        <div className="order-summary__total">
          <dt>{t("shop.basket.total")}</dt>
          <dd data-testid="shop-total">{formatMoney(total, locale)}</dd>
        </div>
      </dl>
      <div className="basket__actions">{children}</div>
    </aside>
  )
}
