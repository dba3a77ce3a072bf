import { useEffect, useState } from "react"
import { LOADING_INDICATOR_DELAY_MS } from "./breakpoints.ts"

/** True only once `active` has lasted `delayMs`, so fast answers never flash a spinner. */
export const useDelayedFlag = (active: boolean, delayMs: number = LOADING_INDICATOR_DELAY_MS): boolean => {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!active) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), delayMs)
    return () => clearTimeout(timer)
  }, [active, delayMs])
  return active && shown
}
