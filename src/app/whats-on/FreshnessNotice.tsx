import { formatLongDateTime } from "../i18n/format.ts"
import type { LocaleCode } from "../i18n/locales.ts"
import { useT } from "../i18n/useI18n.ts"
import { savedAgeLabel, savedAgeOf } from "../lib/savedAge.ts"
import { temporal } from "../lib/temporal.ts"
import { useOnline } from "../lib/useOnline.ts"

type Props = {
  readonly locale: LocaleCode
  /** epoch ms of the answer on screen */
  readonly updatedAt: number
  readonly refreshFailed: boolean
  readonly refreshing: boolean
  readonly onRetry: () => void
}

/**
 * ARCHITECTURE "Offline": the app says when it is offline and how old what it shows is ("Saved 3 hours ago",
 * issue 17), by the browser's clock when it renders (the page renders again as the connection comes and goes).
 */
export const FreshnessNotice = ({ locale, updatedAt, refreshFailed, refreshing, onRetry }: Props) => {
  const t = useT()
  const online = useOnline()
  if (online && !refreshFailed) return null
  const time = formatLongDateTime(temporal(), new Date(updatedAt).toISOString(), locale)
  return (
    <div className="notice" role="status">
      <div>
        <p className="notice__age" data-testid="whats-on-saved-age">
          {savedAgeLabel(savedAgeOf(updatedAt, Date.now()), locale, t)}
        </p>
        <p>{online ? t("status.stale", { time }) : t("status.offline", { time })}</p>
      </div>
      <button type="button" className="button button--ghost" onClick={onRetry} disabled={refreshing}>
        {t("status.retry")}
      </button>
    </div>
  )
}
