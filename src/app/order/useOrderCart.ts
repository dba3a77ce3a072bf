import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react"
import type { Presentation } from "../../api/PresentationsApi.ts"
import { CartTypeChosen, PresentationSelected } from "../../domain/cart/events.ts"
import { type Cart, findPresentation } from "../../domain/cart/state.ts"
import { appCart } from "../cart/appCart.ts"
import { type CartLog, eventMeta } from "../cart/cartLog.ts"
import { solveHumanCheck } from "../lib/humanCheck.ts"
import { createSeatsClient, type SeatsClient } from "../seating/seatsClient.ts"

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

const noop = () => undefined
const client = createSeatsClient()

const factsOf = (p: Presentation) => ({
  id: p.id,
  venueId: p.venueId,
  venueTypeId: p.venueTypeId,
  seatplanId: p.seatplanId,
  authProfileId: p.authProfileId,
  businessId: p.businessId,
  locationId: p.locationId,
  dateTime: p.dateTime,
})

/**
 * The tab's cart as the seat screen needs it: this presentation selected in a tickets order, and a server cart
 * token (earned with a human check when the browser has none yet).
 */
export const useOrderCart = (presentation: Presentation): OrderCart => {
  const [log, setLog] = useState<CartLog | undefined>(undefined)
  const [failed, setFailed] = useState(false)
  const [token, setToken] = useState<CartTokenState>({ status: "checking" })
  const [tokenRound, setTokenRound] = useState(0)
  const tokenPromise = useRef<Promise<string> | undefined>(undefined)

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

  // Entering the screen selects the presentation (again after a reset, which empties the cart).
  const selecting = useRef(false)
  const selected = cart !== undefined && findPresentation(cart, presentation.id) !== undefined
  useEffect(() => {
    if (log === undefined || selected || selecting.current) return
    selecting.current = true
    const state = log.store.state()
    const events = [
      ...(state.cartType === "tickets" ? [] : [CartTypeChosen.make({ ...eventMeta(), cartType: "tickets" })]),
      PresentationSelected.make({ ...eventMeta(), presentation: factsOf(presentation), isEnrolling: false }),
    ]
    log.store
      .append(events)
      .catch(() => undefined)
      .finally(() => {
        selecting.current = false
      })
  }, [log, selected, presentation])

  // biome-ignore lint/correctness/useExhaustiveDependencies: tokenRound asks for a fresh token
  useEffect(() => {
    if (log === undefined) return
    const existing = log.cartToken()
    if (existing !== null && existing !== "") {
      tokenPromise.current = Promise.resolve(existing)
      setToken({ status: "ready", token: existing })
      return
    }
    const controller = new AbortController()
    setToken({ status: "checking" })
    const pending = (async () => {
      const proof = await solveHumanCheck(controller.signal)
      const answer = await client.newCart(proof)
      if (answer._tag === "Refused") throw new Error(`cart token refused: ${answer.code}`)
      log.setCartToken(answer.value.token)
      return answer.value.token
    })()
    tokenPromise.current = pending
    pending.then(
      (value) => !controller.signal.aborted && setToken({ status: "ready", token: value }),
      () => !controller.signal.aborted && setToken({ status: "failed" }),
    )
    return () => controller.abort()
  }, [log, tokenRound])

  const whenToken = useCallback(() => tokenPromise.current ?? Promise.reject(new Error("cart not open")), [])
  const renewToken = useCallback(() => {
    if (log === undefined) return
    // the setter only writes; an empty token reads as "none" below
    log.setCartToken("")
    setTokenRound((round) => round + 1)
  }, [log])

  if (failed) return { status: "unavailable" }
  if (log === undefined || cart === undefined) return { status: "opening" }
  return { status: "ready", log, cart, client, token, whenToken, renewToken }
}
