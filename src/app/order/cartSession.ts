import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react"
import type { Presentation } from "../../api/PresentationsApi.ts"
import type { Cart } from "../../domain/cart/state.ts"
import type { CartLog } from "../cart/cartLog.ts"
import type { SeatsClient } from "../seating/seatsClient.ts"

export type CartTokenState =
  | { readonly status: "checking" }
  | { readonly status: "ready"; readonly token: string }
  | { readonly status: "failed" }

export type OrderCart =
  | { readonly status: "opening" }
  | { readonly status: "unavailable" }
  | {
      readonly status: "ready"
      readonly log: CartLog
      readonly cart: Cart
      readonly client: SeatsClient
      readonly token: CartTokenState
      /** resolves with the cart token once the human check is solved; rejects if it could not be */
      readonly whenToken: () => Promise<string>
      /** forget a token the server no longer knows and earn a new one */
      readonly renewToken: () => void
    }

/**
 * What opening the cart takes: Dexie and the event store, the domain's events (Effect Schema), the human check.
 * Heavy, so this file only names it: the seat screen loads it after its first render (see cartMachinery.ts),
 * the later steps import it directly (useOrderCart.ts).
 */
export interface CartMachinery {
  readonly open: () => Promise<CartLog>
  readonly client: SeatsClient
  /** appends what choosing this presentation for a tickets order records, unless the cart has it already */
  readonly select: (log: CartLog, presentation: Presentation) => Promise<void>
  /** solves the human check and asks the server for a new cart's token */
  readonly earnToken: (signal: AbortSignal) => Promise<string>
}

const noop = () => undefined

/**
 * The tab's cart as an order screen needs it: this presentation selected in a tickets order, and a server cart
 * token (earned with a human check when the browser has none yet). "opening" until `machinery` is there and
 * the log is loaded.
 */
export const useCartSession = (
  presentation: Presentation,
  machinery: CartMachinery | undefined,
): OrderCart => {
  const [log, setLog] = useState<CartLog | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  const [token, setToken] = useState<CartTokenState>({ status: "checking" })
  const [tokenRound, setTokenRound] = useState(0)
  const tokenPromise = useRef<Promise<string> | undefined>(undefined)

  useEffect(() => {
    if (machinery === undefined) return
    let mounted = true
    machinery.open().then(
      (opened) => mounted && setLog(opened),
      () => mounted && setFailed(true),
    )
    return () => {
      mounted = false
    }
  }, [machinery])

  const subscribe = useCallback((onChange: () => void) => log?.store.subscribe(onChange) ?? noop, [log])
  const cart = useSyncExternalStore(subscribe, () => log?.store.state())

  // Entering the screen selects the presentation (again after a reset, which empties the cart).
  const selecting = useRef(false)
  useEffect(() => {
    if (machinery === undefined || log === undefined || cart === undefined || selecting.current) return
    selecting.current = true
    machinery
      .select(log, presentation)
      .catch(() => undefined)
      .finally(() => {
        selecting.current = false
      })
  }, [machinery, log, cart, presentation])

  // biome-ignore lint/correctness/useExhaustiveDependencies: tokenRound asks for a fresh token
  useEffect(() => {
    if (machinery === undefined || log === undefined) return
    const existing = log.cartToken()
    if (existing !== null && existing !== "") {
      tokenPromise.current = Promise.resolve(existing)
      setToken({ status: "ready", token: existing })
      return
    }
    const controller = new AbortController()
    setToken({ status: "checking" })
    const pending = machinery.earnToken(controller.signal).then((value) => {
      log.setCartToken(value)
      return value
    })
    tokenPromise.current = pending
    pending.then(
      (value) => !controller.signal.aborted && setToken({ status: "ready", token: value }),
      () => !controller.signal.aborted && setToken({ status: "failed" }),
    )
    return () => controller.abort()
  }, [machinery, log, tokenRound])

  const whenToken = useCallback(() => tokenPromise.current ?? Promise.reject(new Error("cart not open")), [])
  const renewToken = useCallback(() => {
    if (log === undefined) return
    // the setter only writes; an empty token reads as "none" below
    log.setCartToken("")
    setTokenRound((round) => round + 1)
  }, [log])

  if (failed) return { status: "unavailable" }
  if (machinery === undefined || log === undefined || cart === undefined) return { status: "opening" }
  return { status: "ready", log, cart, client: machinery.client, token, whenToken, renewToken }
}
