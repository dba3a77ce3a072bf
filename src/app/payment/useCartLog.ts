import { useCallback, useEffect, useState, useSyncExternalStore } from "react"
import type { Cart } from "../../domain/cart/state.ts"
import { appCart } from "../cart/appCart.ts"
import type { CartLog } from "../cart/cartLog.ts"

export type CartLogState =
  | { readonly status: "opening" }
  | { readonly status: "unavailable" }
  | { readonly status: "ready"; readonly log: CartLog; readonly cart: Cart }

const noop = () => undefined

/** This tab's cart log and its projection, for the screens after the order steps (return, confirmation). */
export const useCartLog = (): CartLogState => {
  const [log, setLog] = useState<CartLog | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let mounted = true
    appCart().then(
      (opened) => mounted && setLog(opened),
      () => mounted && setFailed(true),
    )
    return () => {
      mounted = false
    }
  }, [])
  const subscribe = useCallback((onChange: () => void) => log?.store.subscribe(onChange) ?? noop, [log])
  const cart = useSyncExternalStore(subscribe, () => log?.store.state())
  if (failed) return { status: "unavailable" }
  if (log === undefined || cart === undefined) return { status: "opening" }
  return { status: "ready", log, cart }
}
