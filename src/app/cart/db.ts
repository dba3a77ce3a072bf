import { Dexie, type EntityTable, type Table, type Transaction } from "dexie"

/**
 * The one Dexie database of the app. Every version the app has ever shipped is declared here with its
 * upgrade, oldest first, so a browser that skipped releases still walks the whole path (Dexie runs each
 * upgrade whose version is above the stored one, in order). Never edit a shipped version: add a new one.
 */
export const MARQUEE_DB_NAME = "marquee"

/** One appended cart event. `seq` is global and auto-incremented, so it orders a cart's events too. */
export interface CartEventRow {
  readonly seq: number
  readonly cartId: string
  /** Unique across the table: a retried append of the same event is recognised, never doubled. */
  readonly eventId: string
  /** The event as its schema encodes it; the store never looks inside. */
  readonly event: unknown
}

/** The projection after the cart's event with sequence `seq`; a cache that keeps replay short. */
export interface CartSnapshotRow {
  readonly cartId: string
  readonly seq: number
  /** How many events of the cart the snapshot has folded. */
  readonly eventCount: number
  readonly state: unknown
}

export interface CartRow {
  readonly cartId: string
  readonly cartType: string
  readonly createdAt: number
  readonly updatedAt: number
  /**
   * The `seq` of the cart's latest event when the row was last written: at the cart's first append and with each
   * snapshot (writing it on every append doubled an append's cost). The log itself is the truth.
   */
  readonly lastSeq: number
  /** How many events the cart held then. */
  readonly eventCount: number
}

/**
 * Version 1 (the first release): appends were not idempotent, so an event's id lived only inside its
 * encoded payload, carts had no sequence, and there were no snapshots.
 */
export const SCHEMA_V1 = {
  cartEvents: "++seq, cartId",
  carts: "cartId",
} as const

/** Version 2 (current): unique event ids, per-cart ordering by `[cartId+seq]`, snapshots. */
export const SCHEMA_V2 = {
  cartEvents: "++seq, &eventId, [cartId+seq]",
  cartSnapshots: "[cartId+seq]",
  carts: "cartId",
} as const

export const MARQUEE_DB_VERSION = 2

/** Why the page must reload: another tab upgraded (or deleted) the database, or an older tab blocks ours. */
export type ReloadReason = "versionchange" | "blocked"

export interface MarqueeDbOptions {
  /** Where the database lives; the browser's own by default. Tests pass a fresh fake-indexeddb factory. */
  readonly indexedDB?: IDBFactory
  readonly IDBKeyRange?: typeof IDBKeyRange
  readonly now?: () => number
}

interface V1EventRow {
  readonly seq: number
  readonly cartId: string
  readonly event: unknown
  readonly eventId?: string
}

interface V1CartRow {
  readonly cartId: string
  readonly cartType?: string
  readonly createdAt?: number
  readonly updatedAt?: number
}

const eventIdInPayload = (event: unknown): string | undefined => {
  if (typeof event !== "object" || event === null || !("eventId" in event)) return undefined
  return typeof event.eventId === "string" ? event.eventId : undefined
}

/**
 * 1 → 2: lift each event's id out of its payload (a row without one gets a stable synthetic id), drop the
 * copies a retried append doubled under version 1 (the first one, by seq, is the one that counted), and give
 * every cart its `lastSeq` and `eventCount`. The unique `eventId` index already exists when this runs, so
 * the duplicates must go before their ids are written.
 */
const upgradeV1toV2 = async (tx: Transaction, now: number): Promise<void> => {
  const events: Table<V1EventRow, number> = tx.table("cartEvents")
  const carts: Table<V1CartRow | CartRow, string> = tx.table("carts")
  const rows = await events.orderBy(":id").toArray()
  const seen = new Set<string>()
  const doubled: Array<number> = []
  const perCart = new Map<string, { lastSeq: number; eventCount: number }>()
  for (const row of rows) {
    const eventId = row.eventId ?? eventIdInPayload(row.event) ?? `v1-${row.seq}`
    if (seen.has(eventId)) {
      doubled.push(row.seq)
      continue
    }
    seen.add(eventId)
    if (row.eventId !== eventId) await events.put({ ...row, eventId })
    const tally = perCart.get(row.cartId) ?? { lastSeq: 0, eventCount: 0 }
    perCart.set(row.cartId, { lastSeq: row.seq, eventCount: tally.eventCount + 1 })
  }
  await events.bulkDelete(doubled)
  const cartRows = await carts.toArray()
  const known = new Set(cartRows.map((cart) => cart.cartId))
  for (const cart of cartRows) {
    const tally = perCart.get(cart.cartId) ?? { lastSeq: 0, eventCount: 0 }
    await carts.put({
      cartId: cart.cartId,
      cartType: cart.cartType ?? "unknown",
      createdAt: cart.createdAt ?? now,
      updatedAt: cart.updatedAt ?? now,
      ...tally,
    })
  }
  for (const [cartId, tally] of perCart) {
    if (!known.has(cartId)) {
      await carts.put({ cartId, cartType: "unknown", createdAt: now, updatedAt: now, ...tally })
    }
  }
}

export class MarqueeDb extends Dexie {
  declare readonly cartEvents: EntityTable<CartEventRow, "seq">
  declare readonly cartSnapshots: Table<CartSnapshotRow, [string, number]>
  declare readonly carts: EntityTable<CartRow, "cartId">

  /** The key-range constructor of this database's IndexedDB (the browser's, or the one a test passed). */
  readonly keyRange: typeof IDBKeyRange
  private readonly reloadListeners = new Set<(reason: ReloadReason | null) => void>()
  private reloadReason: ReloadReason | null = null

  constructor(options: MarqueeDbOptions = {}) {
    super(MARQUEE_DB_NAME, {
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
    })
    this.keyRange = options.IDBKeyRange ?? globalThis.IDBKeyRange
    const now = options.now ?? Date.now
    this.version(1).stores(SCHEMA_V1)
    this.version(2)
      .stores(SCHEMA_V2)
      .upgrade((tx) => upgradeV1toV2(tx, now()))

    // Another tab opened a newer version (or deleted the database). Dexie's own handler closes with auto-open
    // on, and Dexie 4 happily reopens a database whose version is higher than declared, so the next write
    // would go through this tab's outdated code. Stay closed and ask for a reload instead. Dexie runs the
    // latest subscriber first; returning false skips its default handler.
    this.on("versionchange", () => {
      this.close({ disableAutoOpen: true })
      this.signalReload("versionchange")
      return false
    })
    // This tab wants a newer version but an older tab keeps the database open: the user must close or
    // reload that one. Once the older tab lets go, the open completes and the prompt can go away.
    this.on("blocked", () => this.signalReload("blocked"))
    this.on(
      "ready",
      () => {
        if (this.reloadReason === "blocked") this.signalReload(null)
      },
      true,
    )
  }

  /**
   * Subscribes to "this page must reload". Called whenever `reloadNeeded()` changes: with a reason, or with
   * null when a blocked upgrade went through after all. Shaped for `useSyncExternalStore`: subscribe with
   * this, read `reloadNeeded()`. Returns the unsubscribe function.
   */
  onReloadNeeded(listener: (reason: ReloadReason | null) => void): () => void {
    this.reloadListeners.add(listener)
    return () => {
      this.reloadListeners.delete(listener)
    }
  }

  /** The reason a reload is needed, or null while this connection is current. */
  reloadNeeded(): ReloadReason | null {
    return this.reloadReason
  }

  private signalReload(reason: ReloadReason | null): void {
    if (this.reloadReason === reason) return
    this.reloadReason = reason
    for (const listener of [...this.reloadListeners]) listener(reason)
  }
}

let shared: MarqueeDb | undefined

/** The app's connection, created on first use so that importing this module opens nothing. */
export const marqueeDb = (): MarqueeDb => {
  shared ??= new MarqueeDb()
  return shared
}
