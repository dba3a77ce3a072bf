import { useCallback, useEffect, useState, useSyncExternalStore } from "react"
import type { Cart } from "../../domain/cart/state.ts"
import { appCart } from "../cart/appCart.ts"
import type { CartLog } from "../cart/cartLog.ts"

export type CartLogView =
  | { readonly status: "opening" }
  /** IndexedDB or localStorage refused (a private window, storage turned off, a closed database). */
  | { readonly status: "unavailable"; readonly error: unknown }
  | { readonly status: "ready"; readonly log: CartLog; readonly cart: Cart }

type Opened = { readonly log: CartLog } | { readonly error: unknown }

const noop = () => undefined

/** This browser's cart log and its live projection, for showing and exporting it. */
export const useCartLog = (): CartLogView => {
  const [opened, setOpened] = useState<Opened | undefined>(undefined)

  useEffect(() => {
    let mounted = true
    appCart().then(
      (log) => mounted && setOpened({ log }),
      (error: unknown) => mounted && setOpened({ error }),
    )
    return () => {
      mounted = false
    }
  }, [])

  const log = opened !== undefined && "log" in opened ? opened.log : undefined
  const subscribe = useCallback((onChange: () => void) => log?.store.subscribe(onChange) ?? noop, [log])
  const cart = useSyncExternalStore(subscribe, () => log?.store.state())

  if (opened === undefined) return { status: "opening" }
  if ("error" in opened) return { status: "unavailable", error: opened.error }
  return { status: "ready", log: opened.log, cart: cart ?? opened.log.store.state() }
}
