import { Dexie, liveQuery } from "dexie"
import type { CartEventRow, CartRow, MarqueeDb } from "./db.ts"

/**
 * Why an append or load failed. Whatever the reason, the transaction was rolled back: the stored log and the
 * in-memory projection are both as they were before the call.
 * - `quota`: the browser refused to store more (show it; the user can free space and retry).
 * - `aborted`: the transaction was aborted (a constraint, an explicit abort, a transaction that died).
 * - `closed`: the database or this store is closed (after a `versionchange`, or `close()`).
 * - `unknown`: anything else, e.g. an event that cannot be cloned or a reducer that threw.
 */
export type CartStoreErrorReason = "quota" | "aborted" | "closed" | "unknown"

export class CartStoreError extends Error {
  readonly _tag = "CartStoreError"
  readonly reason: CartStoreErrorReason

  constructor(reason: CartStoreErrorReason, cause: unknown) {
    super(`cart store: ${reason}`, { cause })
    this.name = "CartStoreError"
    this.reason = reason
  }
}

const REASON_BY_NAME: Readonly<Record<string, CartStoreErrorReason>> = {
  QuotaExceededError: "quota",
  DatabaseClosedError: "closed",
  AbortError: "aborted",
  ConstraintError: "aborted",
  TransactionInactiveError: "aborted",
  // A request on a transaction that something else already aborted (fake-indexeddb and some browsers).
  InvalidStateError: "aborted",
  PrematureCommitError: "aborted",
}

/** Dexie wraps the native error (`inner`) and sometimes wraps again; the most specific name wins. */
const reasonOf = (error: unknown): CartStoreErrorReason => {
  const found: Array<CartStoreErrorReason> = []
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const name = "name" in current && typeof current.name === "string" ? current.name : ""
    const reason = REASON_BY_NAME[name]
    if (reason) found.push(reason)
    current = "inner" in current && current.inner ? current.inner : "cause" in current ? current.cause : null
  }
  for (const reason of ["quota", "closed", "aborted"] as const) if (found.includes(reason)) return reason
  return "unknown"
}

const toStoreError = (error: unknown): CartStoreError =>
  error instanceof CartStoreError ? error : new CartStoreError(reasonOf(error), error)

export interface CartEventStoreOptions<E extends { readonly eventId: string }, S> {
  readonly db: MarqueeDb
  readonly cartId: string
  /** Stored on the cart row when this store creates it. */
  readonly cartType?: string
  readonly encode: (event: E) => unknown
  readonly decode: (encoded: unknown) => E
  /** The pure fold step; it must not throw for events that `decode` accepted. */
  readonly apply: (state: S, event: E) => S
  readonly initial: S
  readonly encodeState: (state: S) => unknown
  readonly decodeState: (encoded: unknown) => S
  /** A snapshot is written whenever the cart's event count crosses a multiple of this. Default 100. */
  readonly snapshotEvery?: number
  readonly now?: () => number
}

export interface CartEventStore<E, S> {
  /** Reads the latest snapshot and the events after it, and starts following other tabs. */
  load(): Promise<S>
  /**
   * Appends the events in one transaction, skipping any whose id is already stored, and resolves with the
   * projection after the commit. On failure it rejects with a `CartStoreError` and nothing changed.
   */
  append(events: ReadonlyArray<E>): Promise<S>
  /** The projection as of the last commit this store has seen. */
  state(): S
  /** Called after every change of the projection: local appends, other tabs' appends, loads. */
  subscribe(listener: (state: S) => void): () => void
  /** Every encoded event of the cart, in order: the support artefact that `npm run replay` reads. */
  exportLog(): Promise<ReadonlyArray<unknown>>
  /** Stops following other tabs and drops listeners; the database stays open for others. */
  close(): void
}

interface Projection<S> {
  readonly state: S
  /** `seq` of the last event folded into `state`; 0 for none. */
  readonly lastSeq: number
}

/**
 * The cart log on Dexie. The projection lives in memory and moves only after the transaction that wrote the
 * events has committed (actual's `applyMessages` does the same for the same reason: a projection ahead of
 * its log would show the user a cart that a reload takes away).
 *
 * Every read-modify step (load, append, catching up with another tab) runs through one queue, and each
 * continues from `lastSeq`, so an event is folded exactly once whatever order the tabs' writes and the
 * change notifications arrive in.
 */
export const createCartEventStore = <E extends { readonly eventId: string }, S>(
  options: CartEventStoreOptions<E, S>,
): CartEventStore<E, S> => {
  const { db, cartId, encode, decode, apply, initial, encodeState, decodeState } = options
  const snapshotEvery = Math.max(1, Math.floor(options.snapshotEvery ?? 100))
  const now = options.now ?? Date.now
  const tables = [db.cartEvents, db.cartSnapshots, db.carts]

  let projection: Projection<S> = { state: initial, lastSeq: 0 }
  let loaded = false
  let closed = false
  let queue: Promise<unknown> = Promise.resolve()
  let following: { unsubscribe(): void } | undefined
  const listeners = new Set<(state: S) => void>()

  const serialize = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(() => {
      if (closed) throw new CartStoreError("closed", new Error(`store for cart ${cartId} is closed`))
      return task()
    })
    queue = run.catch(() => undefined)
    return run
  }

  const publish = (next: Projection<S>): void => {
    const changed = next.lastSeq !== projection.lastSeq || next.state !== projection.state
    projection = next
    if (!changed || closed) return
    for (const listener of [...listeners]) listener(next.state)
  }

  const eventsAfter = (seq: number): Promise<Array<CartEventRow>> =>
    db.cartEvents.where("[cartId+seq]").between([cartId, seq], [cartId, Dexie.maxKey], false, true).toArray()

  const fold = (from: Projection<S>, rows: ReadonlyArray<CartEventRow>): Projection<S> => {
    let { state, lastSeq } = from
    for (const row of rows) {
      if (row.seq <= lastSeq) continue
      state = apply(state, decode(row.event))
      lastSeq = row.seq
    }
    return { state, lastSeq }
  }

  /**
   * Latest snapshot + the events after it. A snapshot that no longer decodes is ignored: it is a cache.
   * Runs inside whatever transaction the caller opened.
   */
  const replay = async (): Promise<Projection<S>> => {
    const snapshot = await db.cartSnapshots
      .where("[cartId+seq]")
      .between([cartId, Dexie.minKey], [cartId, Dexie.maxKey])
      .last()
    let base: Projection<S> = { state: initial, lastSeq: 0 }
    if (snapshot) {
      try {
        base = { state: decodeState(snapshot.state), lastSeq: snapshot.seq }
      } catch {
        base = { state: initial, lastSeq: 0 }
      }
    }
    return fold(base, await eventsAfter(base.lastSeq))
  }

  /** Brings `from` up to the stored log: folds what other connections appended, re-reads a cart that shrank. */
  const upToDate = async (from: Projection<S>, knownSeq?: number): Promise<Projection<S>> => {
    const storedSeq = knownSeq ?? (await db.carts.get(cartId))?.lastSeq ?? 0
    if (storedSeq === from.lastSeq) return from
    if (storedSeq < from.lastSeq) return replay()
    return fold(from, await eventsAfter(from.lastSeq))
  }

  const readFromStart = (): Promise<Projection<S>> => db.transaction("r", tables, replay)

  const catchUp = async (): Promise<void> => {
    const from = projection
    publish(await db.transaction("r", tables, () => upToDate(from)))
  }

  /**
   * Other tabs: each commit is announced on a BroadcastChannel with the cart's new last seq, and a store that is
   * behind catches up from the database. Cheaper than a liveQuery, which re-reads after every commit, our own
   * included (the cart-log benchmark measured that read competing with the next append). Where
   * BroadcastChannel is missing, liveQuery does the same job.
   */
  const channel =
    typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(`marquee-cart:${db.name}`)

  // Node (tests, tools) keeps a process alive while a channel is open; a browser has no such notion
  ;(channel as { unref?: () => void } | undefined)?.unref?.()

  const announce = (lastSeq: number): void => {
    try {
      channel?.postMessage({ cartId, lastSeq })
    } catch {
      // a closed channel: this store is closing, nobody needs the news from it
    }
  }

  const onAnnouncement = (lastSeq: number): void => {
    if (lastSeq === projection.lastSeq) return
    serialize(catchUp).catch(() => undefined) // the next announcement or append retries
  }

  const follow = (): void => {
    if (following || closed) return
    if (channel !== undefined) {
      const listener = (message: MessageEvent<{ cartId?: unknown; lastSeq?: unknown }>) => {
        if (message.data.cartId === cartId && typeof message.data.lastSeq === "number")
          onAnnouncement(message.data.lastSeq)
      }
      channel.addEventListener("message", listener)
      following = { unsubscribe: () => channel.removeEventListener("message", listener) }
      return
    }
    following = liveQuery(() => db.carts.get(cartId)).subscribe({
      next: (cart: CartRow | undefined) => onAnnouncement(cart?.lastSeq ?? 0),
      // A closed database ends the subscription; the reload prompt takes over from here.
      error: () => undefined,
    })
  }

  const ensureLoaded = async (): Promise<void> => {
    if (loaded) return
    publish(await readFromStart())
    loaded = true
    follow()
  }

  const load = (): Promise<S> =>
    serialize(async () => {
      loaded = false
      await ensureLoaded()
      return projection.state
    }).catch((error: unknown) => Promise.reject(toStoreError(error)))

  const append = (events: ReadonlyArray<E>): Promise<S> =>
    serialize(async () => {
      await ensureLoaded()
      if (events.length === 0) return projection.state
      const from = projection
      const next = await db.transaction("rw", tables, async () => {
        // Another tab may have appended since our last notification: fold its events first, inside this
        // transaction, so the snapshot and the projection include them.
        // The cart row and the event-id check are independent reads: issue both at once (one wait, not two).
        const ids = events.map((event) => event.eventId)
        const [cart, storedIds] = await Promise.all([
          db.carts.get(cartId),
          db.cartEvents.where("eventId").anyOf(ids).keys(),
        ])
        let current = await upToDate(from, cart?.lastSeq ?? 0)
        const stored = new Set(storedIds)
        let eventCount = cart?.eventCount ?? 0
        let lastSnapshotBucket = Math.floor(eventCount / snapshotEvery)
        let snapshotDue = false
        let appended = 0
        for (const event of events) {
          if (stored.has(event.eventId)) continue
          stored.add(event.eventId)
          appended += 1
          const seq = await db.cartEvents.add({ cartId, eventId: event.eventId, event: encode(event) })
          current = { state: apply(current.state, event), lastSeq: seq }
          eventCount += 1
          const bucket = Math.floor(eventCount / snapshotEvery)
          if (bucket > lastSnapshotBucket) {
            lastSnapshotBucket = bucket
            snapshotDue = true
          }
        }
        if (appended === 0) return current
        if (snapshotDue) {
          await db.cartSnapshots.put({
            cartId,
            seq: current.lastSeq,
            eventCount,
            state: encodeState(current.state),
          })
          // Older snapshots are superseded; keep the table to one row per cart.
          await db.cartSnapshots
            .where("[cartId+seq]")
            .between([cartId, Dexie.minKey], [cartId, current.lastSeq], true, false)
            .delete()
        }
        const at = now()
        await db.carts.put({
          cartId,
          cartType: cart?.cartType ?? options.cartType ?? "unknown",
          createdAt: cart?.createdAt ?? at,
          updatedAt: at,
          lastSeq: current.lastSeq,
          eventCount,
        })
        return current
      })
      // Committed: only now may the projection move, and other tabs hear of it.
      publish(next)
      announce(next.lastSeq)
      return next.state
    }).catch((error: unknown) => Promise.reject(toStoreError(error)))

  const exportLog = async (): Promise<ReadonlyArray<unknown>> => {
    try {
      return (await eventsAfter(0)).map((row) => row.event)
    } catch (error) {
      throw toStoreError(error)
    }
  }

  return {
    load,
    append,
    state: () => projection.state,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    exportLog,
    close: () => {
      closed = true
      following?.unsubscribe()
      following = undefined
      channel?.close()
      listeners.clear()
    },
  }
}
