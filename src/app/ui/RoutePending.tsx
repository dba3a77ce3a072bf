import { useT } from "../i18n/useI18n.ts"
import { DelayedSpinner } from "./Spinner.tsx"

/** The router already waits `defaultPendingMs` before showing this, so no second delay here. */
export const RoutePending = () => {
  const t = useT()
  return <DelayedSpinner label={t("status.loading")} active delayMs={0} />
}
