import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, describe, expect, it } from "vitest"
import { openCartLog } from "../../../src/app/cart/cartLog.ts"
import { MarqueeDb } from "../../../src/app/cart/db.ts"
import { storedCartToken } from "../../../src/app/order/storedCartToken.ts"

/**
 * The seat screen reads the cart token before the cart log is open; it must find the token where the log
 * keeps it (the two spell the localStorage keys separately, so that the screen's first chunk carries no Dexie).
 */

const memoryStorage = () => {
  const values = new Map<string, string>()
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  }
}

const opened: Array<MarqueeDb> = []
afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

const openLog = async (storage: ReturnType<typeof memoryStorage>) => {
  const db = new MarqueeDb({ indexedDB: new IDBFactory(), IDBKeyRange })
  opened.push(db)
  return openCartLog(db, storage)
}

describe("storedCartToken", () => {
  it("finds the token the cart log stored for this browser's cart", async () => {
    const storage = memoryStorage()
    const log = await openLog(storage)
    expect(storedCartToken(storage)).toBeNull()
    log.setCartToken("token-7")
    expect(storedCartToken(storage)).toBe("token-7")
  })

  it("reads a forgotten token (renewal under way) as none", async () => {
    const storage = memoryStorage()
    const log = await openLog(storage)
    log.setCartToken("token-7")
    log.setCartToken("")
    expect(storedCartToken(storage)).toBeNull()
  })

  it("is none before any cart exists and when storage is unavailable", () => {
    expect(storedCartToken(memoryStorage())).toBeNull()
    expect(storedCartToken(null)).toBeNull()
  })
})
