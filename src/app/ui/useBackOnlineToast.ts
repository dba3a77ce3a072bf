import { useEffect } from "react"
import { useT } from "../i18n/useI18n.ts"
import { showToast } from "./toast.ts"

/** Tells the customer the connection is back, so the offline notice's disappearance is not a mystery. */
export const useBackOnlineToast = (): void => {
  const t = useT()
  useEffect(() => {
    const onOnline = () => showToast(t("status.backOnline"))
    window.addEventListener("online", onOnline)
    return () => window.removeEventListener("online", onOnline)
  }, [t])
}
