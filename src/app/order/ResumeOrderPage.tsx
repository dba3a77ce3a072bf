import { linkOptions, useNavigate } from "@tanstack/react-router"
import { useEffect } from "react"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { screenLink } from "./flow.ts"
import { resumeTarget } from "./resumeTarget.ts"

/**
 * `/order`: opens this tab's cart and goes back into its ticket order (see `resumeTarget`), or to what's on when
 * none is open. The cart's code (openCart.ts) is loaded only here, after the first paint, as on the seat screen.
 */
export const ResumeOrderPage = ({ locale }: { readonly locale: LocaleCode }) => {
  const t = useT()
  const navigate = useNavigate()

  useEffect(() => {
    let live = true
    const whatsOn = linkOptions({ to: "/", search: { lang: locale } })
    void import("../cart/openCart.ts")
      .then(({ openCart }) => openCart())
      .then((log) => resumeTarget(log.store.state()))
      .catch(() => null)
      .then((target) => {
        if (!live) return
        const link = target === null ? whatsOn : screenLink(target.presentationId, target.screen, locale)
        void navigate({ ...link, replace: true })
      })
    return () => {
      live = false
    }
  }, [locale, navigate])

  return (
    <p className="order-resume" role="status">
      {t("order.openingCart")}
    </p>
  )
}
