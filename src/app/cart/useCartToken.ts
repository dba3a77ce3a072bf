import { useEffect, useState } from "react"
import type { CartLog } from "./cartLog.ts"

/**
 * The server's cart token for `log` (the commit's "who asks"): the one the log keeps, else earned with a human
 * check (openCart.ts, loaded only then) and kept in the log. `failed` when it could not be earned.
 */
export const useCartToken = (
  log: CartLog | null,
): { readonly token: string | null; readonly failed: boolean } => {
  const [token, setToken] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (log === null) return
    const existing = log.cartToken()
    if (existing !== null && existing !== "") {
      setToken(existing)
      return
    }
    const controller = new AbortController()
    import("./openCart.ts")
      .then((module) => module.earnCartToken(controller.signal))
      .then(
        (value) => {
          log.setCartToken(value)
          if (!controller.signal.aborted) setToken(value)
        },
        () => !controller.signal.aborted && setFailed(true),
      )
    return () => controller.abort()
  }, [log])
  return { token, failed }
}
