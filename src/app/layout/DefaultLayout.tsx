import { Link } from "@tanstack/react-router"
import { Fragment, type ReactNode } from "react"
import { MARKETING_FORMS } from "../../domain/forms/marketingFormKinds.ts"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { SearchBox } from "../search/SearchBox.tsx"
import { LanguageSwitcher } from "./LanguageSwitcher.tsx"
import { SiteShell } from "./SiteShell.tsx"

/** The public pages' frame. The 404 and error pages use it too, so a dead end still offers a way back. */
export const DefaultLayout = ({ children }: { children: ReactNode }) => {
  const t = useT()
  const locale = useLocale()
  return (
    <SiteShell
      className="shell"
      headerEnd={
        <div className="site-header__tools">
          <SearchBox />
          <LanguageSwitcher />
        </div>
      }
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
          <nav aria-label={t("forms.navLabel")}>
            <p>
              {MARKETING_FORMS.map((kind, index) => (
                <Fragment key={kind}>
                  {index > 0 ? " · " : null}
                  <Link
                    to="/forms/$kind"
                    params={{ kind }}
                    search={{ lang: locale }}
                    data-testid={`footer-form-${kind}`}
                  >
                    {t(`forms.nav.${kind}`)}
                  </Link>
                </Fragment>
              ))}
            </p>
          </nav>
          <p className="site-footer__brand">© {t("app.brand")}</p>
        </footer>
      }
    >
      {children}
    </SiteShell>
  )
}
