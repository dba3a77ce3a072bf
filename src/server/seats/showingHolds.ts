import { Clock, Data, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import { SeatHoldsTooFast, SeatLockBusy, SeatLockFailed } from "../../api/SeatsApi.ts"
import { busyRetry, isBusy, secondsToNextMinute } from "./SeatHolds.ts"
import type { HoldOutcome } from "./SeatHoldsRepo.ts"

/**
 * One seat held for one cart in several showings at once, all or nothing: the membership's season seat and the
 * enrolment's member seat (and an enrolment's seat in one showing). One rule, one function (issue 13): the holds
 * are made by `hold_seats_batch` (migration 0070), the function every ticket seat goes through, with one request
 * per showing. So a season seat and a ticket seat meet on the same `UNIQUE (presentation_id, seat_id)`, the same
 * take-over guard, the same caps (per showing, per cart, per client) and the same 2 s lock timeout.
 *
 * The caller's own rules (how many seats of a membership, one seat per showing) run in TypeScript inside the same
 * transaction, after {@link lockCart}: every hold of a cart locks the cart's row first, so the cart's concurrent
 * calls pass those checks one after another, and what they count cannot change before the transaction ends.
 */

/** Why a showing's hold was refused: the batch's outcome ("busy": a lock wait ran out, try again). */
type ShowingHoldOutcome = Exclude<HoldOutcome, "held"> | "busy"

/** A refusal inside a hold transaction: failing it rolls back the showings held before it in that transaction. */
class ShowingHoldRefused extends Data.TaggedError("ShowingHoldRefused")<{
  readonly outcome: ShowingHoldOutcome
}> {}

export interface HoldLimits {
  readonly holdSeconds: number
  readonly cap: number
}

/** One seat for one cart in `showings` (ascending: overlapping holds take their locks in one order). */
export interface SeatForCart {
  readonly cartToken: string
  readonly seatId: number
  readonly showings: ReadonlyArray<number>
  readonly limits: HoldLimits
}

/** Locks the cart's row until the transaction ends (as every hold does first); refused as unknown_cart without one. */
const lockCart = Effect.fn("ShowingHolds.lockCart")(function* (cartToken: string) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    found: number
  }>`SELECT 1 AS found FROM carts c WHERE c.token = ${cartToken} FOR UPDATE`
  if (rows.length === 0) return yield* new ShowingHoldRefused({ outcome: "unknown_cart" })
})

/**
 * Holds the seat for the cart in each of its showings, the hold's deadline in epoch milliseconds. Inside a transaction of {@link inHoldTransaction}: the first refusal
 * fails it and the transaction undoes the showings held before. `hold_seats_batch` runs each request in its own
 * subtransaction; a series of more than 60 showings would pass the 64 that PostgreSQL's snapshots keep without a
 * shared log (see HoldBatcher's MAX_BATCH): slower for everyone while it runs, never wrong.
 */
const holdSeatInShowings = Effect.fn("ShowingHolds.hold")(function* ({
  cartToken,
  seatId,
  showings,
  limits,
}: SeatForCart) {
  const sql = yield* SqlClient.SqlClient
  const requests = showings.map((presentation) => ({
    presentation,
    cart: cartToken,
    seats: [seatId],
    blocks: [],
  }))
  const rows = yield* sql<{ outcome: HoldOutcome | "busy"; expiresAtMs: number | null }>`
    SELECT outcome, expires_at_ms AS "expiresAtMs"
    FROM hold_seats_batch(${JSON.stringify(requests)}::jsonb, ${limits.holdSeconds}, ${limits.cap})
    ORDER BY idx`
  let until = 0
  for (const row of rows) {
    if (row.outcome !== "held") return yield* new ShowingHoldRefused({ outcome: row.outcome })
    until = Math.max(until, row.expiresAtMs ?? 0)
  }
  if (rows.length !== showings.length) return yield* new ShowingHoldRefused({ outcome: "busy" })
  return until
})

const busyAnswer = () => new SeatLockBusy({ error: "seatLockBusy", retryAfterSeconds: 1 })

/**
 * Runs `body` in one transaction with the holds' 2 s lock timeout (the cart's row is locked outside
 * `hold_seats_batch`, which sets its own), retried briefly while the database is busy, then 503 `seatLockBusy`.
 * A refusal comes back as a value: the transaction is rolled back, nothing of it is held.
 */
const inHoldTransaction = <A, R>(
  body: Effect.Effect<A, ShowingHoldRefused | SqlError, R>,
): Effect.Effect<A | ShowingHoldRefused, SeatLockBusy, R | SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql
      .withTransaction(
        Effect.gen(function* () {
          yield* sql`SELECT set_config('lock_timeout', '2s', true)`
          return yield* body
        }),
      )
      .pipe(
        Effect.retry({
          schedule: busyRetry,
          times: 3,
          while: (e) => (e._tag === "SqlError" ? isBusy(e) : e.outcome === "busy"),
        }),
        Effect.catchTag("ShowingHoldRefused", (refused) =>
          refused.outcome === "busy" ? Effect.fail(busyAnswer()) : Effect.succeed(refused),
        ),
        Effect.catchTag("SqlError", (error) =>
          isBusy(error) ? Effect.fail(busyAnswer()) : Effect.die(error),
        ),
      )
  })

/**
 * A refusal as the seat calls answer it (spec §7: the ticket seats' own codes). `nowMs`: the server's clock, for when
 * the lock velocity's minute is over.
 */
const refusalAnswer = (refused: ShowingHoldRefused, nowMs: number) => {
  switch (refused.outcome) {
    case "cap":
      return new SeatLockFailed({ error: "seatLimitReached" })
    case "client_cap":
      return new SeatLockFailed({ error: "clientSeatLimitReached" })
    case "velocity":
      return new SeatHoldsTooFast({
        error: "seatHoldsTooFast",
        retryAfterSeconds: secondsToNextMinute(nowMs),
      })
    case "unknown_cart":
      return new HumanCheckFailed({ error: "RECAPTCHA_REQUIRED" })
    default:
      return new SeatLockFailed({ error: "lock_seat_error" })
  }
}

/**
 * Holds the seat for the cart in every one of its showings, all or nothing, and answers the holds' deadline (epoch
 * milliseconds). `ownRule` is the caller's own check (seats per membership, one seat per showing): it runs in the
 * hold's transaction after the cart's row is locked, and a refusal it answers is failed as it is, nothing held.
 * The holds' refusals are the ticket seats' answers; a database still busy after retries is 503 `seatLockBusy`.
 */
export const holdSeatForCart = <Refusal, R>(
  hold: SeatForCart,
  ownRule: Effect.Effect<Refusal | undefined, SqlError, R>,
): Effect.Effect<
  number,
  Refusal | SeatLockFailed | HumanCheckFailed | SeatLockBusy | SeatHoldsTooFast,
  R | SqlClient.SqlClient
> =>
  Effect.gen(function* () {
    const held = yield* inHoldTransaction(
      Effect.gen(function* () {
        yield* lockCart(hold.cartToken)
        const refused = yield* ownRule
        if (refused !== undefined) return { refused }
        return yield* holdSeatInShowings(hold)
      }),
    )
    if (typeof held === "number") return held
    if (held instanceof ShowingHoldRefused) return yield* refusalAnswer(held, yield* Clock.currentTimeMillis)
    return yield* Effect.fail(held.refused)
  })
