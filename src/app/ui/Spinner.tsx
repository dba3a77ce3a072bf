import { LOADING_INDICATOR_DELAY_MS } from "../lib/breakpoints.ts"
import { useDelayedFlag } from "../lib/useDelayedFlag.ts"
import "./spinner.css"

type Props = { readonly label: string; readonly active?: boolean; readonly delayMs?: number }

/** Shown only after the spec's 200 ms, then announced once as a status. */
export const DelayedSpinner = ({ label, active = true, delayMs = LOADING_INDICATOR_DELAY_MS }: Props) => {
  const shown = useDelayedFlag(active, delayMs)
  if (!shown) return null
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  )
}
