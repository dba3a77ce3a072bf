import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { logoutCustomer } from "../../customer/customerSession.ts"
import { SignInForm } from "../../customer/signIn/SignInForm.tsx"
import { useSignedInCustomer } from "../../customer/signIn/useSignedInCustomer.ts"
import type { LocaleCode } from "../../i18n/locales.ts"
import { useT } from "../../i18n/useI18n.ts"
import { ShopBasket } from "../ShopBasket.tsx"
import { NothingChosen, ShopFrame } from "../ShopFrame.tsx"
import { hasLines } from "../shopKinds.ts"
import { useShopCart } from "../useShopCart.ts"
import { useShopLines } from "../useShopLines.ts"
import "../../customer/signIn/signIn.css"

type Props = { readonly locale: LocaleCode }

/**
 * Spec §2 voucher order's auth step (chooseVouchers → auth → customerInfo): who buys. A buyer signs in the
 * customer area's ways (spec §6) so the vouchers are kept in their "my vouchers" and their details are filled in
 * (the commit ties the vouchers to the session's customer, never to an id the page sends), or goes on as a guest:
 * the spec lets a visitor buy without logging in, and the codes then live on the confirmation and e-documents.
 */
export const VoucherAuthPage = ({ locale }: Props) => {
  const t = useT()
  const shop = useShopCart("vouchers", false)
  const cart = shop.status === "ready" ? shop.cart : null
  const lines = useShopLines("vouchers", cart, locale, null)
  const customer = useSignedInCustomer()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [leaving, setLeaving] = useState(false)

  const goOn = () =>
    void navigate({ to: "/shop/$kind/customer", params: { kind: "vouchers" }, search: { lang: locale } })
  const switchAccount = async () => {
    setLeaving(true)
    try {
      // the login only, as the pay step's saved cards do: the area's full sign-out would drop this cart too
      await logoutCustomer()
      queryClient.removeQueries({ queryKey: ["customer"] })
    } finally {
      setLeaving(false)
    }
  }

  return (
    <ShopFrame kind="vouchers" step="auth" title={t("shop.auth.title")} locale={locale} t={t}>
      {shop.status === "unavailable" ? (
        <p className="order__notice order__notice--problem" role="alert">
          {t("errors.occurred")}
        </p>
      ) : cart === null ? (
        <p className="order__notice">{t("shop.loading")}</p>
      ) : !hasLines(cart, "vouchers") ? (
        <NothingChosen kind="vouchers" locale={locale} t={t} />
      ) : (
        <div className="order__body">
          <div className="order-step shop-auth">
            {customer === null ? (
              <section
                className="shop-auth__part"
                aria-labelledby="shop-auth-sign-in"
                data-testid="shop-auth-sign-in"
              >
                <h2 id="shop-auth-sign-in" className="shop-auth__title">
                  {t("shop.auth.signInTitle")}
                </h2>
                <p className="shop-item__note">{t("shop.auth.signInWhy")}</p>
                <SignInForm />
              </section>
            ) : (
              <section className="shop-auth__part" data-testid="shop-auth-signed-in">
                <p className="order__notice" role="status">
                  {t("shop.auth.signedInAs", {
                    name: [customer.firstName, customer.lastName ?? ""].join(" ").trim(),
                    mobile: customer.mobileNumber,
                  })}
                </p>
                <p className="shop-item__note">{t("shop.auth.keptInArea")}</p>
                <button
                  type="button"
                  className="sign-in__link"
                  disabled={leaving}
                  onClick={() => void switchAccount()}
                  data-testid="shop-auth-switch"
                >
                  {t("shop.auth.switchAccount")}
                </button>
              </section>
            )}
          </div>
          <ShopBasket lines={lines} locale={locale} t={t}>
            {customer === null ? (
              <>
                <p className="shop-item__note">{t("shop.auth.guestNote")}</p>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={goOn}
                  data-testid="shop-auth-guest"
                >
                  {t("shop.auth.asGuest")}
                </button>
              </>
            ) : (
              <button type="button" className="button button--primary" onClick={goOn} data-testid="continue">
                {t("shop.continue")}
              </button>
            )}
          </ShopBasket>
        </div>
      )}
    </ShopFrame>
  )
}
