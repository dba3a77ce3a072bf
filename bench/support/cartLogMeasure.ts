/**
 * The cart-log measurements, shared by both halves of `bench/cart-log.ts`: Node runs them on fake-indexeddb,
 * headless Chromium on its real IndexedDB (bundled through bench/support/cartLogBrowser.ts). Everything here
 * uses only what both have: an `IDBFactory`, `performance.now()`, the app's modules.
 *
 * - Dexie: the app's own path. Appends go through `openCartLog(...).store.append([event])`, one event per call;
 *   a replay is `openCartLog(db, storage)` on a cart seeded beforehand (it resolves after `store.load()`).
 * - Raw IndexedDB ("raw"): the same encoded event rows, with the same key structure (`++seq`, unique
 *   `eventId`, `[cartId+seq]`), written one readwrite transaction per event on a separate database; replay is
 *   the latest snapshot (if any) plus `getAll` of the cart's later events, decoded and folded with the same
 *   domain fold.
 * - Raw, same work ("raw_same_work"): a diagnostic baseline that does in raw IndexedDB what the store's append
 *   transaction does (three stores; add with the duplicate refusal caught; a range read only when the key
 *   generator skipped; fold; snapshot and cart row every 100), so the gap between Dexie and raw splits into
 *   "the store's design" and "Dexie itself".
 */
import { openCartLog } from "../../src/app/cart/cartLog.ts"
import { MarqueeDb } from "../../src/app/cart/db.ts"
import { createCartEventStore } from "../../src/app/cart/eventStore.ts"
import type { CartEvent } from "../../src/domain/cart/events.ts"
import { apply } from "../../src/domain/cart/fold.ts"
import { encodeCartEvent } from "../../src/domain/cart/migrate.ts"
import { type Cart, initialCart } from "../../src/domain/cart/state.ts"
import { cartEvent, cartEvents, decode, SEED_BATCH, SNAPSHOT_EVERY } from "./cartLogEvents.ts"
import {
  deleteDatabase,
  openRawDb,
  RAW_DB_NAME,
  type RawCart,
  rawAppend,
  rawReplay,
  rawSameWorkAppend,
  seedRawCart,
} from "./rawCartLog.ts"

/** "without snapshots": a cart seeded by a store that never crosses a snapshot boundary */
const NO_SNAPSHOTS = 1_000_000_000

export interface LatencyStats {
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly mean: number
  readonly samples: number
}

export interface CartLogResults {
  /** single-event appends through the app's cart store (Dexie) */
  readonly append: LatencyStats
  /** the same event rows, one raw readwrite transaction each */
  readonly rawAppend: LatencyStats
  /** raw IndexedDB doing what the store's append transaction does */
  readonly rawSameWorkAppend: LatencyStats
  /** median ms per replay, keyed `1k`, `10k`, `1k_snapshots`, `10k_snapshots` */
  readonly replay: Readonly<Record<string, number>>
  readonly rawReplay: Readonly<Record<string, number>>
  /** fold rejections in the generated log (0: every event took effect) */
  readonly rejections: number
  /** the bytes of one encoded event row, on average (JSON length) */
  readonly eventBytes: number
  /** the bytes of the largest replayed cart's latest snapshot (JSON length) */
  readonly snapshotBytes: number
}

export interface MeasureOptions {
  readonly indexedDB: IDBFactory
  readonly IDBKeyRange: typeof IDBKeyRange
  /** measured single-event appends per path (after a warm-up), spread over `rounds` interleaved rounds */
  readonly appends: number
  readonly rounds: number
  readonly replaySizes: ReadonlyArray<number>
  /** measured replays per size and variant (after one warm-up below 10,000 events); the median is reported */
  readonly replayReps: (size: number) => number
  readonly progress?: (message: string) => void
}

// ── the app's side ────────────────────────────────────────────────────────────────────────────────────────

/** localStorage for one cart: openCartLog keeps the cart id there (and makes one on first open). */
const memoryStorage = (): Pick<Storage, "getItem" | "setItem"> => {
  const items = new Map<string, string>()
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) }
}

/** cartLog.ts's state decoder, which it does not export; used only to seed carts without snapshots */
const decodeState = (encoded: unknown): Cart => encoded as Cart

/**
 * A cart of `size` events in the app's database, written by the app's store in batches; replaying it is
 * `openCartLog(db, storage)`. With `snapshots`, the store snapshots as the app's does (every 100 events) and
 * its state is returned; without, it never snapshots and folds nothing (the fold of 10,000 events takes
 * seconds, and only the stored rows matter here).
 */
const seedDexieCart = async (db: MarqueeDb, prefix: string, size: number, snapshots: boolean) => {
  const storage = memoryStorage()
  const opened = await openCartLog(db, storage)
  opened.store.close()
  const store = createCartEventStore<CartEvent, Cart>({
    db,
    cartId: opened.cartId,
    encode: encodeCartEvent,
    decode,
    apply: snapshots ? apply : (state) => state,
    initial: initialCart,
    encodeState: (state) => state,
    decodeState,
    snapshotEvery: snapshots ? SNAPSHOT_EVERY : NO_SNAPSHOTS,
  })
  for (let from = 0; from < size; from += SEED_BATCH)
    await store.append(cartEvents(prefix, from, Math.min(SEED_BATCH, size - from)))
  const state = store.state()
  store.close()
  const latest = (await db.cartSnapshots.toArray())
    .filter((row) => row.cartId === opened.cartId)
    .sort((a, b) => b.seq - a.seq)[0]
  return {
    storage,
    state,
    snapshot: latest === undefined ? null : { eventCount: latest.eventCount, state: latest.state },
  }
}

// ── statistics ────────────────────────────────────────────────────────────────────────────────────────────

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number)

const stats = (samples: ReadonlyArray<number>): LatencyStats => {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    mean: sorted.reduce((sum, x) => sum + x, 0) / Math.max(1, sorted.length),
    samples: sorted.length,
  }
}

const median = (samples: ReadonlyArray<number>): number => stats(samples).p50

const timed = async (task: () => Promise<unknown>): Promise<number> => {
  const started = performance.now()
  await task()
  return performance.now() - started
}

const sizeLabel = (size: number): string => (size % 1000 === 0 ? `${size / 1000}k` : String(size))

// ── the run ───────────────────────────────────────────────────────────────────────────────────────────────

export const measureCartLog = async (options: MeasureOptions): Promise<CartLogResults> => {
  const { indexedDB: factory, IDBKeyRange: range } = options
  const progress = options.progress ?? (() => undefined)
  await deleteDatabase(factory, "marquee")
  await deleteDatabase(factory, RAW_DB_NAME)
  const db = new MarqueeDb({ indexedDB: factory, IDBKeyRange: range })
  const raw = await openRawDb(factory)
  try {
    // Appends: three carts (Dexie, raw, raw same work), interleaved in rounds so noise hits all three alike.
    progress("appends")
    const log = await openCartLog(db, memoryStorage())
    const rawCartId = "raw-append"
    const sameWork: RawCart = { cartId: "raw-same-work", state: initialCart, eventCount: 0, lastSeq: 0 }
    const warmUp = 20
    let next = 0
    const run = async (
      count: number,
      measured: { dexie: Array<number>; raw: Array<number>; same: Array<number> } | null,
    ) => {
      const from = next
      next += count
      for (let i = from; i < from + count; i++) {
        const t = await timed(() => log.store.append([cartEvent("append", i)]))
        measured?.dexie.push(t)
      }
      for (let i = from; i < from + count; i++) {
        const t = await timed(() => rawAppend(raw, rawCartId, cartEvent("raw-append", i)))
        measured?.raw.push(t)
      }
      for (let i = from; i < from + count; i++) {
        const t = await timed(() => rawSameWorkAppend(raw, range, sameWork, cartEvent("raw-same-work", i)))
        measured?.same.push(t)
      }
    }
    await run(warmUp, null)
    const samples = { dexie: [] as Array<number>, raw: [] as Array<number>, same: [] as Array<number> }
    const perRound = Math.ceil(options.appends / options.rounds)
    for (let round = 0; round < options.rounds; round++) await run(perRound, samples)
    let rejections = log.store.state().rejections.length + sameWork.state.rejections.length
    log.store.close()

    // Replays: per size, four carts of the same events (Dexie and raw, with and without snapshots) are seeded
    // first; then each variant's replays alternate Dexie and raw.
    const replay: Record<string, number> = {}
    const rawReplayTimes: Record<string, number> = {}
    let snapshotBytes = 0
    for (const size of options.replaySizes) {
      const label = sizeLabel(size)
      progress(`replay ${label}: seeding`)
      const withSnapshots = await seedDexieCart(db, `replay-${label}-s`, size, true)
      const expected = JSON.stringify(withSnapshots.state)
      snapshotBytes =
        withSnapshots.snapshot === null ? 0 : JSON.stringify(withSnapshots.snapshot.state).length
      rejections += withSnapshots.state.rejections.length
      const variants = [
        {
          key: label,
          storage: (await seedDexieCart(db, `replay-${label}`, size, false)).storage,
          rawCartId: await seedRawCart(raw, `replay-${label}`, size, null),
        },
        {
          key: `${label}_snapshots`,
          storage: withSnapshots.storage,
          rawCartId: await seedRawCart(raw, `replay-${label}-s`, size, withSnapshots.snapshot),
        },
      ]
      const reps = options.replayReps(size)
      // one warm-up replay (not counted) where replays are short; every variant's carts are checked once
      const warmUp = size < 10_000 ? 1 : 0
      for (const { key, storage, rawCartId } of variants) {
        progress(`replay ${key}: ${reps} repetitions`)
        const dexieTimes: Array<number> = []
        const rawTimes: Array<number> = []
        for (let rep = 0; rep < reps + warmUp; rep++) {
          let dexieState: Cart = initialCart
          const dexieMs = await timed(async () => {
            const opened = await openCartLog(db, storage)
            dexieState = opened.store.state()
            opened.store.close()
          })
          let rawState: Cart = initialCart
          const rawMs = await timed(async () => {
            rawState = await rawReplay(raw, range, rawCartId)
          })
          if (rep === 0) {
            if (JSON.stringify(dexieState) !== expected)
              throw new Error(`replay ${key}: Dexie's cart differs`)
            if (JSON.stringify(rawState) !== expected) throw new Error(`replay ${key}: the raw cart differs`)
          }
          if (rep < warmUp) continue
          dexieTimes.push(dexieMs)
          rawTimes.push(rawMs)
        }
        replay[key] = median(dexieTimes)
        rawReplayTimes[key] = median(rawTimes)
      }
    }
    const sample = cartEvents("size", 0, 120).map((event) => JSON.stringify(encodeCartEvent(event)).length)
    return {
      append: stats(samples.dexie),
      rawAppend: stats(samples.raw),
      rawSameWorkAppend: stats(samples.same),
      replay,
      rawReplay: rawReplayTimes,
      rejections,
      eventBytes: Math.round(sample.reduce((sum, n) => sum + n, 0) / sample.length),
      snapshotBytes,
    }
  } finally {
    raw.close()
    db.close()
  }
}
