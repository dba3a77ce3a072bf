import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { LanguageSwitcher } from "./LanguageSwitcher.tsx"
import { SiteShell } from "./SiteShell.tsx"

/** The public pages' frame. The 404 and error pages use it too, so a dead end still offers a way back. */
export const DefaultLayout = ({ children }: { children: ReactNode }) => {
  const t = useT()
  const locale = useLocale()
  return (
    <SiteShell
      className="shell"
      headerEnd={<LanguageSwitcher />}
      footer={
        <footer className="site-footer">
          <p>{t("app.footer")}</p>
          <p>
            <Link to="/wallet" search={{ lang: locale }} data-testid="footer-wallet">
              {t("wallet.title")}
            </Link>
            {" · "}
            <Link to="/support" search={{ lang: locale }}>
              {t("support.title")}
            </Link>
          </p>
          <p className="site-footer__brand">© {t("app.brand")}</p>
        </footer>
      }
    >
      {children}
    </SiteShell>
  )
}
