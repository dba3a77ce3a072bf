import type { CartEventRow, CartRow, CartSnapshotRow, MarqueeDb } from "./db.ts"

/**
 * The cart log's append transaction in IndexedDB itself, under the Dexie connection (`backendDB()`): the same
 * requests Dexie would make, without its promise zone around each one. An append is the cart's hot path (every
 * tap on a seat writes one) and the cart-log benchmark measured Dexie's transaction at about 2.9 × raw
 * IndexedDB doing the same requests (issue 13 asks for at most 1.2 ×). Reads, loads and upgrades stay on Dexie.
 *
 * The stores, indexes and key paths are the ones `db.ts` declares in Dexie's notation: `cartEvents` (key `seq`,
 * auto-incremented; unique index `eventId`; index `[cartId+seq]`), `cartSnapshots` (key `[cartId, seq]`) and
 * `carts` (key `cartId`). Requests are awaited as promises: their continuations run as microtasks inside the
 * success event, while the transaction is still active, so the body may issue further requests after an await.
 */
export interface AppendTransaction {
  /** Adds the event row and answers its seq; undefined when its `eventId` is stored already (nothing aborts). */
  addUnlessStored(row: Omit<CartEventRow, "seq">): Promise<number | undefined>
  /** The cart's events with `after < seq < before` (no `before`: every one after `after`), in seq order. */
  eventsBetween(cartId: string, after: number, before?: number): Promise<Array<CartEventRow>>
  /** Writes the snapshot and deletes the cart's older ones (one row per cart). */
  replaceSnapshot(row: CartSnapshotRow): void
  getCart(cartId: string): Promise<CartRow | undefined>
  /** Written without waiting: the transaction commits after every request it issued. */
  putCart(row: CartRow): void
}

/** Dexie's name for a closed connection, so the store reports it as `closed` like Dexie's own calls do. */
const closedError = () =>
  Object.assign(new Error("the database connection is closed"), { name: "DatabaseClosedError" })

const answer = <T>(request: IDBRequest): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T)
    request.onerror = () => reject(request.error)
  })

const STORES = ["cartEvents", "cartSnapshots", "carts"]

/**
 * Runs `body` in one readwrite transaction over the cart stores and resolves with its answer once the
 * transaction has committed. If `body` throws, or a request fails, the transaction is aborted and the promise
 * rejects with that error (or the transaction's own, e.g. `QuotaExceededError`): nothing was written.
 */
export const runAppendTransaction = async <T>(
  db: MarqueeDb,
  body: (tx: AppendTransaction) => Promise<T>,
): Promise<T> => {
  if (!db.isOpen()) throw closedError()
  const keyRange = db.keyRange
  let tx: IDBTransaction
  try {
    tx = db.backendDB().transaction(STORES, "readwrite")
  } catch (error) {
    // InvalidStateError: the connection is closing (another tab's upgrade); anything else is passed on
    throw error instanceof DOMException && error.name === "InvalidStateError" ? closedError() : error
  }
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onabort = () =>
      reject(tx.error ?? Object.assign(new Error("transaction aborted"), { name: "AbortError" }))
  })
  const events = tx.objectStore("cartEvents")
  const snapshots = tx.objectStore("cartSnapshots")
  const carts = tx.objectStore("carts")

  const api: AppendTransaction = {
    addUnlessStored: (row) =>
      new Promise((resolve, reject) => {
        const request = events.add(row)
        request.onsuccess = () => resolve(request.result as number)
        request.onerror = (event) => {
          if (request.error?.name !== "ConstraintError") return reject(request.error)
          // a retried event: refused by the unique index; keep the refusal from aborting the transaction
          event.preventDefault()
          event.stopPropagation()
          resolve(undefined)
        }
      }),
    eventsBetween: (cartId, after, before) =>
      // an array sorts after every number, so [cartId, []] bounds the cart's keys from above (Dexie's maxKey)
      answer(
        events
          .index("[cartId+seq]")
          .getAll(keyRange.bound([cartId, after], [cartId, before ?? []], true, true)),
      ),
    replaceSnapshot: (row) => {
      snapshots.put(row)
      snapshots.delete(keyRange.bound([row.cartId, -Infinity], [row.cartId, row.seq], false, true))
    },
    getCart: (cartId) => answer<CartRow | undefined>(carts.get(cartId)),
    putCart: (row) => {
      carts.put(row)
    },
  }

  let result: T
  try {
    result = await body(api)
  } catch (error) {
    try {
      tx.abort()
    } catch {
      // already finished or aborted: the error below is what the caller needs
    }
    await committed.catch(() => undefined)
    throw error
  }
  await committed
  return result
}
