import { Dexie, liveQuery } from "dexie"
import { runAppendTransaction } from "./appendTransaction.ts"
import type { CartEventRow, MarqueeDb } from "./db.ts"

/**
 * Why an append or load failed. Whatever the reason, the transaction was rolled back: the stored log and the
 * in-memory projection are both as they were before the call.
 * - `quota`: the browser refused to store more (show it; the user can free space and retry).
 * - `aborted`: the transaction was aborted (a constraint, an explicit abort, a transaction that died).
 * - `closed`: the database or this store is closed (after a `versionchange`, or `close()`).
 * - `unknown`: anything else, e.g. an event that cannot be cloned or a reducer that threw.
 */
/** How long a store waits to tell other tabs of its appends (one frame), so that a burst is told once. */
const ANNOUNCE_AFTER_MS = 16

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
  /** events of this cart folded into `state` (snapshots are written when it crosses a multiple of N) */
  readonly eventCount: number
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

  const empty: Projection<S> = { state: initial, lastSeq: 0, eventCount: 0 }
  let projection = empty
  /** whether this cart's row exists (it is written once, then with each snapshot) */
  let cartRowWritten = false
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

  /** This cart's events with `after < seq < before`: what other tabs appended ahead of our first new event. */
  const eventsBetween = (after: number, before: number | undefined): Promise<Array<CartEventRow>> =>
    before === undefined
      ? eventsAfter(after)
      : db.cartEvents.where("[cartId+seq]").between([cartId, after], [cartId, before], false, false).toArray()

  const fold = (from: Projection<S>, rows: ReadonlyArray<CartEventRow>): Projection<S> => {
    let { state, lastSeq, eventCount } = from
    for (const row of rows) {
      if (row.seq <= lastSeq) continue
      state = apply(state, decode(row.event))
      lastSeq = row.seq
      eventCount += 1
    }
    return { state, lastSeq, eventCount }
  }

  /**
   * Latest snapshot + the events after it. A snapshot that no longer decodes is ignored: it is a cache.
   * Runs inside whatever transaction the caller opened. `before`: stop short of this seq (our own new event).
   */
  const replay = async (before?: number): Promise<Projection<S>> => {
    const snapshot = await db.cartSnapshots
      .where("[cartId+seq]")
      .between([cartId, Dexie.minKey], [cartId, Dexie.maxKey])
      .last()
    let base = empty
    if (snapshot) {
      try {
        base = { state: decodeState(snapshot.state), lastSeq: snapshot.seq, eventCount: snapshot.eventCount }
      } catch {
        base = empty
      }
    }
    return fold(base, await eventsBetween(base.lastSeq, before))
  }

  /**
   * Brings `from` up to the stored log: folds what other connections appended. Events are never deleted (only the
   * whole database is, and that closes this connection), so what is new is exactly what lies after `lastSeq`.
   */
  const upToDate = async (from: Projection<S>): Promise<Projection<S>> =>
    fold(from, await eventsAfter(from.lastSeq))

  const readFromStart = (): Promise<Projection<S>> =>
    db.transaction("r", tables, async () => {
      const [found, cart] = await Promise.all([replay(), db.carts.get(cartId)])
      cartRowWritten = cart !== undefined
      return found
    })

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

  /**
   * Announcements leave the append's path and are coalesced per frame: posting on a BroadcastChannel crosses to
   * the browser process, and in the cart-log benchmark it cost about 0.07 ms of a 0.5 ms append (issue 13's
   * goal is 1.2 × raw IndexedDB doing the same requests). Another tab hears of a burst of taps once, at most a
   * frame later; an append it makes meanwhile folds our events in first anyway (`eventsBetween`).
   */
  let pendingAnnouncement: { timer: ReturnType<typeof setTimeout>; lastSeq: number } | undefined
  const announceSoon = (lastSeq: number): void => {
    if (pendingAnnouncement !== undefined) {
      pendingAnnouncement.lastSeq = lastSeq
      return
    }
    const timer = setTimeout(() => {
      const seq = pendingAnnouncement?.lastSeq ?? lastSeq
      pendingAnnouncement = undefined
      announce(seq)
    }, ANNOUNCE_AFTER_MS)
    pendingAnnouncement = { timer, lastSeq }
  }
  const flushAnnouncement = (): void => {
    if (pendingAnnouncement === undefined) return
    clearTimeout(pendingAnnouncement.timer)
    const { lastSeq } = pendingAnnouncement
    pendingAnnouncement = undefined
    announce(lastSeq)
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
    const lastEvent = () =>
      db.cartEvents.where("[cartId+seq]").between([cartId, Dexie.minKey], [cartId, Dexie.maxKey]).last()
    following = liveQuery(lastEvent).subscribe({
      next: (row: CartEventRow | undefined) => onAnnouncement(row?.seq ?? 0),
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
      let rowWritten = false
      // native IndexedDB under the Dexie connection: the hot path, at raw speed (appendTransaction.ts)
      const next = await runAppendTransaction(db, async (tx) => {
        // One request per event in the common case. A duplicate event id (a retried command) is refused by the
        // unique index instead of being looked up first. Other tabs' events of this cart that we have not heard
        // of yet would sit between our last seq and the new one: the key generator counts up by one per row, so
        // only a gap needs a read (another tab, another cart), and those events are folded before ours.
        let current = from
        let lastSnapshotBucket = Math.floor(from.eventCount / snapshotEvery)
        let snapshotDue = false
        const seen = new Set<string>()
        for (const event of events) {
          if (seen.has(event.eventId)) continue
          seen.add(event.eventId)
          const seq = await tx.addUnlessStored({ cartId, eventId: event.eventId, event: encode(event) })
          if (seq === undefined) continue
          if (seq !== current.lastSeq + 1)
            current = fold(current, await tx.eventsBetween(cartId, current.lastSeq, seq))
          current = { state: apply(current.state, event), lastSeq: seq, eventCount: current.eventCount + 1 }
          const bucket = Math.floor(current.eventCount / snapshotEvery)
          if (bucket > lastSnapshotBucket) {
            lastSnapshotBucket = bucket
            snapshotDue = true
          }
        }
        // Nothing new of ours (all duplicates): still bring in what the other tab stored with them.
        if (current === from) return fold(from, await tx.eventsBetween(cartId, from.lastSeq))
        // Older snapshots are superseded: the table keeps one row per cart.
        if (snapshotDue)
          tx.replaceSnapshot({
            cartId,
            seq: current.lastSeq,
            eventCount: current.eventCount,
            state: encodeState(current.state),
          })
        rowWritten = snapshotDue || !cartRowWritten
        if (rowWritten) {
          // The cart's row: written when the cart starts and refreshed with each snapshot (its lastSeq and
          // eventCount are as of then: the log itself is the truth).
          const at = now()
          const existing = cartRowWritten ? await tx.getCart(cartId) : undefined
          tx.putCart({
            cartId,
            cartType: existing?.cartType ?? options.cartType ?? "unknown",
            createdAt: existing?.createdAt ?? at,
            updatedAt: at,
            lastSeq: current.lastSeq,
            eventCount: current.eventCount,
          })
        }
        return current
      })
      if (rowWritten) cartRowWritten = true
      // Committed: only now may the projection move, and other tabs hear of it (within a frame).
      publish(next)
      announceSoon(next.lastSeq)
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
      // what we committed last is still news for the other tabs
      flushAnnouncement()
      closed = true
      following?.unsubscribe()
      following = undefined
      channel?.close()
      listeners.clear()
    },
  }
}
