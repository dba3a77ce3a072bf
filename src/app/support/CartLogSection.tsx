import { useState } from "react"
import type { Cart } from "../../domain/cart/state.ts"
import type { CartLog } from "../cart/cartLog.ts"
import { useCart } from "../cart/useCart.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { DelayedSpinner } from "../ui/Spinner.tsx"
import { cartLogFile, cartLogFileName, saveJson } from "./cartLogFile.ts"

// Unicode isolates: a Latin code inside a Hebrew sentence keeps its own direction and leaves the sentence's alone.
const isolate = (text: string): string => `\u2068${text}\u2069`

/** "Your basket's log": what the log holds, and the button that exports it for `npm run replay`. */
export const CartLogSection = () => {
  const t = useT()
  const view = useCart()
  return (
    <section className="support-card" aria-labelledby="cart-log-title" data-testid="cart-log">
      <h2 id="cart-log-title" className="support-card__title">
        {t("support.logTitle")}
      </h2>
      {view.status === "opening" ? (
        <DelayedSpinner label={t("status.loading")} />
      ) : view.status === "unavailable" ? (
        <p className="support-card__problem" role="alert">
          {t("support.unavailable")}
        </p>
      ) : (
        <CartLogDetails log={view.log} cart={view.cart} />
      )}
    </section>
  )
}

const CartLogDetails = ({ log, cart }: { readonly log: CartLog; readonly cart: Cart }) => {
  const t = useT()
  const locale = useLocale()
  const [saving, setSaving] = useState(false)
  const [failed, setFailed] = useState(false)

  const download = async () => {
    setSaving(true)
    setFailed(false)
    try {
      saveJson(cartLogFileName(log.cartId), await cartLogFile(log, new Date()))
    } catch {
      setFailed(true)
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <dl className="support-facts">
        <div className="support-facts__row">
          <dt>{t("support.cartId")}</dt>
          <dd>
            <code className="support-facts__id" dir="ltr" data-testid="cart-id">
              {log.cartId}
            </code>
          </dd>
        </div>
        <div className="support-facts__row">
          <dt>{t("support.eventCount")}</dt>
          <dd data-testid="event-count">{cart.eventCount.toLocaleString(locale)}</dd>
        </div>
        <div className="support-facts__row">
          <dt>{t("support.cartType")}</dt>
          <dd data-testid="cart-type">{t(`support.cartTypes.${cart.cartType ?? "none"}`)}</dd>
        </div>
      </dl>
      {cart.lastError !== null && (
        <p className="support-card__problem" data-testid="last-problem">
          {t("support.lastProblem", { code: isolate(cart.lastError.reason) })}
        </p>
      )}
      <p className="support-card__explain" id="cart-log-explain">
        {t("support.explain")}
      </p>
      <div className="support-card__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => void download()}
          disabled={saving}
          aria-describedby="cart-log-explain"
        >
          {t("support.download")}
        </button>
        {failed && (
          <p className="support-card__problem" role="alert">
            {t("support.downloadFailed")}
          </p>
        )}
      </div>
    </>
  )
}
