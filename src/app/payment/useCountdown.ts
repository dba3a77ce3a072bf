import { useEffect, useState } from "react"

const pad2 = (value: number) => String(value).padStart(2, "0")

/** "m:ss" until `deadline`, ticking each second; the deadline itself comes from the cart log. */
export const useCountdown = (deadline: string | null) => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (deadline === null) return
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [deadline])
  if (deadline === null) return null
  const seconds = Math.max(0, Math.floor((Date.parse(deadline) - now) / 1000))
  return { text: `${Math.floor(seconds / 60)}:${pad2(seconds % 60)}`, expired: seconds === 0 }
}
