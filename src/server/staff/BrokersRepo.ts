import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { BrokerAction, SaleFacts } from "../../domain/live/brokers.ts"

/**
 * Brokers' presentations (migration 0060, src/api/StaffBrokersApi.ts), SQL only. Every statement is limited to the
 * business ids `scope.ts` allowed, and each action is one conditional UPDATE of the presentation's row: the row lock
 * makes a second call at the same moment wait and then re-check its condition against the first call's result,
 * so two locks at once leave one lock (the second changes nothing), on PostgreSQL and PGlite alike.
 */

export interface BrokerRow extends SaleFacts {
  readonly id: number
  readonly lockedBy: string | null
  readonly lockedAtMs: number | null
  readonly started: boolean
  readonly wasOnSale: boolean
}

export class BrokersRepo extends Context.Service<
  BrokersRepo,
  {
    /** read on every call, not from the session, so a role taken away takes effect at once */
    readonly isBroker: (staffUserId: number) => Effect.Effect<boolean>
    readonly rows: (
      businessIds: ReadonlyArray<number>,
      presentationIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<BrokerRow>>
    /** true when this call changed the presentation; false when its condition no longer held (or out of scope) */
    readonly apply: (input: {
      readonly action: BrokerAction
      readonly businessIds: ReadonlyArray<number>
      readonly presentationId: number
      readonly staffUserId: number
    }) => Effect.Effect<boolean>
  }
>()("marquee/staff/BrokersRepo") {
  static readonly layer = Layer.effect(
    BrokersRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const isBroker = Effect.fn("BrokersRepo.isBroker")(function* (staffUserId: number) {
        const rows = yield* sql<{ ok: boolean }>`
          SELECT is_broker AS ok FROM staff_users WHERE id = ${staffUserId} AND is_active`
        return rows[0]?.ok === true
      }, Effect.orDie)

      const rows = Effect.fn("BrokersRepo.rows")(function* (
        businessIds: ReadonlyArray<number>,
        presentationIds: ReadonlyArray<number>,
      ) {
        if (businessIds.length === 0 || presentationIds.length === 0) return []
        return yield* sql<BrokerRow>`
          SELECT p.id, p.is_on_sale AS "isOnSale", p.broker_locked_at IS NOT NULL AS locked,
            CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS "lockedBy",
            (extract(epoch FROM p.broker_locked_at) * 1000)::float8 AS "lockedAtMs",
            p.starts_at <= marquee_now() AS started, coalesce(p.broker_was_on_sale, p.is_on_sale) AS "wasOnSale"
          FROM presentations p LEFT JOIN staff_users u ON u.id = p.broker_locked_by
          WHERE p.id IN ${sql.in(presentationIds)} AND p.business_id IN ${sql.in(businessIds)}
          ORDER BY p.starts_at, p.id`
      }, Effect.orDie)

      const apply = Effect.fn("BrokersRepo.apply")(function* (input: {
        readonly action: BrokerAction
        readonly businessIds: ReadonlyArray<number>
        readonly presentationId: number
        readonly staffUserId: number
      }) {
        if (input.businessIds.length === 0) return false
        const mine = sql`id = ${input.presentationId} AND business_id IN ${sql.in(input.businessIds)}`
        const changed =
          input.action === "lock"
            ? // the switch as it was is kept for unlock; the right-hand sides read the row before the update
              yield* sql`
                UPDATE presentations SET broker_locked_by = ${input.staffUserId}, broker_locked_at = marquee_now(),
                  broker_was_on_sale = is_on_sale, is_on_sale = false
                WHERE ${mine} AND broker_locked_at IS NULL AND starts_at > marquee_now()
                RETURNING id`
            : input.action === "unlock"
              ? yield* sql`
                UPDATE presentations SET is_on_sale = coalesce(broker_was_on_sale, is_on_sale),
                  broker_locked_by = NULL, broker_locked_at = NULL, broker_was_on_sale = NULL
                WHERE ${mine} AND broker_locked_at IS NOT NULL
                RETURNING id`
              : yield* sql`
                UPDATE presentations SET is_on_sale = true, broker_locked_by = NULL, broker_locked_at = NULL,
                  broker_was_on_sale = NULL, sale_saved_by = ${input.staffUserId}, sale_saved_at = marquee_now()
                WHERE ${mine} AND starts_at > marquee_now() AND (NOT is_on_sale OR broker_locked_at IS NOT NULL)
                RETURNING id`
        return changed.length > 0
      }, Effect.orDie)

      return BrokersRepo.of({ isBroker, rows, apply })
    }),
  )
}
