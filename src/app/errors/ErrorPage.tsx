import { useQueryErrorResetBoundary } from "@tanstack/react-query"
import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { useLocale, useT } from "../i18n/useI18n.ts"
import { SiteShell } from "../layout/SiteShell.tsx"
import { reloadForChunkError } from "../lib/chunkReload.ts"
import "./errors.css"

/**
 * "Error Occurred" (spec §8), or a reload when a chunk vanished after a deploy. This is the content only, for
 * errors inside a layout's outlet; `ErrorPage` adds the frame for errors above every layout.
 */
export const ErrorMessage = ({ error, reset }: ErrorComponentProps) => {
  const t = useT()
  const locale = useLocale()
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  const [reloading] = useState(() => reloadForChunkError(error))

  useEffect(() => {
    queryReset.reset()
  }, [queryReset])

  if (reloading) return null
  const retry = () => {
    reset()
    void router.invalidate()
  }
  return (
    <section className="dead-end" aria-labelledby="dead-end-title">
      <h1 id="dead-end-title" className="dead-end__title">
        {t("errors.occurred")}
      </h1>
      {/* with no signal, say so: the page was not kept on this device and opens once the connection is back */}
      {/* and the saved tickets, which always open offline: an installed app started with no signal lands here */}
      {navigator.onLine ? null : (
        <p data-testid="error-offline">
          {t("errors.offline")}{" "}
          <Link to="/wallet" search={{ lang: locale }}>
            {t("wallet.title")}
          </Link>
        </p>
      )}
      <button type="button" className="button button--primary" onClick={retry}>
        {t("errors.retry")}
      </button>
    </section>
  )
}

/**
 * In the shell with the brand only (home), not the site's full header: this page is in every screen's first
 * download (the root route's error component cannot be split off: it must show when a chunk fails to load), and the
 * menu, search and language switcher are the pages' own.
 */
export const ErrorPage = (props: ErrorComponentProps) => (
  <SiteShell className="shell">
    <ErrorMessage {...props} />
  </SiteShell>
)
