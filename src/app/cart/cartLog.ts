import { Result } from "effect"
import type { CartEvent } from "../../domain/cart/events.ts"
import { apply } from "../../domain/cart/fold.ts"
import { decodeCartEvent, encodeCartEvent } from "../../domain/cart/migrate.ts"
import { type Cart, initialCart } from "../../domain/cart/state.ts"
import { storableCart, storableEvent } from "../../domain/cart/storable.ts"
import type { MarqueeDb } from "./db.ts"
import { type CartEventStore, createCartEventStore } from "./eventStore.ts"

/**
 * The browser's cart: the domain's fold over the Dexie log, under one cart id per browser profile.
 * The cart id and the server's cart token live in localStorage: both must survive a reload, and neither is
 * personal data.
 */

const CART_ID_KEY = "marquee.cartId"
const cartTokenKey = (cartId: string) => `marquee.cartToken.${cartId}`
const addingKey = (cartId: string) => `marquee.addingShowing.${cartId}`

export interface CartLog {
  readonly cartId: string
  readonly store: CartEventStore<CartEvent, Cart>
  /** the server's token for this cart, once one was issued (see seatsClient.newCart) */
  readonly cartToken: () => string | null
  readonly setCartToken: (token: string) => void
  /**
   * Issue 16: the buyer asked the basket for another showing, so the next showing opened joins the order
   * (`PresentationAdded`) instead of replacing it (`PresentationSelected`). A wish of this browser, not an event:
   * it changes nothing in the order until a showing is opened.
   */
  readonly addingShowing: () => boolean
  readonly setAddingShowing: (adding: boolean) => void
}

/** Event metadata from the browser's clock and randomness (the domain itself never reads either). */
export const eventMeta = (now: () => Date = () => new Date()) => ({
  eventId: crypto.randomUUID(),
  at: now().toISOString(),
})

const decode = (encoded: unknown): CartEvent => {
  const decoded = decodeCartEvent(encoded)
  if (Result.isFailure(decoded)) throw new Error(`unreadable cart event: ${decoded.failure.message}`)
  return decoded.success
}

/** A snapshot is the projection itself: plain JSON by design (see domain/cart/state.ts). */
const decodeState = (encoded: unknown): Cart => {
  if (typeof encoded !== "object" || encoded === null || !("eventCount" in encoded))
    throw new Error("not a cart snapshot")
  return encoded as Cart
}

export const openCartLog = async (
  db: MarqueeDb,
  storage: Pick<Storage, "getItem" | "setItem"> = localStorage,
): Promise<CartLog> => {
  let cartId = storage.getItem(CART_ID_KEY)
  if (cartId === null) {
    cartId = crypto.randomUUID()
    storage.setItem(CART_ID_KEY, cartId)
  }
  const id = cartId
  const store = createCartEventStore<CartEvent, Cart>({
    db,
    cartId: id,
    // the buyer's ID number stays in memory: never in IndexedDB (domain/cart/storable.ts)
    encode: (event) => encodeCartEvent(storableEvent(event)),
    decode,
    apply,
    initial: initialCart,
    encodeState: storableCart,
    decodeState,
  })
  await store.load()
  return {
    cartId: id,
    store,
    cartToken: () => storage.getItem(cartTokenKey(id)),
    setCartToken: (token) => storage.setItem(cartTokenKey(id), token),
    addingShowing: () => storage.getItem(addingKey(id)) === "1",
    setAddingShowing: (adding) => storage.setItem(addingKey(id), adding ? "1" : ""),
  }
}
