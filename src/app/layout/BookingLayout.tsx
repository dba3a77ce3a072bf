import type { ReactNode } from "react"
import { useT } from "../i18n/useI18n.ts"
import { Brand } from "./Brand.tsx"
import "./layout.css"

/**
 * The order flows' frame: no footer and no language links, so nothing invites leaving a checkout while seats
 * are held.
 */
export const BookingLayout = ({ children }: { children: ReactNode }) => {
  const t = useT()
  return (
    <div className="shell shell--booking">
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Brand />
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
