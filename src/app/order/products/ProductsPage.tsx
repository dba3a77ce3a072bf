import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { Product } from "../../../api/PresentationEntities.ts"
import { ProductQuantitySet } from "../../../domain/cart/events.ts"
import { allSeats } from "../../../domain/cart/state.ts"
import { agorot } from "../../../domain/cart/values.ts"
import { eventMeta } from "../../cart/cartLog.ts"
import { formatMoney } from "../../i18n/format.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { apiUrl } from "../../lib/api.ts"
import { screenLink } from "../flow.ts"
import { NoSeats } from "../NoSeats.tsx"
import { OrderStep, type StepProps } from "../OrderStep.tsx"
import { OrderSummary } from "../OrderSummary.tsx"
import { useStepTimer } from "../useStepTimer.ts"
import "../order.css"
import "../steps.css"

type Props = { readonly presentationId: number; readonly locale: LocaleCode }

/** Spec §9 leaves the per-product maximum open: ten of one thing is more than a row of friends eats. */
export const MAX_PRODUCT_QUANTITY = 10

export const ProductsPage = ({ presentationId, locale }: Props) => (
  <OrderStep
    presentationId={presentationId}
    locale={locale}
    screen="products"
    title="orderSteps.products.title"
    step={(props) => <ProductsStep {...props} />}
  />
)

const ProductsStep = ({ order, detail, locale, t }: StepProps) => {
  const { log, cart, client } = order
  const presentation = detail.presentation
  const navigate = useNavigate()
  // every showing's seats: the summary's total is the one the order will cost (issue 16: one order, N showings)
  const seats = allSeats(cart)
  const control = useStepTimer(log, cart, client, presentation.id, "chooseProducts")
  const [busy, setBusy] = useState(false)

  const quantityOf = (product: Product) =>
    cart.products.find((line) => line.productId === product.id)?.quantity ?? 0
  const setQuantity = async (product: Product, quantity: number) => {
    if (quantity < 0 || quantity > MAX_PRODUCT_QUANTITY) return
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

  const startAgain = async () => {
    await control.startAgain()
    void navigate(screenLink(presentation.id, "seats", locale))
  }

  if (seats.length === 0) return <NoSeats presentationId={presentation.id} locale={locale} t={t} />
  const money = (agorot: number) => formatMoney(agorot, locale)

  return (
    <div className="order__body">
      <div className="order-step">
        {detail.products.length === 0 ? (
          <p className="order__notice">{t("orderSteps.products.none")}</p>
        ) : (
          <ul className="products">
            {detail.products.map((product) => {
              const quantity = quantityOf(product)
              return (
                <li key={product.id} className="product" data-testid="product" data-product={product.id}>
                  <img
                    className="product__image"
                    src={apiUrl(`/products/${product.id}/image`)}
                    alt=""
                    width={72}
                    height={72}
                    loading="lazy"
                  />
                  <div className="product__text">
                    <p className="product__name">{product.name}</p>
                    <p className="product__price">{money(product.price)}</p>
                    {product.isDeliveryRequired ? (
                      <p className="product__note">{t("orderSteps.products.delivery")}</p>
                    ) : null}
                  </div>
                  <fieldset
                    className="stepper"
                    aria-label={t("orderSteps.products.quantity", { name: product.name })}
                  >
                    <button
                      type="button"
                      className="stepper__button"
                      aria-label={t("orderSteps.products.remove", { name: product.name })}
                      disabled={busy || quantity === 0}
                      onClick={() => void setQuantity(product, quantity - 1)}
                    >
                      −
                    </button>
                    <output className="stepper__value" aria-live="polite" data-testid="product-quantity">
                      {quantity}
                    </output>
                    <button
                      type="button"
                      className="stepper__button"
                      aria-label={t("orderSteps.products.add", { name: product.name })}
                      disabled={busy || quantity >= MAX_PRODUCT_QUANTITY}
                      onClick={() => void setQuantity(product, quantity + 1)}
                    >
                      +
                    </button>
                  </fieldset>
                </li>
              )
            })}
          </ul>
        )}
      </div>
      <OrderSummary
        detail={detail}
        cart={cart}
        seats={seats}
        control={control}
        expiredText={t("orderSteps.expired.products")}
        onStartAgain={() => void startAgain()}
        locale={locale}
        t={t}
      >
        <button
          type="button"
          className="button button--primary"
          data-testid="continue"
          onClick={() => void navigate(screenLink(presentation.id, "customer", locale))}
        >
          {t("orderSteps.continue")}
        </button>
      </OrderSummary>
    </div>
  )
}
