import type { ReactNode } from "react"
import { useT } from "../i18n/useI18n.ts"
import { Brand } from "./Brand.tsx"
import { LanguageSwitcher } from "./LanguageSwitcher.tsx"
import "./layout.css"

/** The public pages' frame. The 404 and error pages use it too, so a dead end still offers a way back. */
export const DefaultLayout = ({ children }: { children: ReactNode }) => {
  const t = useT()
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Brand />
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>{t("app.footer")}</p>
        <p className="site-footer__brand">© {t("app.brand")}</p>
      </footer>
    </div>
  )
}
