import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, describe, expect, it } from "vitest"
import { eventMeta, openCartLog } from "../../../src/app/cart/cartLog.ts"
import { MarqueeDb } from "../../../src/app/cart/db.ts"
import { CartTypeChosen, CustomerInfoSet } from "../../../src/domain/cart/events.ts"
import { storableEvent } from "../../../src/domain/cart/storable.ts"
import { customer } from "../../domain/cart/fixtures.ts"

/**
 * Issue 15: the buyer's ID number is never written to IndexedDB. The cart log keeps it in memory (the commit sends
 * it) and stores its events and snapshots without it (src/domain/cart/storable.ts).
 */

const ID_NUMBER = "123456782"
const opened: Array<MarqueeDb> = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

const memoryStorage = () => {
  const values = new Map<string, string>()
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  }
}

describe("the buyer's ID number in the cart log", () => {
  it("is in the cart in memory, in no stored event or snapshot, and gone after a reload with the rest kept", async () => {
    const factory = new IDBFactory()
    const storage = memoryStorage()
    const db = new MarqueeDb({ indexedDB: factory, IDBKeyRange })
    opened.push(db)
    const log = await openCartLog(db, storage)
    const info = customer({ SSN: ID_NUMBER, FirstName: "Dana" })
    await log.store.append([CustomerInfoSet.make({ ...eventMeta(), customerInfo: info })])
    // past a snapshot (one every 100 events)
    await log.store.append(
      Array.from({ length: 100 }, () => CartTypeChosen.make({ ...eventMeta(), cartType: "donations" })),
    )
    expect(log.store.state().customerInfo?.SSN).toBe(ID_NUMBER)

    const stored = JSON.stringify([
      await db.cartEvents.toArray(),
      await db.cartSnapshots.toArray(),
      await db.carts.toArray(),
      await log.store.exportLog(),
    ])
    expect(stored).toContain("Dana")
    expect(await db.cartSnapshots.count()).toBeGreaterThan(0)
    expect(stored).not.toContain(ID_NUMBER)

    // a reload (a new page on the same profile) reads the cart back without it
    log.store.close()
    const again = new MarqueeDb({ indexedDB: factory, IDBKeyRange })
    opened.push(again)
    const reloaded = await openCartLog(again, storage)
    expect(reloaded.cartId).toBe(log.cartId)
    expect(reloaded.store.state().customerInfo).toEqual({ ...info, SSN: null })
  })

  it("leaves events and carts without an ID number as they are", () => {
    const event = CustomerInfoSet.make({ ...eventMeta(), customerInfo: customer({ SSN: null }) })
    expect(storableEvent(event)).toBe(event)
    const chosen = CartTypeChosen.make({ ...eventMeta(), cartType: "tickets" })
    expect(storableEvent(chosen)).toBe(chosen)
  })
})
