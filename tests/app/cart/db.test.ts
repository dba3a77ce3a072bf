import { Dexie } from "dexie"
import { IDBFactory, IDBKeyRange } from "fake-indexeddb"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { MARQUEE_DB_NAME, MarqueeDb, SCHEMA_V1, SCHEMA_V2 } from "../../../src/app/cart/db.ts"
import { createCartEventStore } from "../../../src/app/cart/eventStore.ts"

interface Add {
  readonly _tag: "Add"
  readonly eventId: string
  readonly amount: number
}
interface Sum {
  readonly total: number
  readonly count: number
}

const add = (eventId: string, amount: number): Add => ({ _tag: "Add", eventId, amount })
const NOW = 1_700_000_000_000

const opened: Array<{ close(): void }> = []
let factory: IDBFactory

const openDb = (): MarqueeDb => {
  const db = new MarqueeDb({ indexedDB: factory, IDBKeyRange, now: () => NOW })
  opened.push(db)
  return db
}

const rawDexie = (): Dexie => {
  const db = new Dexie(MARQUEE_DB_NAME, { indexedDB: factory, IDBKeyRange })
  opened.push(db)
  return db
}

const toyStore = (db: MarqueeDb, cartId = "cart-1") => {
  const store = createCartEventStore<Add, Sum>({
    db,
    cartId,
    encode: (e) => e,
    decode: (u) => u as Add,
    apply: (s, e) => ({ total: s.total + e.amount, count: s.count + 1 }),
    initial: { total: 0, count: 0 },
    encodeState: (s) => s,
    decodeState: (u) => u as Sum,
    snapshotEvery: 3,
  })
  opened.push(store)
  return store
}

beforeEach(() => {
  // liveQuery (how a store hears other connections) does nothing unless Dexie's global dependency is set,
  // which a browser always has and Node has only with fake-indexeddb/auto; each test's factory is fresh.
  factory = new IDBFactory()
  Dexie.dependencies.indexedDB = factory
  Dexie.dependencies.IDBKeyRange = IDBKeyRange
  // Dexie warns on the console when it closes for another connection's upgrade; that is the case under test.
  vi.spyOn(console, "warn").mockImplementation(() => undefined)
})

afterEach(() => {
  for (const it of opened.splice(0).reverse()) it.close()
  vi.restoreAllMocks()
})

describe("MarqueeDb", () => {
  it("creates the current schema on a fresh database", async () => {
    const db = openDb()
    await db.open()
    expect(db.verno).toBe(2)
    expect(db.tables.map((t) => t.name).sort()).toEqual(["cartEvents", "cartSnapshots", "carts"])
    expect(db.cartEvents.schema.idxByName.eventId?.unique).toBe(true)
  })

  it("upgrades a version 1 database and keeps its data", async () => {
    const v1 = rawDexie()
    v1.version(1).stores(SCHEMA_V1)
    await v1.table("carts").add({ cartId: "cart-1", cartType: "tickets", createdAt: 1, updatedAt: 2 })
    await v1.table("cartEvents").bulkAdd([
      { cartId: "cart-1", event: add("a", 5) }, // seq 1
      { cartId: "cart-1", event: add("b", 7) }, // seq 2
      { cartId: "cart-1", event: add("a", 5) }, // seq 3: a retry that version 1 doubled
      { cartId: "cart-2", event: { _tag: "Add", amount: 1 } }, // seq 4: no id, and no cart row
      { cartId: "cart-1", event: add("c", 1) }, // seq 5
    ])
    v1.close()

    const db = openDb()
    await db.open()
    expect(db.verno).toBe(2)
    expect(await db.cartEvents.toArray()).toEqual([
      { seq: 1, cartId: "cart-1", eventId: "a", event: add("a", 5) },
      { seq: 2, cartId: "cart-1", eventId: "b", event: add("b", 7) },
      { seq: 4, cartId: "cart-2", eventId: "v1-4", event: { _tag: "Add", amount: 1 } },
      { seq: 5, cartId: "cart-1", eventId: "c", event: add("c", 1) },
    ])
    expect(await db.carts.toArray()).toEqual([
      { cartId: "cart-1", cartType: "tickets", createdAt: 1, updatedAt: 2, lastSeq: 5, eventCount: 3 },
      { cartId: "cart-2", cartType: "unknown", createdAt: NOW, updatedAt: NOW, lastSeq: 4, eventCount: 1 },
    ])

    const store = toyStore(db)
    expect(await store.load()).toEqual({ total: 13, count: 3 })
    // The new unique index makes a retry of an upgraded event a no-op, and new events follow the old ones.
    expect(await store.append([add("a", 5), add("d", 2)])).toEqual({ total: 15, count: 4 })
    expect(await store.exportLog()).toEqual([add("a", 5), add("b", 7), add("c", 1), add("d", 2)])
    // The event count carried over from version 1 (3) decides when the next snapshot is due: at 6.
    expect(await db.cartSnapshots.count()).toBe(0)
    await store.append([add("e", 1), add("f", 1)])
    expect(await db.cartSnapshots.toArray()).toEqual([
      { cartId: "cart-1", seq: 8, eventCount: 6, state: { total: 17, count: 6 } },
    ])
  })

  it("asks for a reload when another connection opens a newer version", async () => {
    const db = openDb()
    const store = toyStore(db)
    await store.append([add("a", 5)])
    const listener = vi.fn()
    db.onReloadNeeded(listener)
    expect(db.reloadNeeded()).toBeNull()

    const newer = rawDexie()
    newer.version(3).stores(SCHEMA_V2)
    await newer.open() // not blocked: the old connection closed itself

    expect(listener).toHaveBeenCalledExactlyOnceWith("versionchange")
    expect(db.reloadNeeded()).toBe("versionchange")
    expect(db.isOpen()).toBe(false)
    // The old tab's store refuses to write rather than reopening an outdated schema.
    await expect(store.append([add("b", 1)])).rejects.toMatchObject({ reason: "closed" })
    expect(store.state()).toEqual({ total: 5, count: 1 })
    expect(await newer.table("cartEvents").count()).toBe(1)
  })

  it("asks for a reload while an older connection blocks the upgrade", async () => {
    // An old tab at version 1 that ignores versionchange (native version = Dexie version × 10).
    const old = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(MARQUEE_DB_NAME, 10)
      request.onupgradeneeded = () => {
        const events = request.result.createObjectStore("cartEvents", { keyPath: "seq", autoIncrement: true })
        events.createIndex("cartId", "cartId")
        request.result.createObjectStore("carts", { keyPath: "cartId" })
      }
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })

    const db = openDb()
    const reasons: Array<string | null> = []
    db.onReloadNeeded((reason) => reasons.push(reason))
    const opening = db.open()
    await vi.waitFor(() => expect(db.reloadNeeded()).toBe("blocked"))

    old.close()
    await opening
    expect(db.verno).toBe(2)
    expect(reasons).toEqual(["blocked", null])
    expect(db.reloadNeeded()).toBeNull()
  })
})

describe("two connections on the same cart", () => {
  const twoTabs = async () => {
    const left = toyStore(openDb())
    const right = toyStore(openDb())
    await Promise.all([left.load(), right.load()])
    return { left, right }
  }

  it("see each other's appends", async () => {
    const { left, right } = await twoTabs()
    const heard = vi.fn()
    right.subscribe(heard)

    await left.append([add("a", 5)])
    await vi.waitFor(() => expect(right.state()).toEqual({ total: 5, count: 1 }), { timeout: 2000 })
    expect(heard).toHaveBeenLastCalledWith({ total: 5, count: 1 })

    await right.append([add("b", 7)])
    await vi.waitFor(() => expect(left.state()).toEqual({ total: 12, count: 2 }), { timeout: 2000 })
  })

  it("fold an append made just before their own exactly once", async () => {
    const { left, right } = await twoTabs()
    await left.append([add("a", 5)])
    // Right appends before (or while) its change notification arrives: it folds "a" inside its own
    // transaction, and the late notification must not fold it again.
    expect(await right.append([add("b", 7), add("a", 5)])).toEqual({ total: 12, count: 2 })
    await vi.waitFor(() => expect(left.state()).toEqual({ total: 12, count: 2 }), { timeout: 2000 })
    // Notifications arrive in order: once right has folded a later append of left's, the late notice of
    // "a" has been handled too. Had it folded "a" twice, right would now count 5 more than left.
    await left.append([add("c", 1)])
    await vi.waitFor(() => expect(right.state().count).toBe(3), { timeout: 2000 })
    expect(right.state()).toEqual({ total: 13, count: 3 })
    expect(left.state()).toEqual({ total: 13, count: 3 })
  })

  it("converge after interleaved appends from both", async () => {
    const { left, right } = await twoTabs()
    const appends: Array<Promise<Sum>> = []
    for (let i = 0; i < 10; i++) {
      appends.push(left.append([add(`l${i}`, 1)]))
      appends.push(right.append([add(`r${i}`, 10), add(`shared${i % 3}`, 100)]))
    }
    await Promise.all(appends)
    const expected = { total: 10 + 100 + 300, count: 23 }
    await vi.waitFor(
      () => {
        expect(left.state()).toEqual(expected)
        expect(right.state()).toEqual(expected)
      },
      { timeout: 2000 },
    )
    expect(await left.exportLog()).toEqual(await right.exportLog())
  })
})
