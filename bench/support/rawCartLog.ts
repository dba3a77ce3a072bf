/**
 * The cart log in plain IndexedDB, the baselines of bench/cart-log.ts (see bench/support/cartLogMeasure.ts): the
 * same encoded rows and keys as the app's Dexie store, written and replayed without Dexie.
 */
import type { CartEvent } from "../../src/domain/cart/events.ts"
import { apply } from "../../src/domain/cart/fold.ts"
import { encodeCartEvent } from "../../src/domain/cart/migrate.ts"
import { type Cart, initialCart } from "../../src/domain/cart/state.ts"
import { cartEvents, decode, SEED_BATCH, SNAPSHOT_EVERY } from "./cartLogEvents.ts"

export const RAW_DB_NAME = "marquee-bench-raw"

interface RawEventRow {
  readonly seq?: number
  readonly cartId: string
  readonly eventId: string
  readonly event: unknown
}

interface RawSnapshotRow {
  readonly cartId: string
  readonly seq: number
  readonly eventCount: number
  readonly state: unknown
}

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })

const committed = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error ?? new Error("transaction aborted"))
  })

/** The app's schema (db.ts, version 2) as plain IndexedDB, under another name. */
export const openRawDb = (factory: IDBFactory): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const open = factory.open(RAW_DB_NAME, 1)
    open.onupgradeneeded = () => {
      const db = open.result
      const events = db.createObjectStore("cartEvents", { keyPath: "seq", autoIncrement: true })
      events.createIndex("eventId", "eventId", { unique: true })
      events.createIndex("[cartId+seq]", ["cartId", "seq"])
      db.createObjectStore("cartSnapshots", { keyPath: ["cartId", "seq"] })
      db.createObjectStore("carts", { keyPath: "cartId" })
    }
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
    open.onblocked = () => reject(new Error(`${RAW_DB_NAME} is blocked`))
  })

export const deleteDatabase = (factory: IDBFactory, name: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const deletion = factory.deleteDatabase(name)
    deletion.onsuccess = () => resolve()
    deletion.onerror = () => reject(deletion.error)
  })

/** The baseline write: one event row, one readwrite transaction, resolved on commit. */
export const rawAppend = async (db: IDBDatabase, cartId: string, event: CartEvent): Promise<void> => {
  const tx = db.transaction("cartEvents", "readwrite")
  const done = committed(tx)
  tx.objectStore("cartEvents").add({ cartId, eventId: event.eventId, event: encodeCartEvent(event) })
  await done
}

export interface RawCart {
  readonly cartId: string
  state: Cart
  eventCount: number
  lastSeq: number
}

/**
 * What the store's append transaction does, in raw IndexedDB: add the event (a duplicate id is refused by the
 * unique index, and the refusal is kept from aborting the transaction), read this cart's rows between the last
 * known seq and the new one only when the key generator skipped, fold, and every 100 events write the snapshot
 * and the cart row.
 */
export const rawSameWorkAppend = async (
  db: IDBDatabase,
  range: typeof IDBKeyRange,
  cart: RawCart,
  event: CartEvent,
): Promise<void> => {
  const tx = db.transaction(["cartEvents", "cartSnapshots", "carts"], "readwrite")
  const done = committed(tx)
  const events = tx.objectStore("cartEvents")
  const adding = events.add({ cartId: cart.cartId, eventId: event.eventId, event: encodeCartEvent(event) })
  adding.addEventListener("error", (failure) => failure.preventDefault())
  const seq = (await request(adding).catch(() => undefined)) as number | undefined
  if (seq === undefined) {
    await done
    return
  }
  let state = cart.state
  let eventCount = cart.eventCount
  if (seq !== cart.lastSeq + 1) {
    const between = range.bound([cart.cartId, cart.lastSeq], [cart.cartId, seq], true, true)
    const rows = (await request(events.index("[cartId+seq]").getAll(between))) as Array<{ event: unknown }>
    for (const row of rows) state = apply(state, decode(row.event))
    eventCount += rows.length
  }
  state = apply(state, event)
  eventCount += 1
  if (eventCount % SNAPSHOT_EVERY === 0) {
    const snapshots = tx.objectStore("cartSnapshots")
    snapshots.put({ cartId: cart.cartId, seq, eventCount, state })
    snapshots.delete(range.bound([cart.cartId, -Infinity], [cart.cartId, seq], false, true))
    const at = Date.now()
    tx.objectStore("carts").put({
      cartId: cart.cartId,
      cartType: "unknown",
      createdAt: at,
      updatedAt: at,
      lastSeq: seq,
      eventCount,
    })
  }
  await done
  cart.state = state
  cart.eventCount = eventCount
  cart.lastSeq = seq
}

/** A cart of `size` events in the raw database, with the latest snapshot the app's store wrote for its copy. */
export const seedRawCart = async (
  db: IDBDatabase,
  prefix: string,
  size: number,
  snapshot: { readonly eventCount: number; readonly state: unknown } | null,
): Promise<string> => {
  const cartId = `raw-${prefix}`
  const seqs: Array<number> = []
  for (let from = 0; from < size; from += SEED_BATCH) {
    const tx = db.transaction("cartEvents", "readwrite")
    const done = committed(tx)
    const events = tx.objectStore("cartEvents")
    const added = cartEvents(prefix, from, Math.min(SEED_BATCH, size - from)).map((event) =>
      events.add({ cartId, eventId: event.eventId, event: encodeCartEvent(event) }),
    )
    await done
    for (const req of added) seqs.push(req.result as number)
  }
  const seq = snapshot === null ? undefined : seqs[snapshot.eventCount - 1]
  if (snapshot !== null && seq !== undefined) {
    const tx = db.transaction("cartSnapshots", "readwrite")
    const done = committed(tx)
    tx.objectStore("cartSnapshots").put({
      cartId,
      seq,
      eventCount: snapshot.eventCount,
      state: snapshot.state,
    })
    await done
  }
  return cartId
}

/** Raw replay: the latest snapshot of the cart, then its later events, decoded and folded. */
export const rawReplay = async (
  db: IDBDatabase,
  range: typeof IDBKeyRange,
  cartId: string,
): Promise<Cart> => {
  const tx = db.transaction(["cartEvents", "cartSnapshots"], "readonly")
  const done = committed(tx)
  const cursor = await request(
    tx.objectStore("cartSnapshots").openCursor(range.bound([cartId, -Infinity], [cartId, Infinity]), "prev"),
  )
  const snapshot = cursor?.value as RawSnapshotRow | undefined
  let state = snapshot === undefined ? initialCart : (snapshot.state as Cart)
  const rows = (await request(
    tx
      .objectStore("cartEvents")
      .index("[cartId+seq]")
      .getAll(range.bound([cartId, snapshot?.seq ?? 0], [cartId, Infinity], true, false)),
  )) as ReadonlyArray<RawEventRow>
  for (const row of rows) state = apply(state, decode(row.event))
  await done
  return state
}
