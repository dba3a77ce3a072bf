import { useEffect, useState } from "react"
import { useT } from "../i18n/useI18n.ts"
import { registerServiceWorker } from "./registerServiceWorker.ts"
import "./update-prompt.css"

/** "A new version is available" + Reload; the page reloads only when the user asks. */
export const UpdatePrompt = () => {
  const t = useT()
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | undefined>(undefined)

  useEffect(() => {
    registerServiceWorker((apply) => setApplyUpdate(() => apply)).catch(() => undefined)
  }, [])

  if (applyUpdate === undefined) return null
  return (
    <aside className="update-prompt" aria-labelledby="update-prompt-text">
      <p id="update-prompt-text">{t("pwa.updateAvailable")}</p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--primary" onClick={applyUpdate}>
          {t("pwa.reload")}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setApplyUpdate(undefined)}>
          {t("pwa.dismiss")}
        </button>
      </div>
    </aside>
  )
}
