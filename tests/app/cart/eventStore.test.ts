import { Dexie } from "dexie"
import { IDBFactory, IDBKeyRange, IDBObjectStore } from "fake-indexeddb"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { MarqueeDb } from "../../../src/app/cart/db.ts"
import { CartStoreError, createCartEventStore } from "../../../src/app/cart/eventStore.ts"

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

const isAdd = (u: unknown): u is Add =>
  typeof u === "object" && u !== null && "_tag" in u && u._tag === "Add" && "eventId" in u && "amount" in u

const opened: Array<{ close(): void }> = []

const openDb = (factory = new IDBFactory()): MarqueeDb => {
  const db = new MarqueeDb({ indexedDB: factory, IDBKeyRange, now: () => 1_700_000_000_000 })
  opened.push(db)
  return db
}

const toyStore = (db: MarqueeDb, overrides: { snapshotEvery?: number; onDecode?: () => void } = {}) => {
  const store = createCartEventStore<Add, Sum>({
    db,
    cartId: "cart-1",
    cartType: "tickets",
    encode: (e) => ({ ...e }),
    decode: (u) => {
      overrides.onDecode?.()
      if (!isAdd(u)) throw new Error("not an Add")
      return u
    },
    apply: (s, e) => ({ total: s.total + e.amount, count: s.count + 1 }),
    initial: { total: 0, count: 0 },
    encodeState: (s) => ({ ...s }),
    decodeState: (u) => u as Sum,
    ...(overrides.snapshotEvery === undefined ? {} : { snapshotEvery: overrides.snapshotEvery }),
  })
  opened.push(store)
  return store
}

/** Two stores of one cart on two connections to one database, as two tabs have them. */
const twoTabs = async () => {
  const factory = new IDBFactory()
  const first = toyStore(openDb(factory))
  const second = toyStore(openDb(factory))
  await first.load()
  await second.load()
  return { first, second }
}

const storedRows = async (db: MarqueeDb) => ({
  events: await db.cartEvents.toArray(),
  snapshots: await db.cartSnapshots.toArray(),
  carts: await db.carts.toArray(),
})

beforeEach(() => {
  // Without a global factory Dexie's liveQuery stays silent; set one so the store follows changes as in a tab.
  Dexie.dependencies.indexedDB = new IDBFactory()
  Dexie.dependencies.IDBKeyRange = IDBKeyRange
})

afterEach(() => {
  for (const it of opened.splice(0).reverse()) it.close()
})

describe("createCartEventStore", () => {
  it("starts from the initial state and folds appends", async () => {
    const store = toyStore(openDb())
    expect(await store.load()).toEqual({ total: 0, count: 0 })
    expect(await store.append([add("a", 5), add("b", 7)])).toEqual({ total: 12, count: 2 })
    expect(store.state()).toEqual({ total: 12, count: 2 })
  })

  it("gives a new store instance the same state after load", async () => {
    const factory = new IDBFactory()
    const first = toyStore(openDb(factory))
    await first.append([add("a", 5)])
    await first.append([add("b", 7), add("c", -2)])

    const second = toyStore(openDb(factory))
    expect(await second.load()).toEqual({ total: 10, count: 3 })
    expect(await second.exportLog()).toEqual([add("a", 5), add("b", 7), add("c", -2)])
  })

  it("moves the projection and notifies listeners only after the commit", async () => {
    const db = openDb()
    const seenWhileWriting: Array<Sum> = []
    const store = createCartEventStore<Add, Sum>({
      db,
      cartId: "cart-1",
      encode: (e) => {
        seenWhileWriting.push(store.state())
        return e
      },
      decode: (u) => u as Add,
      apply: (s, e) => ({ total: s.total + e.amount, count: s.count + 1 }),
      initial: { total: 0, count: 0 },
      encodeState: (s) => s,
      decodeState: (u) => u as Sum,
    })
    opened.push(store)
    const notified: Array<{ state: Sum; stored: Promise<number> }> = []
    store.subscribe((state) => {
      notified.push({ state, stored: db.cartEvents.count() })
    })
    await store.append([add("a", 1), add("b", 2)])
    expect(seenWhileWriting).toEqual([
      { total: 0, count: 0 },
      { total: 0, count: 0 },
    ])
    expect(notified.map((n) => n.state)).toEqual([{ total: 3, count: 2 }])
    // A read started from inside the listener already sees the committed rows.
    expect(await notified[0]?.stored).toBe(2)
  })

  it("writes a snapshot every N events and replays only the events after it", async () => {
    const factory = new IDBFactory()
    const db = openDb(factory)
    const writer = toyStore(db, { snapshotEvery: 10 })
    for (let batch = 0; batch < 5; batch++) {
      await writer.append(Array.from({ length: 5 }, (_, i) => add(`e${batch * 5 + i}`, 1)))
    }
    const { snapshots, carts } = await storedRows(db)
    expect(snapshots).toHaveLength(1) // older snapshots are pruned
    expect(snapshots[0]).toMatchObject({ cartId: "cart-1", eventCount: 20, state: { total: 20, count: 20 } })
    // the cart row is written at the first append and with each snapshot, not on every append
    expect(carts[0]).toMatchObject({ lastSeq: 20, eventCount: 20, cartType: "tickets" })

    let decoded = 0
    const reader = toyStore(openDb(factory), { onDecode: () => decoded++, snapshotEvery: 10 })
    expect(await reader.load()).toEqual({ total: 25, count: 25 })
    expect(decoded).toBe(5)
  })

  it("replays the whole log when the snapshot no longer decodes", async () => {
    const factory = new IDBFactory()
    const writer = toyStore(openDb(factory), { snapshotEvery: 2 })
    await writer.append([add("a", 1), add("b", 2), add("c", 3)])
    const reader = createCartEventStore<Add, Sum>({
      db: openDb(factory),
      cartId: "cart-1",
      encode: (e) => e,
      decode: (u) => u as Add,
      apply: (s, e) => ({ total: s.total + e.amount, count: s.count + 1 }),
      initial: { total: 0, count: 0 },
      encodeState: (s) => s,
      decodeState: () => {
        throw new Error("state schema changed")
      },
    })
    opened.push(reader)
    expect(await reader.load()).toEqual({ total: 6, count: 3 })
  })

  it("counts a duplicated event id once, within a batch and across appends", async () => {
    const db = openDb()
    const store = toyStore(db)
    await store.append([add("a", 5), add("a", 5)])
    const listener = vi.fn()
    store.subscribe(listener)
    expect(await store.append([add("a", 5)])).toEqual({ total: 5, count: 1 })
    expect(listener).not.toHaveBeenCalled()
    expect(await store.append([add("a", 5), add("b", 1)])).toEqual({ total: 6, count: 2 })
    expect(await db.cartEvents.count()).toBe(2)
    expect(await store.exportLog()).toEqual([add("a", 5), add("b", 1)])
  })

  describe("a failed transaction leaves the log and the projection as before", () => {
    const prepare = async () => {
      const db = openDb()
      const store = toyStore(db, { snapshotEvery: 2 })
      await store.append([add("a", 1)])
      return { db, store, before: await storedRows(db), stateBefore: store.state() }
    }

    const expectUnchanged = async ({
      db,
      store,
      before,
      stateBefore,
    }: Awaited<ReturnType<typeof prepare>>) => {
      expect(store.state()).toBe(stateBefore)
      expect(await storedRows(db)).toEqual(before)
      expect(await toyStore(db).load()).toEqual({ total: 1, count: 1 })
    }

    /**
     * Makes IndexedDB's own `add` on the event store misbehave for the rows `when` picks, before it stores them:
     * the append runs in native IndexedDB (src/app/cart/appendTransaction.ts), below Dexie's hooks.
     */
    const onAdd = (
      when: (row: { eventId?: string }) => boolean,
      misbehave: (store: IDBObjectStore) => void,
    ) => {
      const original = IDBObjectStore.prototype.add
      const spy = vi.spyOn(IDBObjectStore.prototype, "add").mockImplementation(function (
        this: IDBObjectStore,
        value: unknown,
        key?: IDBValidKey,
      ) {
        if (this.name === "cartEvents" && when(value as { eventId?: string })) misbehave(this)
        return original.call(this, value, key)
      })
      return () => spy.mockRestore()
    }
    const full = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError")
    }
    afterEach(() => vi.restoreAllMocks())

    it("aborted from inside the transaction", async () => {
      const setup = await prepare()
      const listener = vi.fn()
      setup.store.subscribe(listener)
      // the transaction is aborted as "c" is added: the add itself then fails as inactive
      onAdd(
        (row) => row.eventId === "c",
        (store) => store.transaction.abort(),
      )
      // "b" is written before "c" aborts, and would also complete a snapshot: neither may survive.
      const failure = await setup.store.append([add("b", 2), add("c", 3)]).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(CartStoreError)
      expect(failure).toMatchObject({ reason: "aborted" })
      expect(listener).not.toHaveBeenCalled()
      await expectUnchanged(setup)
    })

    it("QuotaExceededError is reported as quota", async () => {
      const setup = await prepare()
      onAdd(() => true, full)
      const failure = await setup.store.append([add("b", 2)]).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(CartStoreError)
      expect(failure).toMatchObject({ reason: "quota" })
      await expectUnchanged(setup)
    })

    it("an event that cannot be stored", async () => {
      const setup = await prepare()
      const store = createCartEventStore<Add, Sum>({
        db: setup.db,
        cartId: "cart-1",
        encode: (e) => ({ ...e, callback: () => e }),
        decode: (u) => u as Add,
        apply: (s, e) => ({ total: s.total + e.amount, count: s.count + 1 }),
        initial: { total: 0, count: 0 },
        encodeState: (s) => s,
        decodeState: (u) => u as Sum,
      })
      opened.push(store)
      await store.load()
      const stateBefore = store.state()
      const failure = await store.append([add("b", 2)]).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(CartStoreError)
      expect(store.state()).toBe(stateBefore)
      expect(await storedRows(setup.db)).toEqual(setup.before)
    })

    it("a reducer that throws", async () => {
      const setup = await prepare()
      const store = createCartEventStore<Add, Sum>({
        db: setup.db,
        cartId: "cart-1",
        encode: (e) => e,
        decode: (u) => u as Add,
        apply: (s, e) => {
          if (e.amount < 0) throw new RangeError("negative")
          return { total: s.total + e.amount, count: s.count + 1 }
        },
        initial: { total: 0, count: 0 },
        encodeState: (s) => s,
        decodeState: (u) => u as Sum,
      })
      opened.push(store)
      await store.load()
      const failure = await store.append([add("b", 2), add("c", -1)]).catch((e: unknown) => e)
      expect(failure).toMatchObject({ reason: "unknown" })
      expect(store.state()).toEqual({ total: 1, count: 1 })
      expect(await storedRows(setup.db)).toEqual(setup.before)
    })

    it("and the store keeps working afterwards", async () => {
      const setup = await prepare()
      const unhook = onAdd(() => true, full)
      await expect(setup.store.append([add("b", 2)])).rejects.toMatchObject({ reason: "quota" })
      unhook()
      expect(await setup.store.append([add("b", 2)])).toEqual({ total: 3, count: 2 })
    })
  })

  it("rejects with closed after close()", async () => {
    const store = toyStore(openDb())
    await store.load()
    store.close()
    await expect(store.append([add("a", 1)])).rejects.toMatchObject({ reason: "closed" })
  })

  it("rejects with closed when the database is closed", async () => {
    const db = openDb()
    const store = toyStore(db)
    await store.load()
    db.close()
    await expect(store.append([add("a", 1)])).rejects.toMatchObject({ reason: "closed" })
    expect(store.state()).toEqual({ total: 0, count: 0 })
  })

  it("folds another tab's unannounced events before its own, in log order", async () => {
    const db = openDb()
    // An order-sensitive fold: any reordering or double fold changes the digits.
    const ordered = () => {
      const store = createCartEventStore<Add, Sum>({
        db,
        cartId: "cart-1",
        encode: (e) => ({ ...e }),
        decode: (u) => u as Add,
        apply: (s, e) => ({ total: s.total * 10 + e.amount, count: s.count + 1 }),
        initial: { total: 0, count: 0 },
        encodeState: (s) => ({ ...s }),
        decodeState: (u) => u as Sum,
      })
      opened.push(store)
      return store
    }
    const first = ordered()
    const second = ordered()
    await first.load()
    await second.load()
    await first.append([add("a", 1), add("b", 2)])
    // `second` has not heard of a and b yet (the announcement is a later task): its append must fold them first
    expect(await second.append([add("c", 3), add("a", 1)])).toEqual({ total: 123, count: 3 })
    expect(await ordered().load()).toEqual({ total: 123, count: 3 })
    // a retried event whose id another tab already stored is skipped, and the other tab's events still count
    await first.append([add("d", 4)])
    expect(await second.append([add("d", 4), add("e", 5)])).toEqual({ total: 12345, count: 5 })
  })

  it("tells another tab of a burst of appends once, and that tab follows without appending", async () => {
    const { first, second } = await twoTabs()
    const posted = vi.spyOn(BroadcastChannel.prototype, "postMessage")
    const heard = new Promise<Sum>((resolve) =>
      second.subscribe((state) => {
        if (state.count === 3) resolve(state)
      }),
    )
    // the frame's timer on a fake clock (IndexedDB's own tasks stay real): on a loaded machine three appends took
    // longer than a real frame, and the first was told alone
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    try {
      await first.append([add("a", 1)])
      await first.append([add("b", 2)])
      await first.append([add("c", 3)])
      // not yet told: the announcement waits a frame so that a burst of taps is told once
      expect(posted).not.toHaveBeenCalled()
      vi.advanceTimersByTime(16)
      expect(posted).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
    expect(await heard).toEqual({ total: 6, count: 3 })
    expect(posted).toHaveBeenCalledTimes(1)
    posted.mockRestore()
  })

  it("tells the other tabs of its last append when it closes before the frame is out", async () => {
    const { first, second } = await twoTabs()
    const heard = new Promise<Sum>((resolve) => second.subscribe(resolve))
    await first.append([add("a", 5)])
    first.close()
    expect(await heard).toEqual({ total: 5, count: 1 })
  })

  it("keeps carts apart", async () => {
    const db = openDb()
    const one = toyStore(db)
    const other = createCartEventStore<Add, Sum>({
      db,
      cartId: "cart-2",
      encode: (e) => e,
      decode: (u) => u as Add,
      apply: (s, e) => ({ total: s.total + e.amount, count: s.count + 1 }),
      initial: { total: 0, count: 0 },
      encodeState: (s) => s,
      decodeState: (u) => u as Sum,
    })
    opened.push(other)
    await one.append([add("a", 1)])
    await other.append([add("b", 10)])
    expect(await toyStore(db).load()).toEqual({ total: 1, count: 1 })
    expect(await other.exportLog()).toEqual([add("b", 10)])
  })
})
