import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { Donation, DonationDetail } from "../../../api/ShopApi.ts"
import { DonationQuantitySet } from "../../../domain/cart/otherOrderEvents.ts"
import { agorot } from "../../../domain/cart/values.ts"
import { eventMeta } from "../../cart/cartLog.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { useT } from "../../i18n/useI18n.ts"
import { ContinueButton } from "../ContinueButton.tsx"
import { donationsQueryOptions } from "../queries.ts"
import { ShopBasket } from "../ShopBasket.tsx"
import { ShopFrame } from "../ShopFrame.tsx"
import { Stepper } from "../Stepper.tsx"
import { useShopCart } from "../useShopCart.ts"
import { useShopLines } from "../useShopLines.ts"
import { CustomDonation, MAX_DONATION_QUANTITY } from "./CustomDonation.tsx"

/** Spec §2 chooseDonations: each cause with its fixed amounts and, where it allows one, an amount of the donor's own. */
export const ChooseDonationsPage = ({ locale }: { readonly locale: LocaleCode }) => {
  const t = useT()
  const list = useQuery(donationsQueryOptions(locale))
  const shop = useShopCart("donations", true)
  const cart = shop.status === "ready" ? shop.cart : null
  const lines = useShopLines("donations", cart, locale, null)
  const [busy, setBusy] = useState(false)
  const [customProblem, setCustomProblem] = useState(false)

  const set = async (
    donation: Donation,
    detail: DonationDetail,
    customAmount: number | null,
    quantity: number,
  ) => {
    if (shop.status !== "ready" || quantity < 0 || quantity > MAX_DONATION_QUANTITY) return
    setBusy(true)
    try {
      await shop.log.store.append([
        DonationQuantitySet.make({
          ...eventMeta(),
          donationId: donation.id,
          donationDetailId: detail.id,
          amount: agorot(detail.amount ?? customAmount ?? 0),
          customAmount: customAmount === null ? null : agorot(customAmount),
          quantity,
        }),
      ])
    } finally {
      setBusy(false)
    }
  }
  const lineOf = (detail: DonationDetail) => cart?.donations.find((l) => l.donationDetailId === detail.id)
  const donations = list.data?.donations ?? []

  return (
    <ShopFrame kind="donations" step="choose" title={t("shop.donations.title")} locale={locale} t={t}>
      <div className="order__body">
        <div className="order-step">
          <p className="order__facts">{t("shop.donations.intro")}</p>
          {list.isPending ? (
            <p className="order__notice">{t("shop.loading")}</p>
          ) : list.isError ? (
            <p className="order__notice order__notice--problem" role="alert">
              {t("errors.occurred")}
            </p>
          ) : donations.length === 0 ? (
            <p className="order__notice" data-testid="shop-none-for-sale">
              {t("shop.noneForSale.donations")}
            </p>
          ) : (
            <ul className="shop-items">
              {donations.map((donation) => (
                <li key={donation.id} className="shop-item" data-testid="donation">
                  <p className="shop-item__name">{donation.name}</p>
                  {donation.description === "" ? null : (
                    <p className="shop-item__note">{donation.description}</p>
                  )}
                  {donation.details.map((detail) =>
                    detail.amount === null ? (
                      <CustomDonation
                        key={detail.id}
                        name={donation.name}
                        detail={detail}
                        line={lineOf(detail)}
                        busy={busy}
                        onSet={(amount, quantity) => void set(donation, detail, amount, quantity)}
                        onProblem={setCustomProblem}
                        locale={locale}
                        t={t}
                      />
                    ) : (
                      <div key={detail.id} className="shop-item__row" data-testid="donation-fixed">
                        <span>{formatMoney(detail.amount, locale)}</span>
                        <Stepper
                          name={`${donation.name} ${formatMoney(detail.amount, locale)}`}
                          quantity={lineOf(detail)?.quantity ?? 0}
                          canAdd={(lineOf(detail)?.quantity ?? 0) < MAX_DONATION_QUANTITY}
                          busy={busy}
                          onChange={(q) => void set(donation, detail, null, q)}
                          t={t}
                          testId="donation-quantity"
                        />
                      </div>
                    ),
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <ShopBasket lines={lines} locale={locale} t={t}>
          <ContinueButton
            kind="donations"
            hasLines={(cart?.donations.length ?? 0) > 0}
            problem={customProblem ? t("shop.donations.amountProblem") : null}
            locale={locale}
            t={t}
          />
        </ShopBasket>
      </div>
    </ShopFrame>
  )
}
