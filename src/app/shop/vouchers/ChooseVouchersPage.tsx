import { useQuery } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { useState } from "react"
import type { SystemVoucherClass } from "../../../api/ShopApi.ts"
import { SystemVoucherQuantitySet } from "../../../domain/cart/otherOrderEvents.ts"
import { MAX_VOUCHERS_PER_ORDER } from "../../../domain/cart/rules.ts"
import { agorot } from "../../../domain/cart/values.ts"
import { eventMeta } from "../../cart/cartLog.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { useT } from "../../i18n/useI18n.ts"
import { ApiError } from "../../lib/api.ts"
import { ContinueButton } from "../ContinueButton.tsx"
import { voucherOfferQueryOptions } from "../queries.ts"
import { ShopBasket } from "../ShopBasket.tsx"
import { ShopFrame } from "../ShopFrame.tsx"
import { Stepper } from "../Stepper.tsx"
import { useShopCart } from "../useShopCart.ts"
import { useShopLines } from "../useShopLines.ts"
import { OpenPriceVoucher } from "./OpenPriceVoucher.tsx"

/** The cart's price id of an open-price voucher: its class has no price row (src/server/.../vouchersOrder.ts). */
export const OPEN_PRICE_ID = 0

type Props = { readonly superClassId: number; readonly locale: LocaleCode }

/**
 * Spec §2 chooseVouchers: the classes of one kind with their prices, a quantity each (at most ten vouchers in
 * the order, spec §9), an amount of the buyer's own for open-price classes, and classes not sold online sent to
 * customer service.
 */
export const ChooseVouchersPage = ({ superClassId, locale }: Props) => {
  const t = useT()
  const offer = useQuery(voucherOfferQueryOptions(superClassId, locale))
  const shop = useShopCart("vouchers", true)
  const cart = shop.status === "ready" ? shop.cart : null
  const lines = useShopLines("vouchers", cart, locale, null)
  const [busy, setBusy] = useState(false)
  const [openProblem, setOpenProblem] = useState(false)
  const count = cart?.vouchers.reduce((sum, line) => sum + line.quantity, 0) ?? 0

  const setQuantity = async (
    voucherClass: SystemVoucherClass,
    priceId: number,
    price: number,
    quantity: number,
  ) => {
    if (shop.status !== "ready" || quantity < 0) return
    setBusy(true)
    try {
      await shop.log.store.append([
        SystemVoucherQuantitySet.make({
          ...eventMeta(),
          systemVoucherId: voucherClass.id,
          systemVoucherPriceId: priceId,
          price: agorot(price),
          quantity,
        }),
      ])
    } finally {
      setBusy(false)
    }
  }
  const quantityOf = (classId: number, priceId: number) =>
    cart?.vouchers.find((l) => l.systemVoucherId === classId && l.systemVoucherPriceId === priceId)
      ?.quantity ?? 0
  const canAdd = count < MAX_VOUCHERS_PER_ORDER

  const missing = offer.error instanceof ApiError && offer.error.status === 404
  const classes = offer.data?.classes ?? []
  const forSale = classes.some((c) => c.isSoldOnline && (c.isOpenPrice || c.prices.length > 0))
  const title = offer.data?.superClass.name ?? t("shop.vouchers.title")

  return (
    <ShopFrame kind="vouchers" step="choose" title={title} locale={locale} t={t}>
      <div className="order__body">
        <div className="order-step">
          {offer.isPending ? (
            <p className="order__notice">{t("shop.loading")}</p>
          ) : missing || (offer.isSuccess && classes.length === 0) ? (
            <p className="order__notice" data-testid="shop-none-for-sale">
              {t("shop.noneForSale.vouchers")}{" "}
              <Link to="/vouchers" search={{ lang: locale }}>
                {t("shop.vouchers.otherTypes")}
              </Link>
            </p>
          ) : offer.isError ? (
            <p className="order__notice order__notice--problem" role="alert">
              {t("errors.occurred")}
            </p>
          ) : (
            <>
              {forSale ? null : (
                <p className="order__notice" data-testid="shop-none-for-sale">
                  {t("shop.noneForSale.vouchers")}
                </p>
              )}
              <ul className="shop-items">
                {classes.map((voucherClass) => (
                  <li key={voucherClass.id} className="shop-item" data-testid="voucher-class">
                    <p className="shop-item__name">{voucherClass.name}</p>
                    <p className="shop-item__note">
                      {voucherClass.ticketQuantity === null
                        ? t("shop.vouchers.money", { days: voucherClass.validityDays })
                        : t("shop.vouchers.tickets", {
                            tickets: voucherClass.ticketQuantity,
                            days: voucherClass.validityDays,
                          })}
                    </p>
                    {voucherClass.terms === "" ? null : (
                      <p className="shop-item__note">{voucherClass.terms}</p>
                    )}
                    {!voucherClass.isSoldOnline ? (
                      <p className="order__notice" data-testid="voucher-customer-service">
                        {t("shop.vouchers.customerService")}{" "}
                        <Link to="/support" search={{ lang: locale }}>
                          {t("shop.vouchers.contact")}
                        </Link>
                      </p>
                    ) : voucherClass.isOpenPrice ? (
                      <OpenPriceVoucher
                        voucherClass={voucherClass}
                        line={cart?.vouchers.find(
                          (l) =>
                            l.systemVoucherId === voucherClass.id && l.systemVoucherPriceId === OPEN_PRICE_ID,
                        )}
                        canAdd={canAdd}
                        busy={busy}
                        onSet={(price, quantity) =>
                          void setQuantity(voucherClass, OPEN_PRICE_ID, price, quantity)
                        }
                        onProblem={setOpenProblem}
                        locale={locale}
                        t={t}
                      />
                    ) : (
                      voucherClass.prices.map((price) => (
                        <div key={price.id} className="shop-item__row" data-testid="voucher-price">
                          <span>
                            {price.name} · {formatMoney(price.price, locale)}
                          </span>
                          <Stepper
                            name={`${voucherClass.name} ${price.name}`}
                            quantity={quantityOf(voucherClass.id, price.id)}
                            canAdd={canAdd}
                            busy={busy}
                            onChange={(q) => void setQuantity(voucherClass, price.id, price.price, q)}
                            t={t}
                            testId="voucher-quantity"
                          />
                        </div>
                      ))
                    )}
                  </li>
                ))}
              </ul>
              {canAdd ? null : (
                <p className="order__notice" data-testid="voucher-limit">
                  {t("shop.vouchers.limit", { max: MAX_VOUCHERS_PER_ORDER })}
                </p>
              )}
            </>
          )}
        </div>
        <ShopBasket lines={lines} locale={locale} t={t}>
          <ContinueButton
            kind="vouchers"
            hasLines={count > 0}
            problem={openProblem ? t("shop.vouchers.amountProblem") : null}
            locale={locale}
            t={t}
          />
        </ShopBasket>
      </div>
    </ShopFrame>
  )
}
