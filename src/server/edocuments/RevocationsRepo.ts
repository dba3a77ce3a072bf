import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/**
 * The tickets a door must refuse although their pass is genuine: cancelled after it was issued (by the customer
 * area, the box office, or the whole order voided), on an order that was paid (only a paid order's tickets ever got
 * a pass). Only shows not yet over are listed (a pass for an older one has expired anyway), so the list stays as
 * short as a day's cancellations.
 */
export class RevocationsRepo extends Context.Service<
  RevocationsRepo,
  { readonly revokedTickets: Effect.Effect<ReadonlyArray<string>> }
>()("marquee/edocuments/RevocationsRepo") {
  static readonly layer = Layer.effect(
    RevocationsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const revokedTickets = sql<{ ticket: string }>`
        SELECT st.id::text AS ticket
        FROM sold_tickets st
        JOIN reservations r ON r.id = st.reservation_id
        JOIN presentations p ON p.id = st.presentation_id
        WHERE r.paid_at IS NOT NULL
          AND (st.cancelled_at IS NOT NULL OR r.status = 'cancelled')
          AND p.starts_at > marquee_now() - interval '1 day'
        ORDER BY st.id`.pipe(
        Effect.map((rows) => rows.map((row) => row.ticket)),
        Effect.orDie,
        Effect.withSpan("RevocationsRepo.revokedTickets"),
      )
      return RevocationsRepo.of({ revokedTickets })
    }),
  )
}
