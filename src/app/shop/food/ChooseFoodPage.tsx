import { useQuery } from "@tanstack/react-query"
import { useId, useState } from "react"
import type { Product } from "../../../api/PresentationEntities.ts"
import { ProductQuantitySet } from "../../../domain/cart/events.ts"
import { agorot } from "../../../domain/cart/values.ts"
import { eventMeta } from "../../cart/cartLog.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { useT } from "../../i18n/useI18n.ts"
import { apiUrl } from "../../lib/api.ts"
import { OfflineVenueNotice } from "../../mini-site/OfflineVenueNotice.tsx"
import { ContinueButton } from "../ContinueButton.tsx"
import { foodCinemasQueryOptions, foodMenuQueryOptions } from "../queries.ts"
import { ShopBasket } from "../ShopBasket.tsx"
import { ShopFrame } from "../ShopFrame.tsx"
import { Stepper } from "../Stepper.tsx"
import { foodCinemaOffSale, readFoodCinema, saveFoodCinema } from "../shopKinds.ts"
import { useShopCart } from "../useShopCart.ts"
import { useShopLines } from "../useShopLines.ts"

/** As beside tickets (order/products): ten of one thing is more than a row of friends eats. */
const MAX_PRODUCT_QUANTITY = 10

/** Food on its own (issue 16): the cinema it is collected at, then the food, at the prices beside tickets. */
export const ChooseFoodPage = ({ locale }: { readonly locale: LocaleCode }) => {
  const t = useT()
  const id = useId()
  const shop = useShopCart("food", true)
  const log = shop.status === "ready" ? shop.log : null
  const cart = shop.status === "ready" ? shop.cart : null
  const [chosen, setChosen] = useState<number | null>(null)
  const cinemaId = chosen ?? (log === null ? null : readFoodCinema(log.cartId))
  const cinemas = useQuery(foodCinemasQueryOptions(locale))
  const menu = useQuery({ ...foodMenuQueryOptions(cinemaId ?? 0, locale), enabled: cinemaId !== null })
  const lines = useShopLines("food", cart, locale, cinemaId)
  const [busy, setBusy] = useState(false)

  const choose = (value: string) => {
    const next = Number(value)
    if (log === null || !Number.isSafeInteger(next) || next <= 0) return
    saveFoodCinema(log.cartId, next)
    setChosen(next)
  }
  const setQuantity = async (product: Product, quantity: number) => {
    if (log === null || quantity < 0 || quantity > MAX_PRODUCT_QUANTITY) return
    setBusy(true)
    try {
      await log.store.append([
        ProductQuantitySet.make({
          ...eventMeta(),
          productId: product.id,
          price: agorot(product.price),
          quantity,
        }),
      ])
    } finally {
      setBusy(false)
    }
  }
  // the cinema chosen before is no longer among those selling online (offline for sales, issue 19): the
  // offline-venue view in place of its menu, and no way on with it
  const offline = foodCinemaOffSale(cinemaId, cinemas.data?.cinemas)
  const products = menu.data?.products ?? []
  const quantityOf = (product: Product) =>
    cart?.products.find((l) => l.productId === product.id)?.quantity ?? 0

  return (
    <ShopFrame kind="food" step="choose" title={t("shop.food.title")} locale={locale} t={t}>
      <div className="order__body">
        <div className="order-step">
          <p className="order__facts">{t("shop.food.intro")}</p>
          {cinemas.isError ? (
            <p className="order__notice order__notice--problem" role="alert">
              {t("errors.occurred")}
            </p>
          ) : cinemas.isSuccess && cinemas.data.cinemas.length === 0 ? (
            <p className="order__notice" data-testid="shop-none-for-sale">
              {t("shop.noneForSale.food")}
            </p>
          ) : (
            <div className="shop-cinema">
              <label htmlFor={`${id}-cinema`}>{t("shop.food.cinema")}</label>
              <select
                id={`${id}-cinema`}
                value={cinemaId ?? ""}
                // the choice is kept with the basket: until it has opened, a choice would be lost
                disabled={log === null}
                onChange={(event) => choose(event.target.value)}
                data-testid="food-cinema"
              >
                <option value="" disabled>
                  {t("shop.food.chooseCinema")}
                </option>
                {(cinemas.data?.cinemas ?? []).map((cinema) => (
                  <option key={cinema.id} value={cinema.id}>
                    {cinema.name} · {cinema.city}
                  </option>
                ))}
              </select>
            </div>
          )}
          {cinemaId === null ? null : offline ? (
            <OfflineVenueNotice heading="h2" />
          ) : menu.isPending ? (
            <p className="order__notice">{t("shop.loading")}</p>
          ) : products.length === 0 ? (
            <p className="order__notice" data-testid="shop-none-for-sale">
              {t("shop.noneForSale.food")}
            </p>
          ) : (
            <ul className="products">
              {products.map((product) => (
                <li key={product.id} className="product" data-testid="food-product" data-product={product.id}>
                  <img
                    className="product__image"
                    src={apiUrl(`/products/${product.id}/image`)}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                  <div className="product__text">
                    <p className="product__name">{product.name}</p>
                    <p className="product__price">{formatMoney(product.price, locale)}</p>
                  </div>
                  <Stepper
                    name={product.name}
                    quantity={quantityOf(product)}
                    canAdd={quantityOf(product) < MAX_PRODUCT_QUANTITY}
                    busy={busy || log === null}
                    onChange={(q) => void setQuantity(product, q)}
                    t={t}
                    testId="food-quantity"
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <ShopBasket lines={lines} locale={locale} t={t}>
          <ContinueButton
            kind="food"
            hasLines={(cart?.products.length ?? 0) > 0}
            problem={
              cinemaId === null ? t("shop.food.noCinema") : offline ? t("partners.offline.textNoName") : null
            }
            locale={locale}
            t={t}
          />
        </ShopBasket>
      </div>
    </ShopFrame>
  )
}
