import { Cause, Config, Context, Effect, Exit, Layer, Option, Result, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { publicUrlConfig } from "../config/publicUrl.ts"
import { type MessageChannel, MessageNotSent, Messenger } from "../providers/messaging/Messenger.ts"
import { renderOutboxMessage } from "./templates.ts"

/**
 * Delivers the `outbox` rows (written with the change they report, src/server/payment/outbox.ts) through the
 * `Messenger` port, rendered in the buyer's language.
 *
 * - One pass takes the oldest unsent rows `FOR UPDATE SKIP LOCKED` in one transaction and sets `sent_at` in
 *   it: two server processes never take the same row, and a row is marked sent only with its delivery.
 * - Each row has its own savepoint: a failure rolls back that row's work only, then counts an attempt and keeps
 *   the error in `last_error`. After `MAX_ATTEMPTS` the row is left for a person. A message the provider
 *   refuses for good (`rejected`) or a payload that cannot be rendered skips the retries.
 * - Delivery is at least once: if the commit is lost after a real provider took a message, the next pass
 *   sends it again, with the same `reference` (`outbox:<id>`) for the provider to drop the repeat.
 */

/** One pass sends at most this many; the job takes another batch at once while batches come back full. */
export const OUTBOX_BATCH = 50
/** Failed deliveries after which a row is no longer tried. */
export const MAX_ATTEMPTS = 5
/** A provider that has not answered by then counts as unavailable (the batch's transaction is waiting). */
const SEND_TIMEOUT = "30 seconds"
/** The job's pause between passes: a login code must reach the phone within seconds. */
const EVERY = "3 seconds"
/** Full batches one tick may take back to back before pausing (a backlog after an outage). */
const MAX_BATCHES_PER_TICK = 20
const MAX_ERROR_LENGTH = 2_000

export interface OutboxRunSummary {
  /** rows delivered and marked sent */
  readonly sent: number
  /** rows whose delivery failed in this pass (attempts counted, or parked) */
  readonly failed: number
}

interface OutboxRow {
  readonly id: string
  readonly kind: MessageChannel
  readonly recipient: string
  readonly payload: unknown
}

type Delivery =
  | { readonly _tag: "sent" }
  | { readonly _tag: "retry"; readonly error: string }
  | { readonly _tag: "park"; readonly error: string }

const clip = (text: string): string =>
  text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text

/** What to do after a failed delivery, and the text for `last_error`. */
const verdictFor = (cause: Cause.Cause<unknown>): Delivery => {
  const error = Cause.findErrorOption(cause)
  if (Option.isSome(error) && error.value instanceof MessageNotSent)
    return error.value.reason === "rejected"
      ? { _tag: "park", error: clip(`rejected: ${error.value.detail}`) }
      : { _tag: "retry", error: clip(`unavailable: ${error.value.detail}`) }
  if (Option.isSome(error) && Cause.isTimeoutError(error.value))
    return { _tag: "retry", error: `unavailable: no answer within ${SEND_TIMEOUT}` }
  return { _tag: "retry", error: clip(Cause.pretty(cause)) }
}

export class OutboxSender extends Context.Service<
  OutboxSender,
  {
    /** one batch: at most `OUTBOX_BATCH` rows, oldest first; safe to run concurrently from many processes */
    readonly runOnce: Effect.Effect<OutboxRunSummary>
  }
>()("marquee/notifications/OutboxSender") {
  /**
   * Needs a migrated SqlClient and a `Messenger`. `PUBLIC_URL` (default: localhost at the server's `PORT`, see publicUrl.ts) is the address
   * buyers open links at: the e-ticket paths in the outbox are made absolute on it.
   */
  static readonly layer = Layer.effect(
    OutboxSender,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const messenger = yield* Messenger
      const publicUrl = yield* publicUrlConfig.pipe(Effect.orDie)

      /** The row's own savepoint: its delivery and its `sent_at`, or neither. */
      const deliver = Effect.fn("OutboxSender.deliver")(function* (row: OutboxRow) {
        const rendered = renderOutboxMessage(row.kind, row.recipient, row.payload, publicUrl.href)
        if (Result.isFailure(rendered)) return { _tag: "park", error: rendered.failure } satisfies Delivery
        const exit = yield* Effect.exit(
          sql.withTransaction(
            Effect.gen(function* () {
              yield* messenger
                .send({ ...rendered.success, reference: `outbox:${row.id}` })
                .pipe(Effect.timeout(SEND_TIMEOUT))
              yield* sql`UPDATE outbox SET sent_at = marquee_now(), last_error = NULL WHERE id = ${row.id}`
            }),
          ),
        )
        if (Exit.isSuccess(exit)) return { _tag: "sent" } satisfies Delivery
        // shutting down: the whole batch rolls back and is taken again by the next pass (or process)
        if (Cause.hasInterruptsOnly(exit.cause)) return yield* Effect.failCause(exit.cause)
        return verdictFor(exit.cause)
      })

      const runOnce = sql
        .withTransaction(
          Effect.gen(function* () {
            const rows = yield* sql<OutboxRow>`
              SELECT id::text AS id, kind, recipient, payload FROM outbox
              WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS}
              ORDER BY created_at, id
              LIMIT ${OUTBOX_BATCH}
              FOR UPDATE SKIP LOCKED`
            let sent = 0
            let failed = 0
            for (const row of rows) {
              const delivery = yield* deliver(row)
              if (delivery._tag === "sent") {
                sent++
                continue
              }
              failed++
              const parked = delivery._tag === "park"
              yield* sql`
                UPDATE outbox SET attempts = CASE WHEN ${parked} THEN ${MAX_ATTEMPTS} ELSE attempts + 1 END,
                  last_error = ${delivery.error}
                WHERE id = ${row.id}`
              yield* Effect.logWarning("outbox message not sent").pipe(
                Effect.annotateLogs({ outboxId: row.id, kind: row.kind, error: delivery.error }),
              )
            }
            return { sent, failed } satisfies OutboxRunSummary
          }),
        )
        .pipe(Effect.orDie, Effect.withSpan("OutboxSender.runOnce"))

      return OutboxSender.of({ runOnce })
    }),
  )

  /**
   * At server start and every 3 seconds after; a failed pass is logged and the next one tries again.
   * `OUTBOX_SENDER=false` leaves this process out (another process sends; every process may send at once).
   */
  static readonly job = Layer.effectDiscard(
    Effect.gen(function* () {
      const enabled = yield* Config.Boolean("OUTBOX_SENDER").pipe(Config.withDefault(true), Effect.orDie)
      if (!enabled) return
      const sender = yield* OutboxSender
      const drain = Effect.gen(function* () {
        for (let batch = 0; batch < MAX_BATCHES_PER_TICK; batch++) {
          const summary = yield* sender.runOnce
          if (summary.sent < OUTBOX_BATCH) return
        }
      })
      yield* drain.pipe(
        Effect.catchCause((cause) => Effect.logError("outbox sending failed", cause)),
        Effect.repeat(Schedule.spaced(EVERY)),
        Effect.forkScoped,
      )
    }),
  )
}
