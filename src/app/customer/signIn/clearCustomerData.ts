import type { QueryClient } from "@tanstack/react-query"
import type { MarqueeDb } from "../../cart/db.ts"
import { CUSTOMER_STORAGE_KEY } from "../../lib/authUuid.ts"

/**
 * What signing out leaves on the device (issue 15, "Personal data"): nothing of the customer's, and every
 * anonymous e-ticket it already had.
 * - Query cache: every query whose key starts with a customer prefix (`customer`, `customerArea`,
 *   `customer-area`: the saved cards, the area's data), and every other screen's query marked
 *   `meta: { personal: true }` (it may answer the signed-in customer's own: the membership shop's members to
 *   renew, the enrolment offer); the persisted confirmations and e-documents (`reservations`, `edocuments`)
 *   stay, they are the tickets a buyer opens offline.
 * - IndexedDB (the Dexie `marquee` database): the carts whose events carry the customer (their details, a member
 *   proof, a login), with their events and snapshots; other carts stay.
 * - localStorage: the stored login (`marquee.customer`) and every other key that starts so, and the cart id
 *   when that cart was removed.
 * The server's HTTP cache of our origin goes with the logout's `Clear-Site-Data: "cache"` answer.
 */

export const CUSTOMER_QUERY_PREFIXES: ReadonlySet<string> = new Set([
  "customer",
  "customerArea",
  "customer-area",
])

/** The cart events that hold personal data (src/domain/cart/events.ts). */
const PERSONAL_EVENTS: ReadonlySet<string> = new Set(["CustomerInfoSet", "MemberAdded", "LoggedIn"])

const CART_ID_KEY = "marquee.cartId"

export interface DeviceStores {
  readonly queryClient: QueryClient
  /** null where IndexedDB is not available (a private window): nothing is stored there then */
  readonly db: MarqueeDb | null
  readonly storage: Pick<Storage, "getItem" | "removeItem" | "key" | "length"> | null
}

const tagOf = (event: unknown): string | undefined =>
  typeof event === "object" && event !== null && "_tag" in event && typeof event._tag === "string"
    ? event._tag
    : undefined

/** The ids of the carts whose events carry the customer; removes them, their events and snapshots. */
const removePersonalCarts = async (db: MarqueeDb): Promise<ReadonlyArray<string>> =>
  db.transaction("rw", db.cartEvents, db.cartSnapshots, db.carts, async () => {
    const personal = new Set<string>()
    await db.cartEvents.each((row) => {
      const tag = tagOf(row.event)
      if (tag !== undefined && PERSONAL_EVENTS.has(tag)) personal.add(row.cartId)
    })
    for (const cartId of personal) {
      const ofCart = [
        [cartId, Number.NEGATIVE_INFINITY],
        [cartId, Number.POSITIVE_INFINITY],
      ] as const
      await db.cartEvents.where("[cartId+seq]").between(ofCart[0], ofCart[1], true, true).delete()
      await db.cartSnapshots.where("[cartId+seq]").between(ofCart[0], ofCart[1], true, true).delete()
      await db.carts.delete(cartId)
    }
    return [...personal]
  })

/** Clears the customer's data from this device; never throws (a store that fails is skipped, the rest go). */
export const clearCustomerData = async ({ queryClient, db, storage }: DeviceStores): Promise<void> => {
  queryClient.removeQueries({
    predicate: (query) => {
      const first = query.queryKey[0]
      return (
        (typeof first === "string" && CUSTOMER_QUERY_PREFIXES.has(first)) || query.meta?.personal === true
      )
    },
  })
  const removedCarts = db === null ? [] : await removePersonalCarts(db).catch(() => [])
  if (storage === null) return
  try {
    const keys: Array<string> = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key?.startsWith(CUSTOMER_STORAGE_KEY)) keys.push(key)
    }
    for (const key of keys) storage.removeItem(key)
    const cartId = storage.getItem(CART_ID_KEY)
    if (cartId !== null && removedCarts.includes(cartId)) storage.removeItem(CART_ID_KEY)
  } catch {
    // storage blocked: nothing was stored there either
  }
}
