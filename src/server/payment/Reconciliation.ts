import { Context, Effect, Exit, Layer, Option, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { OrdersRepo } from "./OrdersRepo.ts"
import { PaymentFlow } from "./PaymentFlow.ts"
import { PaymentProviders } from "./PaymentProvider.ts"

/**
 * Webhook intake and the reconciliation job: whatever a crash, a lost webhook or a late capture left behind is
 * found here and settled from the provider's own answer. Every step is safe to repeat (README.md).
 */

export type WebhookOutcome = "unknownProvider" | "badSignature" | "duplicate" | "accepted"

export interface ReconcileSummary {
  readonly eventsProcessed: number
  readonly paymentsChecked: number
  readonly refundsChecked: number
  readonly ordersVoided: number
}

/** One pass handles at most this many of each; the next minute takes the rest. */
const BATCH = 200

export class Reconciliation extends Context.Service<
  Reconciliation,
  {
    /** signature checked, stored (one row per event id), then processed; a failure leaves it for `run` */
    readonly receiveWebhook: (
      provider: string,
      rawBody: string,
      signature: string | undefined,
    ) => Effect.Effect<WebhookOutcome>
    readonly run: Effect.Effect<ReconcileSummary>
  }
>()("marquee/payment/Reconciliation") {
  static readonly layer = Layer.effect(
    Reconciliation,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const providers = yield* PaymentProviders
      const flow = yield* PaymentFlow
      const orders = yield* OrdersRepo

      const processEvent = Effect.fn("Reconciliation.processEvent")(function* (
        eventRowId: string,
        provider: string,
        reference: string,
      ) {
        const payment = yield* flow.paymentByReference(provider, reference)
        if (Option.isSome(payment)) yield* flow.sync(payment.value.id)
        yield* sql`UPDATE provider_events SET processed_at = marquee_now() WHERE id = ${eventRowId}`.pipe(
          Effect.orDie,
        )
      })

      const receiveWebhook = Effect.fn("Reconciliation.receiveWebhook")(function* (
        providerName: string,
        rawBody: string,
        signature: string | undefined,
      ) {
        const provider = providers.byName(providerName)
        if (Option.isNone(provider)) return "unknownProvider" as const
        const event = yield* provider.value.verifyWebhook(rawBody, signature)
        if (Option.isNone(event)) return "badSignature" as const
        const stored = yield* sql<{ id: string }>`
          INSERT INTO provider_events (provider, event_id, payload, signature_ok)
          VALUES (${providerName}, ${event.value.eventId}, ${rawBody}::jsonb, true)
          ON CONFLICT (provider, event_id) DO NOTHING
          RETURNING id::text AS id`.pipe(Effect.orDie)
        const row = stored[0]
        if (row === undefined) return "duplicate" as const
        // the event is safely stored: a failure while applying it is retried by the job, never lost
        const exit = yield* Effect.exit(processEvent(row.id, providerName, event.value.providerReference))
        if (Exit.isFailure(exit)) yield* Effect.logWarning("webhook stored, processing deferred", exit.cause)
        return "accepted" as const
      })

      const run = Effect.gen(function* () {
        const events = yield* sql<{ id: string; provider: string; reference: string }>`
          SELECT id::text AS id, provider, payload->>'reference' AS reference FROM provider_events
          WHERE processed_at IS NULL AND signature_ok ORDER BY received_at LIMIT ${BATCH}`.pipe(Effect.orDie)
        for (const event of events) yield* processEvent(event.id, event.provider, event.reference)

        // a capture whose webhook never came (a crash, a lost delivery): ask the provider
        const open = yield* flow.openPayments(BATCH)
        for (const id of open) yield* flow.sync(id)
        // captured money the order could not take (voided meanwhile, or paid twice) is given back
        const captured = yield* flow.capturedNotApplied(BATCH)
        for (const id of captured) yield* flow.sync(id)

        // unpaid past the deadline: the seats are freed; a payment still open at the provider is cancelled
        const overdue = yield* orders.pastDeadline(BATCH)
        let voided = 0
        for (const id of overdue) {
          const changed = yield* sql
            .withTransaction(orders.voidOrder(id, "orderCancelled"))
            .pipe(Effect.orDie)
          if (changed) {
            voided++
            yield* flow.cancelOpenPayments(id)
          }
        }
        return {
          eventsProcessed: events.length,
          paymentsChecked: open.length,
          refundsChecked: captured.length,
          ordersVoided: voided,
        } satisfies ReconcileSummary
      }).pipe(Effect.withSpan("Reconciliation.run"))

      return Reconciliation.of({ receiveWebhook, run })
    }),
  )

  /** At server start and every minute after; a failed pass is logged and the next one tries again. */
  static readonly job = Layer.effectDiscard(
    Effect.gen(function* () {
      const reconciliation = yield* Reconciliation
      yield* reconciliation.run.pipe(
        Effect.catchCause((cause) => Effect.logError("payment reconciliation failed", cause)),
        Effect.repeat(Schedule.spaced("1 minute")),
        Effect.forkScoped,
      )
    }),
  )
}
