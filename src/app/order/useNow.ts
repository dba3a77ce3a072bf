import { useEffect, useState } from "react"

/** The clock for countdowns, ticking each second while `active`; the deadline itself lives in the cart log. */
export const useNow = (active: boolean): string => {
  const [now, setNow] = useState(() => new Date().toISOString())
  useEffect(() => {
    if (!active) return
    setNow(new Date().toISOString())
    const id = setInterval(() => setNow(new Date().toISOString()), 1000)
    return () => clearInterval(id)
  }, [active])
  return now
}
