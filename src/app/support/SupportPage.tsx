import { useEffect } from "react"
import { useT } from "../i18n/useI18n.ts"
import { CartLogSection } from "./CartLogSection.tsx"
import { ReloadNeededBanner } from "./ReloadNeededBanner.tsx"
import "./support.css"

/** Help & support: what a customer can hand to support when something went wrong. */
export const SupportPage = () => {
  const t = useT()

  useEffect(() => {
    document.title = `${t("support.title")} · ${t("app.brand")}`
  }, [t])

  return (
    <div className="support">
      <ReloadNeededBanner />
      <header className="support__head">
        <h1 className="support__title">{t("support.title")}</h1>
      </header>
      <CartLogSection />
    </div>
  )
}
