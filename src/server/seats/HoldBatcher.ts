import { Context, Deferred, Effect, Exit, Layer, Queue } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { HoldOutcome, Released } from "./SeatHoldsRepo.ts"

export interface HoldRequest {
  readonly presentationId: number
  readonly cartToken: string
  /** ascending */
  readonly seatIds: ReadonlyArray<number>
  /** seats whose state just before the hold the single-seat rule needs (the blocks the choice touches) */
  readonly blockSeatIds: ReadonlyArray<number>
}

export interface BatchedHold {
  readonly outcome: HoldOutcome | "busy"
  readonly expiresAtMs: number | null
  readonly takenBefore: ReadonlySet<number>
  /** the seats this hold gave the cart (not those it already held): what a refusal after it gives back */
  readonly newlyHeld: ReadonlyArray<number>
}

export interface ReleaseRequest {
  readonly presentationId: number
  readonly cartToken: string
  readonly seatIds: ReadonlyArray<number>
  readonly gaPlaces: ReadonlyArray<{ readonly sectionId: number; readonly slot: number }>
}

/**
 * At most this many requests per database call. Each request of a hold batch is a subtransaction that writes,
 * and a transaction with more than 64 of them overflows PostgreSQL's per-connection cache of subtransaction ids:
 * every other connection's snapshot then reads the shared subtransaction log (migration 0070).
 */
const MAX_BATCH = 60

interface Pending<Request, Result> {
  readonly request: Request
  readonly done: Deferred.Deferred<Result, SqlError>
}

/**
 * Sends every hold (and every release) that arrives while the previous batch is running as one database call.
 *
 * Like Nagle's algorithm without the timer: an idle server sends a lone request at once (no added latency);
 * a busy one gathers what queued during the last round trip, so the number of round trips per second stays
 * flat while holds per second grow with load. One batch per kind is in flight per process, which also keeps
 * batches of one process from waiting on each other. Each request's outcome is its own (see migration 0007).
 */
export class HoldBatcher extends Context.Service<
  HoldBatcher,
  {
    readonly hold: (request: HoldRequest) => Effect.Effect<BatchedHold, SqlError>
    readonly release: (request: ReleaseRequest) => Effect.Effect<ReadonlyArray<Released>, SqlError>
  }
>()("marquee/seats/HoldBatcher") {
  static readonly layer = (options: { readonly holdSeconds: number; readonly cap: number }) =>
    Layer.effect(
      HoldBatcher,
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient

        const batched = Effect.fn("HoldBatcher.batched")(function* <Request, Result>(
          run: (requests: ReadonlyArray<Request>) => Effect.Effect<ReadonlyArray<Result>, SqlError>,
        ) {
          const queue = yield* Queue.unbounded<Pending<Request, Result>>()
          yield* Effect.forkScoped(
            Effect.forever(
              Effect.gen(function* () {
                const batch = yield* Queue.takeBetween(queue, 1, MAX_BATCH)
                const exit = yield* Effect.exit(run(batch.map((pending) => pending.request)))
                for (const [index, pending] of batch.entries()) {
                  const result = Exit.isSuccess(exit)
                    ? Exit.succeed(exit.value[index] as Result)
                    : (exit as Exit.Exit<never, SqlError>)
                  yield* Deferred.done(pending.done, result)
                }
              }),
            ),
          )
          return (request: Request) =>
            Effect.gen(function* () {
              const done = yield* Deferred.make<Result, SqlError>()
              yield* Queue.offer(queue, { request, done })
              return yield* Deferred.await(done)
            })
        })

        const hold = yield* batched((requests: ReadonlyArray<HoldRequest>) =>
          sql<{
            idx: number
            outcome: HoldOutcome | "busy"
            expiresAtMs: number | null
            takenBefore: Array<number>
            newlyHeld: Array<number>
          }>`
            SELECT idx, outcome, expires_at_ms AS "expiresAtMs", taken_before AS "takenBefore",
              newly_held AS "newlyHeld"
            FROM hold_seats_batch(${JSON.stringify(
              requests.map((r) => ({
                presentation: r.presentationId,
                cart: r.cartToken,
                seats: r.seatIds,
                blocks: r.blockSeatIds,
              })),
            )}::jsonb, ${options.holdSeconds}, ${options.cap})`.pipe(
            Effect.map((rows) => {
              const byIndex = new Map(rows.map((row) => [row.idx, row]))
              return requests.map((_, index): BatchedHold => {
                const row = byIndex.get(index)
                return row === undefined
                  ? { outcome: "busy", expiresAtMs: null, takenBefore: new Set(), newlyHeld: [] }
                  : {
                      outcome: row.outcome,
                      expiresAtMs: row.expiresAtMs,
                      takenBefore: new Set(row.takenBefore),
                      newlyHeld: row.newlyHeld,
                    }
              })
            }),
            Effect.withSpan("HoldBatcher.holdBatch", { attributes: { size: requests.length } }),
          ),
        )

        const release = yield* batched((requests: ReadonlyArray<ReleaseRequest>) =>
          sql<{ idx: number; seatId: number | null; sectionId: number; gaSlot: number | null }>`
            SELECT idx, seat_id AS "seatId", section_id AS "sectionId", ga_slot AS "gaSlot"
            FROM release_seats_batch(${JSON.stringify(
              requests.map((r) => ({
                presentation: r.presentationId,
                cart: r.cartToken,
                seats: r.seatIds,
                gaSections: r.gaPlaces.map((p) => p.sectionId),
                gaSlots: r.gaPlaces.map((p) => p.slot),
              })),
            )}::jsonb)`.pipe(
            Effect.map((rows) =>
              requests.map((_, index) =>
                rows
                  .filter((row) => row.idx === index)
                  .map(({ seatId, sectionId, gaSlot }): Released => ({ seatId, sectionId, gaSlot })),
              ),
            ),
            Effect.withSpan("HoldBatcher.releaseBatch", { attributes: { size: requests.length } }),
          ),
        )

        return HoldBatcher.of({ hold, release })
      }),
    )
}
