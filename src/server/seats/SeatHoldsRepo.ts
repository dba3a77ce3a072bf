import { Clock, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { OnlineSaleFacts } from "../../domain/shared/onSale.ts"

/** How long a process trusts what it read about a presentation's seating (on sale, seatplan, policy). */
const PRESENTATION_CACHE_MS = 5_000

/** What the lock path needs to know about a presentation. */
export interface PresentationSeating {
  readonly id: number
  readonly venueId: number
  readonly venueTypeId: number
  readonly seatplanId: number | null
  readonly seatingPolicyId: number
  readonly isOnSale: boolean
  readonly startsAtMs: number
  /** its cinema sells online (`locations.is_online`): the domain's `saleRefusalAt` reads it */
  readonly locationIsOnline: boolean
}

/** A live allocation: a sale, or a hold whose deadline has not passed. */
export interface LiveAllocation {
  readonly seatId: number | null
  readonly sectionId: number
  readonly gaSlot: number | null
  readonly kind: "hold" | "sale"
  readonly isMine: boolean
  readonly expiresAtMs: number | null
}

export type HoldOutcome =
  | "held"
  | "taken"
  | "cap"
  | "client_cap"
  /** the client's new seats this minute are over the lock velocity limit (migration 0074) */
  | "velocity"
  | "unknown_cart"
  | "unknown_seat"

export interface HoldResult {
  readonly outcome: HoldOutcome
  readonly expiresAtMs: number | null
  readonly slots: ReadonlyArray<number>
}

export interface Released {
  readonly seatId: number | null
  readonly sectionId: number
  readonly gaSlot: number | null
}

/**
 * The SQL of seat holds other than the batched reserved-seat holds and releases (HoldBatcher). Every write is
 * one statement: `hold_ga_places` (migration 0006) holds all or nothing, and the unique constraints on
 * `seat_allocations` are what make a double hold impossible, whatever the application does.
 */
export class SeatHoldsRepo extends Context.Service<
  SeatHoldsRepo,
  {
    readonly presentation: (id: number) => Effect.Effect<Option.Option<PresentationSeating>>
    /**
     * What the domain's `saleRefusalAt` reads of these presentations, as it is now: a search reads it here, never
     * through `presentation`'s cache, so that looking does not keep a lock from seeing a sale just closed.
     */
    readonly saleFacts: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, OnlineSaleFacts>>
    /** `clientKey`: who made the cart (src/server/limits/clientKey.ts), for the per-client cap of migration 0024 */
    readonly createCart: (token: string, clientKey: string) => Effect.Effect<void>
    /**
     * The per-client limits the hold functions read (0: none), the server's configured values, written at start:
     * seats held at once (migration 0024) and new seats a minute (0074).
     */
    readonly setClientLimits: (limits: {
      readonly seats: number
      readonly seatsPerMinute: number
    }) => Effect.Effect<void>
    readonly cartExists: (token: string) => Effect.Effect<boolean>
    readonly holdGaPlaces: (input: {
      readonly presentationId: number
      readonly cartToken: string
      readonly sectionId: number
      readonly count: number
      readonly holdSeconds: number
      readonly cap: number
    }) => Effect.Effect<HoldResult, SqlError>
    readonly live: (
      presentationId: number,
      cartToken: string | undefined,
    ) => Effect.Effect<ReadonlyArray<LiveAllocation>>
    /**
     * The cart's live holds last at least `seconds` from now (a step's timer started or was extended). Holds
     * already tied to an order keep the order's payment deadline; a lapsed hold is not revived (another buyer
     * may have taken the seat meanwhile).
     */
    readonly renew: (
      cartToken: string,
      seconds: number,
    ) => Effect.Effect<ReadonlyArray<{ readonly presentationId: number; readonly expiresAtMs: number }>>
  }
>()("marquee/seats/SeatHoldsRepo") {
  static readonly layer = Layer.effect(
    SeatHoldsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      // Every lock and unlock needs these few facts; they change rarely (sales close, a show is moved), so
      // each process keeps them for a few seconds instead of asking on every click.
      const cached = new Map<
        number,
        { readonly at: number; readonly value: Option.Option<PresentationSeating> }
      >()
      const presentation = Effect.fn("SeatHoldsRepo.presentation")(function* (id: number) {
        const now = yield* Clock.currentTimeMillis
        const hit = cached.get(id)
        // "not on sale" and "offline" are not trusted from the cache: a broker's unlock
        // (src/server/staff/brokersHttp.ts) or a cinema back online must be sellable at once; the other way a
        // lock reaches this path within the cache's seconds, and the commit, which reads afresh, refuses at once
        const fresh = hit !== undefined && now - hit.at < PRESENTATION_CACHE_MS
        if (
          fresh &&
          Option.match(hit.value, { onNone: () => true, onSome: (p) => p.isOnSale && p.locationIsOnline })
        )
          return hit.value
        const rows = yield* sql<PresentationSeating>`
          SELECT p.id, p.venue_id AS "venueId", v.venue_type_id AS "venueTypeId", v.seatplan_id AS "seatplanId",
            v.seating_policy_id AS "seatingPolicyId", p.is_on_sale AS "isOnSale",
            (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs", l.is_online AS "locationIsOnline"
          FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
          WHERE p.id = ${id}`
        const value = Option.fromNullishOr(rows[0])
        if (cached.size > 10_000) cached.clear()
        cached.set(id, { at: now, value })
        return value
      }, Effect.orDie)

      const saleFacts = Effect.fn("SeatHoldsRepo.saleFacts")(function* (ids: ReadonlyArray<number>) {
        if (ids.length === 0) return new Map<number, OnlineSaleFacts>()
        const rows = yield* sql<OnlineSaleFacts & { readonly id: number }>`
          SELECT p.id, p.is_on_sale AS "isOnSale", (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs",
            l.is_online AS "locationIsOnline"
          FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
          WHERE p.id IN ${sql.in(ids)}`
        return new Map(rows.map(({ id, ...facts }) => [id, facts]))
      }, Effect.orDie)

      const createCart = Effect.fn("SeatHoldsRepo.createCart")(function* (token: string, clientKey: string) {
        yield* sql`INSERT INTO carts (token, client_key) VALUES (${token}, ${clientKey})`
      }, Effect.orDie)

      const setClientLimits = Effect.fn("SeatHoldsRepo.setClientLimits")(function* (limits: {
        readonly seats: number
        readonly seatsPerMinute: number
      }) {
        yield* sql`INSERT INTO seat_hold_limits (only_row, seats_per_client, seats_per_client_minute)
          VALUES (true, ${limits.seats}, ${limits.seatsPerMinute})
          ON CONFLICT (only_row) DO UPDATE SET seats_per_client = excluded.seats_per_client,
            seats_per_client_minute = excluded.seats_per_client_minute`
      }, Effect.orDie)

      const cartExists = Effect.fn("SeatHoldsRepo.cartExists")(function* (token: string) {
        const rows = yield* sql`SELECT 1 FROM carts WHERE token = ${token}`
        return rows.length > 0
      }, Effect.orDie)

      const renew = Effect.fn("SeatHoldsRepo.renew")(function* (cartToken: string, seconds: number) {
        return yield* sql<{ presentationId: number; expiresAtMs: number }>`
          WITH renewed AS (
            UPDATE seat_allocations
            SET expires_at = greatest(expires_at, marquee_now() + make_interval(secs => ${seconds}))
            WHERE cart_token = ${cartToken} AND kind = 'hold' AND expires_at > marquee_now() AND reservation_id IS NULL
            RETURNING presentation_id, expires_at
          )
          SELECT presentation_id AS "presentationId",
                 (extract(epoch FROM max(expires_at)) * 1000)::float8 AS "expiresAtMs"
          FROM renewed GROUP BY presentation_id ORDER BY presentation_id`
      }, Effect.orDie)

      type Row = { outcome: HoldOutcome; expiresAtMs: number | null; slots?: ReadonlyArray<number> | null }
      const toResult = (row: Row): HoldResult => ({
        outcome: row.outcome,
        expiresAtMs: row.expiresAtMs,
        slots: row.slots ?? [],
      })
      const refused: Row = { outcome: "taken", expiresAtMs: null }

      const holdGaPlaces: SeatHoldsRepo["Service"]["holdGaPlaces"] = (input) =>
        sql<Row>`
          SELECT outcome, (extract(epoch FROM expires_at) * 1000)::float8 AS "expiresAtMs", slots
          FROM hold_ga_places(${input.presentationId}, ${input.cartToken}, ${input.sectionId}, ${input.count},
            ${input.holdSeconds}, ${input.cap})`.pipe(
          Effect.map((rows) => toResult(rows[0] ?? refused)),
          Effect.withSpan("SeatHoldsRepo.holdGaPlaces"),
        )

      // Only this cart's holds: a sale, or a hold another cart took over after ours lapsed, is never released.
      const live = Effect.fn("SeatHoldsRepo.live")(function* (
        presentationId: number,
        cartToken: string | undefined,
      ) {
        const rows = yield* sql<{
          seatId: number | null
          sectionId: number
          gaSlot: number | null
          kind: "hold" | "sale"
          isMine: boolean
          expiresAtMs: number | null
        }>`
          SELECT seat_id AS "seatId", section_id AS "sectionId", ga_slot AS "gaSlot", kind,
            coalesce(cart_token = ${cartToken ?? null}, false) AS "isMine",
            (extract(epoch FROM expires_at) * 1000)::float8 AS "expiresAtMs"
          FROM seat_allocations
          WHERE presentation_id = ${presentationId} AND (kind = 'sale' OR expires_at > marquee_now())`
        return rows
      }, Effect.orDie)

      return SeatHoldsRepo.of({
        presentation,
        saleFacts,
        createCart,
        setClientLimits,
        cartExists,
        holdGaPlaces,
        live,
        renew,
      })
    }),
  )
}
