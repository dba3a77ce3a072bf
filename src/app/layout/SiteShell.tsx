import type { ReactNode } from "react"
import { useT } from "../i18n/useI18n.ts"
import { Brand } from "./Brand.tsx"
import "./layout.css"

interface Props {
  readonly className: string
  /** beside the brand, at the header's inline end */
  readonly headerEnd?: ReactNode
  readonly footer?: ReactNode
  readonly children: ReactNode
}

/** What every layout shares: skip link, header with the brand, the main landmark. */
export const SiteShell = ({ className, headerEnd, footer, children }: Props) => {
  const t = useT()
  return (
    <div className={className}>
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Brand />
          {headerEnd}
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {footer}
    </div>
  )
}
