import { useQuery } from "@tanstack/react-query"
import { Link, type LinkOptions } from "@tanstack/react-router"
import type { Cart } from "../../domain/cart/state.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { presentationDetailQueryOptions } from "../order/queries.ts"
import { payDeadline, payFigures } from "./figures.ts"
import { PaySummary } from "./PaySummary.tsx"

type Props = {
  readonly cart: Cart
  readonly presentationId: number
  /** the payment was not made (declined, cancelled, failed): say so beside the way back */
  readonly notPaid: boolean
  readonly payLink: LinkOptions
  readonly locale: LocaleCode
  readonly t: Translate
}

/**
 * What the return page shows behind the payment dialog: the order being paid for and the way back to its pay
 * screen. After a declined card the dialog is the message, and the page must still say what it was about and
 * how to try again once the dialog is closed (issue 13, defect 16).
 */
export const ReturnSummary = ({ cart, presentationId, notPaid, payLink, locale, t }: Props) => {
  // the pay screen loaded it moments ago, so it is usually in the cache; the summary waits for it otherwise
  const { data: detail } = useQuery(presentationDetailQueryOptions(presentationId, locale))
  return (
    <div className="order__body pay" data-testid="return-summary">
      <div className="pay__main">
        {notPaid ? (
          <p className="order__notice" data-testid="return-not-paid">
            {t("payment.return.notPaid")}
          </p>
        ) : null}
        <Link {...payLink} className="button button--primary pay__button" data-testid="return-try-again">
          {t("payment.actions.retry")}
        </Link>
      </div>
      {detail === undefined ? null : (
        <PaySummary
          cart={cart}
          detail={detail}
          figures={payFigures(cart, detail.serviceCharge)}
          deadline={payDeadline(cart)}
          locale={locale}
          t={t}
        />
      )}
    </div>
  )
}
