import { useLocale, useT } from "../i18n/useI18n.ts"
import { useOnline } from "../lib/useOnline.ts"

const timeFormats = new Map<string, Intl.DateTimeFormat>()

/** "HH:mm:ss" in Jerusalem, as the time an answer was fetched. */
const clockTime = (ms: number, locale: string): string => {
  let format = timeFormats.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: "Asia/Jerusalem",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
    timeFormats.set(locale, format)
  }
  return format.format(ms)
}

/**
 * When the numbers on screen were fetched, and what is wrong if the latest refresh failed: offline (the last
 * numbers stay, with their time) or the spec's 'Error Fetching Data!'.
 */
export const LiveStatus = ({
  updatedAt,
  failed,
}: {
  readonly updatedAt: number
  readonly failed: boolean
}) => {
  const t = useT()
  const locale = useLocale()
  const online = useOnline()
  const time = updatedAt > 0 ? clockTime(updatedAt, locale) : null
  return (
    <div className="live-status" role="status">
      {!online && time !== null ? (
        <span className="live-status__warn">{t("staff.offline", { time })}</span>
      ) : failed ? (
        <span className="live-status__warn">{t("staff.fetchError")}</span>
      ) : time !== null ? (
        <span>{t("staff.updatedAt", { time })}</span>
      ) : null}
    </div>
  )
}
