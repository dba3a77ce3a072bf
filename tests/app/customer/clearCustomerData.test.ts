import { QueryClient } from "@tanstack/react-query"
import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, describe, expect, it } from "vitest"
import { MarqueeDb } from "../../../src/app/cart/db.ts"
import { clearCustomerData } from "../../../src/app/customer/signIn/clearCustomerData.ts"
import { membershipsQueryOptions } from "../../../src/app/shop/memberships/queries.ts"

/**
 * Signing out leaves nothing of the customer's on the device and keeps the anonymous e-tickets (issue 15): the
 * customer's queries go, the persisted confirmations and e-documents stay; carts that carry the customer's details
 * go from IndexedDB, other carts stay; the stored login goes from localStorage, other keys stay.
 */

const memoryStorage = (entries: Record<string, string>) => {
  const values = new Map(Object.entries(entries))
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    removeItem: (k: string) => void values.delete(k),
    key: (i: number) => [...values.keys()][i] ?? null,
    get length() {
      return values.size
    },
  }
}

const opened: Array<MarqueeDb> = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

const event = (_tag: string, extra: Record<string, unknown> = {}) => ({ _tag, v: 1, ...extra })

const arrange = async () => {
  const db = new MarqueeDb({ indexedDB: new IDBFactory(), IDBKeyRange })
  opened.push(db)
  const cart = (cartId: string) => ({
    cartId,
    cartType: "tickets",
    createdAt: 1,
    updatedAt: 1,
    lastSeq: 0,
    eventCount: 0,
  })
  await db.carts.bulkPut([cart("personal"), cart("anonymous")])
  await db.cartEvents.bulkAdd([
    { cartId: "personal", eventId: "e1", event: event("CartTypeChosen") },
    {
      cartId: "personal",
      eventId: "e2",
      event: event("CustomerInfoSet", { info: { firstName: "Dana", ssn: "x" } }),
    },
    { cartId: "anonymous", eventId: "e3", event: event("CartTypeChosen") },
    { cartId: "anonymous", eventId: "e4", event: event("TicketChosen") },
  ] as never)
  await db.cartSnapshots.bulkPut([
    { cartId: "personal", seq: 2, eventCount: 2, state: { customer: "Dana" } },
    { cartId: "anonymous", seq: 4, eventCount: 2, state: {} },
  ])
  const queryClient = new QueryClient()
  queryClient.setQueryData(["customer", "savedCards", "uuid-1", { locationId: 1 }], {
    MagCards: [{ last4: "4242" }],
  })
  queryClient.setQueryData(["customerArea", "data"], { reservations: [1] })
  queryClient.setQueryData(["customer-area", "customerAreaData"], { name: "Dana" })
  queryClient.setQueryData(["edocuments", "key-1", { lang: "he" }], { tickets: ["anonymous e-ticket"] })
  queryClient.setQueryData(["reservations", "confirmation", "MQ1", { key: "k" }], { identifier: "MQ1" })
  const storage = memoryStorage({
    "marquee.customer": JSON.stringify({ uuid: "u", mobileNumber: "0521234567", firstName: "Dana" }),
    "marquee.customerArea.tab": "vouchers",
    "marquee.cartId": "personal",
    "marquee:queries": "{}",
    "marquee.paymentLocale": "he",
  })
  return { db, queryClient, storage }
}

describe("clearCustomerData", () => {
  it("removes the customer's queries, carts and stored login, and keeps the anonymous e-tickets", async () => {
    const { db, queryClient, storage } = await arrange()
    await clearCustomerData({ queryClient, db, storage })

    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey[0])
    expect(keys.sort()).toEqual(["edocuments", "reservations"])

    expect((await db.carts.toArray()).map((c) => c.cartId)).toEqual(["anonymous"])
    expect(new Set((await db.cartEvents.toArray()).map((e) => e.cartId))).toEqual(new Set(["anonymous"]))
    expect((await db.cartSnapshots.toArray()).map((s) => s.cartId)).toEqual(["anonymous"])
    const everything = JSON.stringify([await db.cartEvents.toArray(), await db.cartSnapshots.toArray()])
    expect(everything).not.toContain("Dana")

    expect([...storage.values.keys()].sort()).toEqual(["marquee.paymentLocale", "marquee:queries"])
  })

  it("removes the queries of other screens that answer the signed-in customer's own (their members to renew)", async () => {
    const { queryClient } = await arrange()
    // the membership shop's catalogue lists a signed-in customer's members, as the area's renewal link opens it
    await queryClient.prefetchQuery({
      ...membershipsQueryOptions("he"),
      queryFn: async () => ({
        memberships: [],
        topups: [{ memberNumber: "91000003" }],
        renewalWindowDays: 30,
      }),
    } as never)
    await queryClient.prefetchQuery({ queryKey: ["presentations", "list"], queryFn: async () => ["a film"] })
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).toContain("91000003")
    await clearCustomerData({ queryClient, db: null, storage: null })
    const left = queryClient.getQueryCache().getAll()
    expect(JSON.stringify(left.map((q) => q.state.data))).not.toContain("91000003")
    expect(left.map((q) => q.queryKey[0])).toContain("presentations")
  })

  it("keeps the cart id when that cart held nothing personal", async () => {
    const { db, queryClient, storage } = await arrange()
    storage.values.set("marquee.cartId", "anonymous")
    await clearCustomerData({ queryClient, db, storage })
    expect(storage.getItem("marquee.cartId")).toBe("anonymous")
  })

  it("works without IndexedDB or storage (a private window)", async () => {
    const { queryClient } = await arrange()
    await clearCustomerData({ queryClient, db: null, storage: null })
    expect(queryClient.getQueryData(["customerArea", "data"])).toBeUndefined()
  })
})
