import { randomBytes } from "node:crypto"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { OrderStatus, PaymentFailureCode } from "../../api/PaymentApi.ts"
import type { OrderKind } from "../../domain/cart/orderKind.ts"
import { mayBeOrderIdentifier } from "../../domain/order/orderIdentifier.ts"
import { fulfilItems } from "./itemOrders/fulfilItems.ts"

/**
 * Orders are `reservations` rows with a payment status (migration 0009). Every write here runs inside the
 * caller's transaction and takes the order's row lock first, so the transitions of README.md's state machine
 * happen once: awaitingPayment → paid, awaitingPayment → voided, never out of a terminal state.
 */

export interface OrderRow {
  readonly id: number
  readonly identifier: string
  readonly paymentStatus: OrderStatus
  readonly cartToken: string | null
  readonly fingerprint: string | null
  readonly presentationId: number | null
  readonly locationId: number
  readonly total: number
  readonly serviceCharge: number
  readonly voucherAmount: number
  readonly amountDue: number
  readonly paymentDeadline: string | null
  readonly deadlinePassed: boolean
  readonly documentKey: string | null
  readonly failure: PaymentFailureCode | null
  readonly paidPaymentId: string | null
  readonly contact: { readonly email: string; readonly mobile: string; readonly firstName: string } | null
  /** the logged-in customer whose order it is (spec `uuid`), and whether they asked to keep the card */
  readonly customerId: number | null
  readonly saveCard: boolean
  /** what the order buys (src/domain/cart/orderKind.ts) */
  readonly orderKind: OrderKind
  /** an unpaid hold (issue 16): its signed-in customer may pay it from any browser */
  readonly isHold: boolean
}

const SELECT_ORDER = `
  SELECT r.id::float8 AS id, r.identifier, r.payment_status AS "paymentStatus", r.cart_token AS "cartToken",
    r.commit_fingerprint AS fingerprint, r.presentation_id AS "presentationId", r.location_id AS "locationId",
    r.total_agorot::float8 AS total, r.service_charge_agorot::float8 AS "serviceCharge",
    r.voucher_agorot::float8 AS "voucherAmount", r.amount_due_agorot::float8 AS "amountDue",
    to_char(r.payment_deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "paymentDeadline",
    coalesce(r.payment_deadline <= marquee_now(), false) AS "deadlinePassed",
    r.document_key AS "documentKey", r.failure, r.paid_payment_id AS "paidPaymentId", r.contact,
    r.customer_id AS "customerId", r.save_card AS "saveCard", r.order_kind AS "orderKind",
    r.is_hold AS "isHold"
  FROM reservations r`

/** ≥ 128 random bits: the key alone opens an order's e-documents, so it must not be guessable. */
export const newDocumentKey = (): string => randomBytes(24).toString("base64url")

export type PaidOutcome = "paid" | "alreadyPaid" | "voided" | "seatHoldLost"

export class OrdersRepo extends Context.Service<
  OrdersRepo,
  {
    /** none at once, without a query, for text no order can have (a wrong check digit: a misread number) */
    readonly byIdentifier: (identifier: string) => Effect.Effect<Option.Option<OrderRow>>
    readonly byId: (id: number) => Effect.Effect<Option.Option<OrderRow>>
    readonly byIdempotencyKey: (key: string) => Effect.Effect<Option.Option<OrderRow>>
    /** the row lock every transition takes first (inside a transaction) */
    readonly lock: (id: number) => Effect.Effect<OrderRow>
    readonly ticketIdentifiers: (id: number) => Effect.Effect<ReadonlyArray<string>>
    readonly awaitingOfCart: (cartToken: string) => Effect.Effect<ReadonlyArray<OrderRow>>
    /** seats still tied to the order become sales; if one is gone the order is voided instead */
    readonly markPaid: (id: number, paymentId: string) => Effect.Effect<PaidOutcome>
    readonly voidOrder: (id: number, failure: PaymentFailureCode) => Effect.Effect<boolean>
    /** an order's holds and deadline last at least until `seconds` from now (BLIK's bank-app wait) */
    readonly extendTo: (id: number, seconds: number) => Effect.Effect<void>
    readonly pastDeadline: (limit: number) => Effect.Effect<ReadonlyArray<number>>
  }
>()("marquee/payment/OrdersRepo") {
  static readonly layer = Layer.effect(
    OrdersRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const one = (where: string, params: ReadonlyArray<unknown>) =>
        sql
          .unsafe<OrderRow>(`${SELECT_ORDER} WHERE ${where}`, params)
          .pipe(Effect.map((rows) => Option.fromNullishOr(rows[0])))

      const byIdentifier = Effect.fn("OrdersRepo.byIdentifier")(function* (identifier: string) {
        if (!mayBeOrderIdentifier(identifier)) return Option.none()
        return yield* one("r.identifier = $1", [identifier])
      }, Effect.orDie)

      const byId = Effect.fn("OrdersRepo.byId")(function* (id: number) {
        return yield* one("r.id = $1", [id])
      }, Effect.orDie)

      const byIdempotencyKey = Effect.fn("OrdersRepo.byIdempotencyKey")(function* (key: string) {
        return yield* one("r.idempotency_key = $1", [key])
      }, Effect.orDie)

      const lock = Effect.fn("OrdersRepo.lock")(function* (id: number) {
        const rows = yield* sql.unsafe<OrderRow>(`${SELECT_ORDER} WHERE r.id = $1 FOR UPDATE`, [id])
        const row = rows[0]
        if (row === undefined) return yield* Effect.die(new Error(`no reservation ${id}`))
        return row
      }, Effect.orDie)

      const ticketIdentifiers = Effect.fn("OrdersRepo.ticketIdentifiers")(function* (id: number) {
        const rows = yield* sql<{ id: string }>`
          SELECT id::text AS id FROM sold_tickets WHERE reservation_id = ${id} ORDER BY id`
        return rows.map((row) => row.id)
      }, Effect.orDie)

      const awaitingOfCart = Effect.fn("OrdersRepo.awaitingOfCart")(function* (cartToken: string) {
        return yield* sql.unsafe<OrderRow>(
          `${SELECT_ORDER} WHERE r.cart_token = $1 AND r.payment_status = 'awaitingPayment' ORDER BY r.id`,
          [cartToken],
        )
      }, Effect.orDie)

      const voidOrder = Effect.fn("OrdersRepo.voidOrder")(function* (
        id: number,
        failure: PaymentFailureCode,
      ) {
        const order = yield* lock(id)
        if (order.paymentStatus !== "awaitingPayment") return false
        // untie first (the guard trigger lets order code through when reservation_id changes), then free
        const untied = yield* sql<{ id: string }>`
          UPDATE seat_allocations SET reservation_id = NULL
          WHERE reservation_id = ${id} AND kind = 'hold' RETURNING id::text AS id`
        if (untied.length > 0)
          yield* sql`DELETE FROM seat_allocations WHERE id IN ${sql.in(untied.map((row) => row.id))}`
        const cancelled = yield* sql<{
          voucherId: number | null
          optionId: number | null
          memberId: number | null
          points: number
        }>`
          UPDATE sold_tickets SET cancelled_at = marquee_now(), allocation_id = NULL
          WHERE reservation_id = ${id} AND cancelled_at IS NULL
          RETURNING system_voucher_id::float8 AS "voucherId", reference_option_id AS "optionId",
            member_id AS "memberId", loyalty_points AS points`
        // the ticket vouchers' tickets, the reference options' uses and the members' points the commit spent
        // come back
        const tally = (ids: ReadonlyArray<number | null>, weight: (i: number) => number = () => 1) => {
          const counts = new Map<number, number>()
          for (const [i, one] of ids.entries())
            if (one !== null) counts.set(one, (counts.get(one) ?? 0) + weight(i))
          return [...counts].filter(([, n]) => n > 0).sort(([a], [b]) => a - b)
        }
        for (const [voucherId, tickets] of tally(cancelled.map((row) => row.voucherId)))
          yield* sql`UPDATE system_vouchers SET tickets_left = tickets_left + ${tickets} WHERE id = ${voucherId}`
        for (const [optionId, tickets] of tally(cancelled.map((row) => row.optionId)))
          yield* sql`
            UPDATE ticket_reference_options SET used = greatest(0, used - ${tickets}) WHERE id = ${optionId}`
        const points = tally(
          cancelled.map((row) => row.memberId),
          (i) => cancelled[i]?.points ?? 0,
        )
        for (const [memberId, spent] of points)
          yield* sql`UPDATE members SET points_balance = points_balance + ${spent} WHERE id = ${memberId}`
        yield* sql`
          WITH reversed AS (
            UPDATE voucher_redemptions SET reversed_at = marquee_now()
            WHERE reservation_id = ${id} AND reversed_at IS NULL
            RETURNING voucher_id, amount_agorot
          )
          UPDATE system_vouchers v SET balance_agorot = v.balance_agorot + r.amount_agorot
          FROM reversed r WHERE v.id = r.voucher_id`
        yield* sql`
          UPDATE discount_codes d SET used_count = greatest(0, d.used_count - 1)
          FROM reservations r WHERE r.id = ${id} AND d.id = ANY (r.discount_code_ids)`
        yield* sql`
          UPDATE reservations SET payment_status = 'voided', status = 'cancelled', voided_at = marquee_now(),
            cancelled_at = marquee_now(), failure = ${failure}
          WHERE id = ${id}`
        return true
      }, Effect.orDie)

      const markPaid = Effect.fn("OrdersRepo.markPaid")(function* (id: number, paymentId: string) {
        const order = yield* lock(id)
        if (order.paymentStatus === "paid") return "alreadyPaid" as const
        if (order.paymentStatus === "voided") return "voided" as const
        // an unpaid hold past its cut-off (src/server/payment/holdRules.ts) was released: too late to pay for it
        const lapsedHold = yield* sql<{ lapsed: boolean }>`
          SELECT is_hold AND payment_deadline <= marquee_now() AS lapsed FROM reservations WHERE id = ${id}`
        if (lapsedHold[0]?.lapsed === true) {
          yield* voidOrder(id, "orderCancelled")
          return "voided" as const
        }
        // lock the order's seats, then check none was taken over (its reservation_id cleared) or deleted
        yield* sql`SELECT id FROM seat_allocations WHERE reservation_id = ${id} ORDER BY id FOR UPDATE`
        const lost = yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM (
            SELECT st.allocation_id FROM sold_tickets st WHERE st.reservation_id = ${id} AND st.section_id IS NOT NULL
            UNION ALL
            -- a membership's season seat, one hold per showing (migration 0037)
            SELECT s.allocation_id FROM order_item_seats s WHERE s.reservation_id = ${id}
          ) held LEFT JOIN seat_allocations a ON a.id = held.allocation_id
          WHERE a.id IS NULL OR a.reservation_id IS DISTINCT FROM ${id} OR a.kind <> 'hold'`
        if ((lost[0]?.n ?? 0) > 0) {
          yield* voidOrder(id, "seatHoldLost")
          return "seatHoldLost" as const
        }
        yield* sql`
          UPDATE seat_allocations SET kind = 'sale', expires_at = NULL
          WHERE reservation_id = ${id} AND kind = 'hold'`
        yield* sql`
          UPDATE reservations SET payment_status = 'paid', paid_at = marquee_now(), paid_payment_id = ${paymentId},
            document_key = ${newDocumentKey()}, purchased_at = marquee_now()
          WHERE id = ${id}`
        // vouchers, memberships and the like are issued with the payment, never apart from it
        yield* fulfilItems(id).pipe(Effect.provideService(SqlClient.SqlClient, sql))
        return "paid" as const
      }, Effect.orDie)

      const extendTo = Effect.fn("OrdersRepo.extendTo")(function* (id: number, seconds: number) {
        yield* sql`
          UPDATE reservations SET payment_deadline = greatest(payment_deadline, marquee_now() + make_interval(secs => ${seconds}))
          WHERE id = ${id} AND payment_status = 'awaitingPayment'`
        yield* sql`
          UPDATE seat_allocations SET expires_at = greatest(expires_at, marquee_now() + make_interval(secs => ${seconds}))
          WHERE reservation_id = ${id} AND kind = 'hold'`
      }, Effect.orDie)

      const pastDeadline = Effect.fn("OrdersRepo.pastDeadline")(function* (limit: number) {
        const rows = yield* sql<{ id: number }>`
          SELECT id::float8 AS id FROM reservations
          WHERE payment_status = 'awaitingPayment' AND payment_deadline <= marquee_now()
          ORDER BY payment_deadline LIMIT ${limit}`
        return rows.map((row) => row.id)
      }, Effect.orDie)

      return OrdersRepo.of({
        byIdentifier,
        byId,
        byIdempotencyKey,
        lock,
        ticketIdentifiers,
        awaitingOfCart,
        markPaid,
        voidOrder,
        extendTo,
        pastDeadline,
      })
    }),
  )
}
