import { Clock, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  type CancellationQuote,
  CancellationRefused,
  type CancelReservationResult,
  type RefundMethod,
} from "../../api/CustomerAreaCancellationApi.ts"
import { ReservationNotFound } from "../../api/PaymentApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { cancellability, reservationState } from "../../domain/customerArea/states.ts"
import { cancellationRuleFor, cancellationSplit } from "../../domain/pricing/cancellationCharge.ts"
import { requiredShowingsOfOrder } from "../enrol/season.ts"
import { localized } from "../localized.ts"
import { enqueueCancellationNotice } from "../payment/outbox.ts"
import { PaymentProviders } from "../payment/PaymentProvider.ts"
import { toChainIso } from "../time.ts"
import { factsOf } from "./AreaReservations.ts"
import { addCredit, creditBalance } from "./credit.ts"

/**
 * Cancelling a reservation, whole or some tickets (contract: src/api/CustomerAreaCancellationApi.ts). The quote and
 * the cancel run the same `plan`, so what the customer was shown is what is refunded. The cancel plans inside a
 * transaction holding the reservation row (`FOR UPDATE`), so two cancels sent at once queue: the second finds the
 * tickets cancelled and gets NOTHING_TO_CANCEL. The refund is the cancelled tickets' price minus the charge, plus,
 * when the cancel leaves no ticket (the whole order), the products bought with it (no charge on them). What the
 * tickets spent comes back as it does when an order is voided (payment/OrdersRepo.ts): a ticket voucher's entry,
 * a member's loyalty points, a reference option's use. A refund notice (template `cancellationRefunded`) goes to
 * the order's contact through the outbox in the same transaction. The refund to a card is asked of the provider inside that
 * transaction with the cancellation's id as the provider's refund id: if the provider refuses, nothing changed.
 * A season enrolment's ticket of a required showing is cancelled only with the whole order, whose status
 * `cancelled` releases the member's place in the season (src/server/enrol/season.ts `ENROLMENT_COUNTS`).
 */

const notFound = new ReservationNotFound({ error: "reservationNotFound" })
const refused = (error: CancellationRefused["error"]) => new CancellationRefused({ error })

interface Head {
  readonly id: number
  readonly locationId: number
  readonly collected: boolean
  readonly voucherAmount: number
  readonly paidPaymentId: string | null
  readonly startsAtMs: number
}

interface TicketLine {
  readonly id: number
  readonly presentationId: number
  readonly price: number
  readonly cancelledAtMs: number | null
  readonly scanned: boolean
  readonly allocationId: number | null
  readonly systemVoucherId: number | null
  readonly memberId: number | null
  readonly loyaltyPoints: number
  readonly referenceOptionId: number | null
}

interface Plan {
  readonly head: Head
  readonly tickets: ReadonlyArray<TicketLine>
  readonly chosen: ReadonlyArray<TicketLine>
  readonly split: ReturnType<typeof cancellationSplit>
  /** what goes back: the split's refund, plus the order's products when no ticket is left */
  readonly refund: number
  readonly rule: CancellationQuote["rule"]
  readonly payment: Option.Option<{
    readonly id: string
    readonly provider: string
    readonly reference: string
  }>
  readonly originalPaymentRefundable: boolean
  readonly cancellableUntilMs: number
}

const TICKET_ID = /^[0-9]{1,15}$/

export class Cancellation extends Context.Service<
  Cancellation,
  {
    readonly quote: (input: {
      readonly customerId: number
      readonly identifier: string
      readonly items: ReadonlyArray<string> | undefined
      readonly toCredit: boolean
      readonly lang: LocaleCode
      readonly cutoffMinutes: number
    }) => Effect.Effect<CancellationQuote, ReservationNotFound | CancellationRefused>
    readonly cancel: (input: {
      readonly customerId: number
      readonly identifier: string
      readonly items: ReadonlyArray<string> | undefined
      readonly toCredit: boolean
      readonly cutoffMinutes: number
    }) => Effect.Effect<CancelReservationResult, ReservationNotFound | CancellationRefused>
  }
>()("marquee/customerArea/Cancellation") {
  static readonly layer = Layer.effect(
    Cancellation,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const providers = yield* PaymentProviders

      const plan = Effect.fn("Cancellation.plan")(function* (input: {
        readonly customerId: number
        readonly identifier: string
        readonly items: ReadonlyArray<string> | undefined
        readonly toCredit: boolean
        readonly lang: LocaleCode
        readonly cutoffMinutes: number
        readonly lock: boolean
      }) {
        // ownership is part of the lookup: another customer's reservation is not found, like a missing one
        const heads = yield* sql<Head>`
          SELECT r.id::float8 AS id, r.location_id AS "locationId", r.collected_at IS NOT NULL AS collected,
            r.voucher_agorot::float8 AS "voucherAmount", r.paid_payment_id AS "paidPaymentId",
            (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs"
          FROM reservations r
          JOIN presentations p ON p.id = coalesce(r.presentation_id,
            (SELECT st.presentation_id FROM sold_tickets st WHERE st.reservation_id = r.id ORDER BY st.id LIMIT 1))
          WHERE r.identifier = ${input.identifier} AND r.customer_id = ${input.customerId}
            AND r.payment_status = 'paid'
          ${input.lock ? sql`FOR UPDATE OF r` : sql``}`
        const head = heads[0]
        if (head === undefined) return yield* notFound
        const tickets = yield* sql<TicketLine>`
          SELECT st.id::float8 AS id, st.presentation_id AS "presentationId", st.price_agorot AS price,
            (extract(epoch FROM st.cancelled_at) * 1000)::float8 AS "cancelledAtMs",
            st.scanned_at IS NOT NULL AS scanned, st.allocation_id::float8 AS "allocationId",
            st.system_voucher_id::float8 AS "systemVoucherId", st.member_id AS "memberId",
            st.loyalty_points AS "loyaltyPoints", st.reference_option_id AS "referenceOptionId"
          FROM sold_tickets st WHERE st.reservation_id = ${head.id} ORDER BY st.id`
        const nowMs = yield* Clock.currentTimeMillis
        const can = cancellability(factsOf(head, tickets), nowMs, input.cutoffMinutes)
        if (can.reason === "nothingLeft") return yield* refused("NOTHING_TO_CANCEL")
        if (can.reason !== null) return yield* refused("TICKET_CANCELLATIONS_ARE_NO_LONGER_POSSIBLE")

        const open = tickets.filter((t) => t.cancelledAtMs === null)
        let chosen: ReadonlyArray<TicketLine> = open
        if (input.items !== undefined) {
          const wanted = new Set(input.items)
          if (wanted.size === 0 || [...wanted].some((item) => !TICKET_ID.test(item)))
            return yield* refused("NOTHING_TO_CANCEL")
          chosen = open.filter((t) => wanted.has(String(t.id)))
          // every named item must be a valid ticket of this reservation: else nothing is cancelled
          if (chosen.length !== wanted.size) return yield* refused("NOTHING_TO_CANCEL")
          // a season enrolment stands on its required showings: cancelling one cancels the whole enrolment (the
          // quote shows every ticket), and the order, cancelled, frees the member's place (enrol/season.ts)
          const required = new Set(yield* requiredShowingsOfOrder(head.id))
          if (chosen.some((t) => required.has(t.presentationId))) chosen = open
        }

        const rules = yield* sql<{
          locationId: number | null
          name: string
          amount: number | null
          percentBasisPoints: number | null
          appliesPer: "ticket" | "order"
          isRefundable: boolean
        }>`
          SELECT location_id AS "locationId", ${localized(sql, "name", input.lang)} AS name,
            amount_agorot AS amount, percent_bp AS "percentBasisPoints", applies_per AS "appliesPer",
            is_refundable AS "isRefundable"
          FROM service_charges WHERE kind = 'cancellation' ORDER BY id`
        const found = cancellationRuleFor(rules, head.locationId)
        const rule = found === null ? null : (({ locationId: _l, ...rest }) => rest)(found)
        const taken = yield* sql<{ taken: number; toPayment: number }>`
          SELECT coalesce(sum(order_charge_agorot), 0)::float8 AS taken,
            coalesce(sum(refund_agorot) FILTER (WHERE method = 'originalPayment'), 0)::float8 AS "toPayment"
          FROM reservation_cancellations WHERE reservation_id = ${head.id}`
        const split = cancellationSplit(
          rule,
          chosen.map((t) => t.price),
          taken[0]?.taken ?? 0,
        )
        // the whole order cancelled: its products (food, extras) are refunded too, in full
        const products =
          chosen.length === open.length
            ? yield* sql<{ total: number }>`
                SELECT coalesce(sum(total_agorot), 0)::float8 AS total FROM product_sales
                WHERE reservation_id = ${head.id}`
            : []
        const refund = split.refund + (products[0]?.total ?? 0)

        // the payment that paid the order online, if one did (none: the box office, or a voucher alone)
        const payments = yield* sql<{
          id: string
          provider: string
          reference: string | null
          amount: number
        }>`
          SELECT id, provider, provider_reference AS reference, amount_agorot::float8 AS amount FROM payments
          WHERE reservation_id = ${head.id} AND state = 'captured'
            AND (${head.paidPaymentId}::text IS NULL OR id = ${head.paidPaymentId})
          ORDER BY created_at, id LIMIT 1`
        const paid = payments[0]
        const payment =
          paid !== undefined && paid.reference !== null && Option.isSome(providers.byName(paid.provider))
            ? Option.some({ id: paid.id, provider: paid.provider, reference: paid.reference })
            : Option.none()
        // a voucher's part cannot become money on a card; a refund never exceeds what the payment captured
        const originalPaymentRefundable =
          refund === 0 ||
          (paid !== undefined &&
            Option.isSome(payment) &&
            head.voucherAmount === 0 &&
            (taken[0]?.toPayment ?? 0) + refund <= paid.amount)
        if (!input.toCredit && !originalPaymentRefundable) return yield* refused("BALANCE_IS_DUE")
        return {
          head,
          tickets,
          chosen,
          split,
          refund,
          rule,
          payment,
          originalPaymentRefundable,
          cancellableUntilMs: can.cancellableUntilMs,
        } satisfies Plan
      })

      const methodOf = (toCredit: boolean): RefundMethod =>
        toCredit ? "transactionCredit" : "originalPayment"

      const quote = Effect.fn("Cancellation.quote")(function* (input: {
        readonly customerId: number
        readonly identifier: string
        readonly items: ReadonlyArray<string> | undefined
        readonly toCredit: boolean
        readonly lang: LocaleCode
        readonly cutoffMinutes: number
      }) {
        const p = yield* plan({ ...input, lock: false }).pipe(Effect.catchTag("SqlError", Effect.die))
        return {
          reservationIdentifier: input.identifier,
          items: p.chosen.map((t) => ({ ticketIdentifier: String(t.id), price: t.price })),
          ticketsAmount: p.split.ticketsAmount,
          cancellationCharge: p.split.charge,
          refundAmount: p.refund,
          rule: p.rule,
          refundMethod: methodOf(input.toCredit),
          originalPaymentRefundable: p.originalPaymentRefundable,
          cancellableUntil: toChainIso(p.cancellableUntilMs),
        } satisfies CancellationQuote
      })

      const cancel = Effect.fn("Cancellation.cancel")(function* (input: {
        readonly customerId: number
        readonly identifier: string
        readonly items: ReadonlyArray<string> | undefined
        readonly toCredit: boolean
        readonly cutoffMinutes: number
      }) {
        const method = methodOf(input.toCredit)
        const done = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              const p = yield* plan({ ...input, lang: "he", lock: true })
              const ids = p.chosen.map((t) => t.id)
              const paymentId =
                method === "originalPayment" ? (Option.getOrNull(p.payment)?.id ?? null) : null
              // a refund of nothing to a payment is no refund: the row says credit-free "originalPayment" only
              // when there is a payment to name
              const recorded =
                method === "originalPayment" && paymentId === null ? "transactionCredit" : method
              yield* sql`
                UPDATE sold_tickets SET cancelled_at = marquee_now()
                WHERE id IN ${sql.in(ids)} AND cancelled_at IS NULL`
              // the seats are for sale again at once: a sale's allocation is the one thing that says "taken"
              const allocations = p.chosen.flatMap((t) => (t.allocationId === null ? [] : [t.allocationId]))
              if (allocations.length > 0)
                yield* sql`DELETE FROM seat_allocations WHERE id IN ${sql.in(allocations)} AND kind = 'sale'`
              // what each ticket spent comes back: a ticket voucher's entry, a member's points, a reference's use
              for (const t of p.chosen) {
                if (t.systemVoucherId !== null)
                  yield* sql`UPDATE system_vouchers SET tickets_left = tickets_left + 1
                    WHERE id = ${t.systemVoucherId} AND tickets_left IS NOT NULL`
                if (t.memberId !== null && t.loyaltyPoints > 0)
                  yield* sql`UPDATE members SET points_balance = points_balance + ${t.loyaltyPoints}
                    WHERE id = ${t.memberId}`
                if (t.referenceOptionId !== null)
                  yield* sql`UPDATE ticket_reference_options SET used = greatest(0, used - 1)
                    WHERE id = ${t.referenceOptionId}`
              }
              // what the cancel covers (tickets_agorot = charge + refund): the tickets, and the whole order's products
              const covered = p.split.ticketsAmount + (p.refund - p.split.refund)
              const rows = yield* sql<{ id: number }>`
                INSERT INTO reservation_cancellations (reservation_id, customer_id, sold_ticket_ids, tickets_agorot,
                  charge_agorot, order_charge_agorot, refund_agorot, method, payment_id, created_at)
                VALUES (${p.head.id}, ${input.customerId}, ${`{${ids.join(",")}}`}::bigint[], ${covered},
                  ${p.split.charge}, ${p.split.orderCharge}, ${p.refund}, ${recorded}, ${paymentId},
                  marquee_now())
                RETURNING id::float8 AS id`
              const cancellationId = rows[0]?.id ?? 0
              if (recorded === "transactionCredit")
                yield* addCredit({
                  customerId: input.customerId,
                  amount: p.refund,
                  reason: "reservationCancelled",
                  reservationId: p.head.id,
                  systemVoucherId: null,
                })
              else if (p.refund > 0 && Option.isSome(p.payment)) {
                const provider = providers.byName(p.payment.value.provider)
                if (Option.isNone(provider)) return yield* refused("BALANCE_IS_DUE")
                const given = yield* provider.value.refund(
                  p.payment.value.reference,
                  `cancellation-${cancellationId}`,
                  p.refund,
                )
                // the provider said no: the transaction rolls back, nothing was cancelled
                if (Option.isNone(given)) return yield* refused("BALANCE_IS_DUE")
                yield* sql`UPDATE reservation_cancellations SET provider_refund_reference = ${given.value}
                  WHERE id = ${cancellationId}`
              }
              if (p.refund > 0) yield* enqueueCancellationNotice(p.head.id, p.refund, recorded)
              const left =
                p.tickets.length - p.tickets.filter((t) => t.cancelledAtMs !== null).length - ids.length
              if (left === 0)
                yield* sql`UPDATE reservations SET status = 'cancelled', cancelled_at = marquee_now()
                  WHERE id = ${p.head.id}`
              const nowMs = yield* Clock.currentTimeMillis
              const after = p.tickets.map((t) =>
                ids.includes(t.id) ? { ...t, cancelledAtMs: t.cancelledAtMs ?? nowMs } : t,
              )
              return { p, ids, state: reservationState(factsOf(p.head, after), nowMs) }
            }),
          )
          .pipe(Effect.catchTag("SqlError", Effect.die))
        return {
          success: true,
          reservationIdentifier: input.identifier,
          cancelledItems: done.ids.map(String),
          ticketsAmount: done.p.split.ticketsAmount,
          cancellationCharge: done.p.split.charge,
          refundAmount: done.p.refund,
          refundMethod: method,
          state: done.state,
          transactionCredit: yield* creditBalance(input.customerId),
        } satisfies CancelReservationResult
      })

      return Cancellation.of({
        quote: (input) => quote(input).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
        cancel: (input) => cancel(input).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      })
    }),
  )
}
