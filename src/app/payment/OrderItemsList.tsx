import { Link } from "@tanstack/react-router"
import type { ConfirmationItem } from "../../api/ReservationsApi.ts"
import { formatMoney } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import type { Translate } from "../i18n/useI18n.ts"
import { issuedLabelOf } from "./confirmationOffers.ts"

type Props = {
  readonly items: ReadonlyArray<ConfirmationItem>
  readonly locale: LocaleCode
  readonly t: Translate
}

/**
 * The lines of a voucher, donation or membership order, each with what the paid order issued for it (voucher
 * codes, member numbers): the confirmation and the e-document show the same list, codes in LTR, each voucher's code
 * a link to its own page.
 */
export const OrderItemsList = ({ items, locale, t }: Props) => (
  <ul className="basket__seats" data-testid="order-items">
    {items.map((item) => (
      <li key={item.id} className="basket__seat pay-summary__seat" data-testid="order-item">
        <span>
          {item.quantity} × {item.name}
        </span>
        <span>{formatMoney(item.total, locale)}</span>
        {item.issued.length > 0 ? (
          <span className="order-item__issued">
            {t(issuedLabelOf(item.kind))}{" "}
            {item.issued.map((code, index) => {
              // a voucher's own page (issue 16), where the order has one for each code
              const page = item.documents?.[index]
              const shown = (
                <code key={code} dir="ltr" data-testid="issued-code">
                  {code}
                </code>
              )
              return page === undefined ? (
                shown
              ) : (
                <Link
                  key={code}
                  to="/edocument/$documentKey"
                  params={{ documentKey: page.slice(page.lastIndexOf("/") + 1) }}
                  search={{ lang: locale }}
                  data-testid="issued-document"
                >
                  {shown}
                </Link>
              )
            })}
          </span>
        ) : null}
      </li>
    ))}
  </ul>
)
