import { useEffect, useRef } from "react"
import { CartReset, CartTypeChosen } from "../../domain/cart/events.ts"
import { eventMeta } from "../cart/cartLog.ts"
import { type CartView, useCart } from "../cart/useCart.ts"
import { useCartToken } from "../cart/useCartToken.ts"
import { belongsTo, CART_TYPE, type ShopKind } from "./shopKinds.ts"

export type ShopCart = CartView & {
  /** the server's cart token (the commit's "who asks"); null until the human check is solved */
  readonly token: string | null
  readonly tokenFailed: boolean
}

/**
 * The tab's cart for a shop order of `kind`. On a choose screen (`claim`), a cart holding another order (a
 * showing's seats, another kind's lines, or an order of another kind) starts over, keeping the buyer's details:
 * one cart type at a time (spec §4). Seats such a cart held are released by their own deadline. The server's
 * cart token is earned here with a human check when the browser has none, as the ticket order's screens do.
 */
export const useShopCart = (kind: ShopKind, claim: boolean): ShopCart => {
  const view = useCart()
  const log = view.status === "ready" ? view.log : null
  const { token, failed: tokenFailed } = useCartToken(log)
  const claiming = useRef(false)

  const cart = view.status === "ready" ? view.cart : null
  useEffect(() => {
    if (!claim || log === null || cart === null || claiming.current) return
    const fits = belongsTo(cart, kind) && cart.cartType === CART_TYPE[kind]
    if (fits) return
    claiming.current = true
    const clear = belongsTo(cart, kind) ? [] : [CartReset.make({ ...eventMeta(), keepCustomerInfo: true })]
    log.store
      .append([...clear, CartTypeChosen.make({ ...eventMeta(), cartType: CART_TYPE[kind] })])
      .catch(() => undefined)
      .finally(() => {
        claiming.current = false
      })
  }, [claim, log, cart, kind])

  return { ...view, token, tokenFailed }
}
