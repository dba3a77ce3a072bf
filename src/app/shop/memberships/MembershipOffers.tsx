import type { MembershipForSale } from "../../../api/MembershipsApi.ts"
import type { CartMembership } from "../../../domain/cart/state.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import type { Translate } from "../../i18n/useI18n.ts"
import type { MembershipChoice } from "./membershipChoice.ts"

type Props = {
  readonly memberships: ReadonlyArray<MembershipForSale>
  readonly chosen: CartMembership | undefined
  readonly busy: boolean
  readonly onChoose: (choice: MembershipChoice) => void
  readonly locale: LocaleCode
  readonly t: Translate
}

/**
 * The memberships for sale, each with its class, what it gives (a club's validity, a series' entries, a season
 * seat) and its prices. One radio group for all of them: spec §9 allows one membership per order.
 */
export const MembershipOffers = ({ memberships, chosen, busy, onChoose, locale, t }: Props) => (
  <ul className="shop-items">
    {memberships.map((membership) => (
      <li key={membership.MembershipId} className="shop-item" data-testid="membership">
        <p className="shop-item__name">{membership.Name}</p>
        <p className="shop-item__note">
          {membership.ClassName}
          {" · "}
          {membership.MembershipTypeId === 2 && membership.ticketQuantity !== null
            ? t("memberships.choose.series", { n: membership.ticketQuantity })
            : t("memberships.choose.club")}
          {" · "}
          {t("memberships.choose.validity", { days: membership.validityDays })}
        </p>
        {membership.hasSeat ? (
          <p className="shop-item__note membership-seat-badge" data-testid="membership-has-seat">
            {t("memberships.choose.withSeat")}
          </p>
        ) : null}
        {membership.terms === "" ? null : <p className="shop-item__note">{membership.terms}</p>}
        <fieldset
          className="membership-prices"
          aria-label={t("memberships.choose.pricesOf", { name: membership.Name })}
        >
          {membership.prices.map((price) => (
            <label key={price.MembershipPriceId} className="shop-item__row membership-price">
              <span>
                <input
                  type="radio"
                  name="membership-price"
                  data-testid="membership-price"
                  data-price-id={price.MembershipPriceId}
                  checked={chosen?.membershipPriceId === price.MembershipPriceId && !chosen.isTopup}
                  disabled={busy}
                  onChange={() => onChoose({ membership, price, topupMemberNumber: null })}
                />{" "}
                {price.Name}
              </span>
              <span className="shop-item__amount">{formatMoney(price.Price, locale)}</span>
            </label>
          ))}
        </fieldset>
      </li>
    ))}
  </ul>
)
