import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react"
import type { Presentation } from "../../api/PresentationEntities.ts"
import type { Cart } from "../../domain/cart/state.ts"
import type { SeatsClient } from "../seating/seatsClient.ts"
import type { CartLog } from "./cartLog.ts"

/**
 * The one way a screen opens the tab's cart. This module names the cart's code only as types and loads it with
 * `import()` (openCart.ts, its non-React twin), so the seat screen, the journey's first, can use it and stay
 * within its budget (bench/bundle.ts; the lint rule in scripts/lint/cartHookStaysLight.grit keeps it so).
 */
const loadCart = () => import("./openCart.ts")
type CartModule = Awaited<ReturnType<typeof loadCart>>

export type CartView =
  | { readonly status: "opening" }
  /** IndexedDB or localStorage refused (a private window, storage turned off, a closed database). */
  | { readonly status: "unavailable"; readonly error: unknown }
  | { readonly status: "ready"; readonly log: CartLog; readonly cart: Cart }

export type CartTokenState =
  | { readonly status: "checking" }
  | { readonly status: "ready"; readonly token: string }
  | { readonly status: "failed" }

/** The cart as a ticket order's screens need it: the presentation selected, and the server's cart token. */
export type OrderCart =
  | { readonly status: "opening" }
  | { readonly status: "unavailable"; readonly error: unknown }
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

type Opened =
  | { readonly module: CartModule; readonly log: CartLog }
  | { readonly module?: undefined; readonly error: unknown }

const noop = () => undefined

/** This tab's cart log and its live projection (support, payment return, confirmation). */
export function useCart(): CartView
/**
 * The tab's cart for a ticket order of this presentation: it is selected (again after a reset, which empties
 * the cart) and a server cart token is there, earned with a human check when the browser has none yet.
 */
export function useCart(ticketsFor: Presentation): OrderCart
export function useCart(ticketsFor?: Presentation): CartView | OrderCart {
  const [opened, setOpened] = useState<Opened | undefined>(undefined)
  const [token, setToken] = useState<CartTokenState>({ status: "checking" })
  const [tokenRound, setTokenRound] = useState(0)
  const tokenPromise = useRef<Promise<string> | undefined>(undefined)

  useEffect(() => {
    let mounted = true
    loadCart()
      .then(async (module) => ({ module, log: await module.openCart() }))
      .then(
        (result) => mounted && setOpened(result),
        (error: unknown) => mounted && setOpened({ error }),
      )
    return () => {
      mounted = false
    }
  }, [])

  const module = opened?.module
  const log = opened !== undefined && "log" in opened ? opened.log : undefined
  const subscribe = useCallback((onChange: () => void) => log?.store.subscribe(onChange) ?? noop, [log])
  const cart = useSyncExternalStore(subscribe, () => log?.store.state())

  // Entering an order screen selects the presentation (again after a reset, which empties the cart).
  const selecting = useRef(false)
  useEffect(() => {
    if (ticketsFor === undefined || module === undefined || log === undefined || cart === undefined) return
    if (selecting.current) return
    selecting.current = true
    module
      .selectForTickets(log, ticketsFor)
      .catch(() => undefined)
      .finally(() => {
        selecting.current = false
      })
  }, [ticketsFor, module, log, cart])

  const ordering = ticketsFor !== undefined
  // biome-ignore lint/correctness/useExhaustiveDependencies: tokenRound asks for a fresh token
  useEffect(() => {
    if (!ordering || module === undefined || log === undefined) return
    const existing = log.cartToken()
    if (existing !== null && existing !== "") {
      tokenPromise.current = Promise.resolve(existing)
      setToken({ status: "ready", token: existing })
      return
    }
    const controller = new AbortController()
    setToken({ status: "checking" })
    const pending = module.earnCartToken(controller.signal).then((value) => {
      log.setCartToken(value)
      return value
    })
    tokenPromise.current = pending
    pending.then(
      (value) => !controller.signal.aborted && setToken({ status: "ready", token: value }),
      () => !controller.signal.aborted && setToken({ status: "failed" }),
    )
    return () => controller.abort()
  }, [ordering, module, log, tokenRound])

  const whenToken = useCallback(() => tokenPromise.current ?? Promise.reject(new Error("cart not open")), [])
  const renewToken = useCallback(() => {
    if (log === undefined) return
    // the setter only writes; an empty token reads as "none" above
    log.setCartToken("")
    setTokenRound((round) => round + 1)
  }, [log])

  if (opened === undefined) return { status: "opening" }
  if (!("log" in opened)) return { status: "unavailable", error: opened.error }
  const current = cart ?? opened.log.store.state()
  if (!ordering) return { status: "ready", log: opened.log, cart: current }
  return {
    status: "ready",
    log: opened.log,
    cart: current,
    client: opened.module.cartSeatsClient,
    token,
    whenToken,
    renewToken,
  }
}
