import { useSyncExternalStore } from "react"
import { type MarqueeDb, marqueeDb } from "../cart/db.ts"
import { useT } from "../i18n/useI18n.ts"
import "./support.css"

const database = (): MarqueeDb | undefined => {
  try {
    return marqueeDb()
  } catch {
    return undefined // no IndexedDB at all: nothing can go stale, so nothing to reload for
  }
}

const noop = () => undefined
const subscribe = (onChange: () => void) => database()?.onReloadNeeded(onChange) ?? noop
const reloadReason = () => database()?.reloadNeeded() ?? null

/**
 * The cart database closed itself because another tab upgraded it ("versionchange"), or cannot upgrade while an
 * older tab holds it ("blocked"). Only a reload helps in the first case; in the second the other tab must go,
 * and the banner leaves by itself once the upgrade goes through.
 */
export const ReloadNeededBanner = () => {
  const t = useT()
  const reason = useSyncExternalStore(subscribe, reloadReason)
  if (reason === null) return null
  return (
    <div className="reload-banner" role="alert">
      <p>{t(reason === "versionchange" ? "storage.reloadNeeded" : "storage.closeOtherTab")}</p>
      {reason === "versionchange" && (
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t("pwa.reload")}
        </button>
      )}
    </div>
  )
}
