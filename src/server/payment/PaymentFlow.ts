import { randomBytes } from "node:crypto"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { OrderAlreadyPaid } from "../../api/CommitRefusals.ts"
import {
  type CompletionResult,
  PaymentFailed,
  type PaymentFailureCode,
  type PaymentForm,
  type PaymentMethod,
  type PaymentState,
  ReservationNotFound,
  SavedCardNotFound,
} from "../../api/PaymentApi.ts"
import { maxInstalments as maxInstalmentsOf } from "../../domain/pricing/instalments.ts"
import { SavedCardsRepo, type SavedCardToken } from "../customer/SavedCardsRepo.ts"
import { enrolmentMembershipOf } from "../enrol/season.ts"
import { type OrderRow, OrdersRepo } from "./OrdersRepo.ts"
import { enqueuePaidConfirmation, enqueueRefundNotice } from "./outbox.ts"
import { PaymentProviders, type ProviderPaymentState, type ProviderStatus } from "./PaymentProvider.ts"

/**
 * Payments of an order: opening one with a provider, learning its result (only ever from the provider itself:
 * `getStatus`), and applying that result to the order exactly once. See README.md "State machine".
 */

export interface PaymentRow {
  readonly id: string
  readonly reservationId: number
  readonly provider: string
  readonly method: PaymentMethod
  readonly amount: number
  readonly state: ProviderPaymentState
  readonly failure: PaymentFailureCode | null
  readonly providerReference: string | null
}

const OPEN: ReadonlyArray<ProviderPaymentState> = [
  "awaitingEntry",
  "awaitingVerification",
  "processing",
  "awaitingBankApp",
]

/** BLIK: the bank-app confirmation may take 60 s; the seats must outlive it (with a margin for the webhook). */
const BANK_APP_HOLD_SECONDS = 90

const SELECT_PAYMENT = `
  SELECT id, reservation_id::float8 AS "reservationId", provider, method, amount_agorot::float8 AS amount, state,
    failure, provider_reference AS "providerReference"
  FROM payments`

const notFound = () => new ReservationNotFound({ error: "reservationNotFound" })

export class PaymentFlow extends Context.Service<
  PaymentFlow,
  {
    readonly form: (input: {
      readonly cartToken: string | undefined
      /** the signed-in customer asking, if any: an unpaid hold is theirs to pay from anywhere */
      readonly customerId: number | null
      readonly reservationIdentifier: string
      readonly method: PaymentMethod
      readonly locale: string
      readonly numberOfPayments: number
      readonly savedCard: SavedCardToken | undefined
    }) => Effect.Effect<
      PaymentForm,
      ReservationNotFound | OrderAlreadyPaid | PaymentFailed | SavedCardNotFound
    >
    readonly complete: (input: {
      readonly cartToken: string | undefined
      readonly customerId: number | null
      readonly reservationIdentifier: string
      readonly paymentId: string
    }) => Effect.Effect<CompletionResult, ReservationNotFound>
    /** asks the provider where the payment stands and applies it; safe to run any number of times */
    readonly sync: (paymentId: string) => Effect.Effect<void>
    readonly cancelOpenPayments: (reservationId: number) => Effect.Effect<void>
    readonly openPayments: (limit: number) => Effect.Effect<ReadonlyArray<string>>
    readonly capturedNotApplied: (limit: number) => Effect.Effect<ReadonlyArray<string>>
    readonly paymentByReference: (
      provider: string,
      reference: string,
    ) => Effect.Effect<Option.Option<PaymentRow>>
  }
>()("marquee/payment/PaymentFlow") {
  static readonly layer = Layer.effect(
    PaymentFlow,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const orders = yield* OrdersRepo
      const providers = yield* PaymentProviders
      const savedCards = yield* SavedCardsRepo

      const payment = (id: string) =>
        sql.unsafe<PaymentRow>(`${SELECT_PAYMENT} WHERE id = $1`, [id]).pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie,
        )

      const paymentByReference = (provider: string, reference: string) =>
        sql
          .unsafe<PaymentRow>(`${SELECT_PAYMENT} WHERE provider = $1 AND provider_reference = $2`, [
            provider,
            reference,
          ])
          .pipe(
            Effect.map((rows) => Option.fromNullishOr(rows[0])),
            Effect.orDie,
          )

      const ownedOrder = Effect.fn("PaymentFlow.ownedOrder")(function* (
        owner: {
          readonly cartToken: string | undefined
          readonly customerId: number | null
        },
        identifier: string,
      ) {
        const order = yield* orders.byIdentifier(identifier)
        if (Option.isNone(order)) return yield* notFound()
        // the cart that committed owns the order; an unpaid hold (issue 16) is paid later, from the customer
        // area on any device, so its signed-in customer owns it too; anyone else is told it does not exist
        const byCart = owner.cartToken !== undefined && order.value.cartToken === owner.cartToken
        // an enrolment is always its signed-in member's: its return page may come back without the cart's token
        const byCustomer =
          (order.value.isHold || order.value.orderKind === "enrolment") &&
          owner.customerId !== null &&
          order.value.customerId === owner.customerId
        if (!byCart && !byCustomer) return yield* notFound()
        return order.value
      })

      const form = Effect.fn("PaymentFlow.form")(function* (input: {
        readonly cartToken: string | undefined
        readonly customerId: number | null
        readonly reservationIdentifier: string
        readonly method: PaymentMethod
        readonly locale: string
        readonly numberOfPayments: number
        /** a saved card of the order's customer (already checked to be theirs) */
        readonly savedCard: SavedCardToken | undefined
      }) {
        const order = yield* ownedOrder(input, input.reservationIdentifier)
        if (order.paymentStatus === "paid")
          return yield* new OrderAlreadyPaid({
            error: "ORDER_ALREADY_PAID",
            reservationIdentifier: order.identifier,
          })
        if (order.paymentStatus === "voided")
          return yield* new PaymentFailed({ error: order.failure ?? "orderCancelled" })
        if (order.deadlinePassed) return yield* new PaymentFailed({ error: "orderCancelled" })
        const location = yield* sql<{ cardProvider: "default" | "secondary" }>`
          SELECT card_provider AS "cardProvider" FROM locations WHERE id = ${order.locationId}`.pipe(
          Effect.orDie,
        )
        const provider = providers.choose(input.method, location[0]?.cardProvider ?? "default")
        const savedCard = input.savedCard ?? null
        // a token only means something to the provider that issued it (a location may use another acquirer)
        if (savedCard !== null && (input.method !== "card" || savedCard.provider !== provider.name))
          return yield* new SavedCardNotFound({ error: "savedCardNotFound" })
        // a double click opens one payment: the order's row lock serialises, and an open one is reused
        const paymentId = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              yield* orders.lock(order.id)
              // the buyer's language for the messages about this order (src/server/notifications)
              yield* sql`UPDATE reservations SET locale = ${input.locale} WHERE id = ${order.id}`
              const open = yield* sql<{ id: string }>`
                SELECT id FROM payments
                WHERE reservation_id = ${order.id} AND provider = ${provider.name} AND method = ${input.method}
                  AND state = 'awaitingEntry' AND amount_agorot = ${order.amountDue}
                  AND saved_card_id IS NOT DISTINCT FROM ${savedCard?.id ?? null}
                ORDER BY created_at DESC LIMIT 1`
              if (open[0] !== undefined) return open[0].id
              const id = `pay_${randomBytes(16).toString("base64url")}`
              yield* sql`
                INSERT INTO payments (id, reservation_id, provider, method, amount_agorot, state, saved_card_id)
                VALUES (${id}, ${order.id}, ${provider.name}, ${input.method}, ${order.amountDue}, 'awaitingEntry',
                  ${savedCard?.id ?? null})`
              return id
            }),
          )
          .pipe(Effect.orDie)
        // every order kind, video on demand too, comes back to the one return page (its cart's log completes it),
        // but an enrolment, which is no cart line: its own return page completes it and shows its confirmation
        const returnQuery = `paymentId=${encodeURIComponent(paymentId)}&reservationIdentifier=${encodeURIComponent(order.identifier)}`
        const enrolledIn =
          order.orderKind === "enrolment"
            ? yield* enrolmentMembershipOf(order.id).pipe(Effect.provideService(SqlClient.SqlClient, sql))
            : Option.none<number>()
        const returnUrl = Option.match(enrolledIn, {
          onNone: () => `/order/payment-return?${returnQuery}`,
          onSome: (membershipId) => `/enrol/${membershipId}/payment-return?${returnQuery}`,
        })
        // the hosted page offers what the pay step offered and the commit accepted: one rule (domain/pricing)
        const maxInstalments = maxInstalmentsOf(order.amountDue)
        const created = yield* provider.createPayment({
          paymentId,
          method: input.method,
          amount: order.amountDue,
          maxInstalments,
          returnUrl,
          locale: input.locale,
          // keep a new card only for a logged-in customer who asked (a saved card is kept already)
          saveCard: order.saveCard && order.customerId !== null && savedCard === null,
          savedCardToken: savedCard?.providerToken ?? null,
        })
        yield* sql`UPDATE payments SET provider_reference = ${created.providerReference}, updated_at = marquee_now()
          WHERE id = ${paymentId}`.pipe(Effect.orDie)
        return {
          paymentFormURL: created.formUrl,
          paymentId,
          method: input.method,
          provider: provider.name,
          amount: order.amountDue,
          numberOfPayments: Math.min(Math.max(1, input.numberOfPayments), maxInstalments),
        } satisfies PaymentForm
      })

      /** Money the order cannot keep goes back; the buyer is told once (the state change is the guard). */
      const giveBack = Effect.fn("PaymentFlow.giveBack")(function* (
        row: PaymentRow,
        reason: PaymentFailureCode,
      ) {
        const provider = providers.byName(row.provider)
        if (Option.isNone(provider) || row.providerReference === null) return
        const after = yield* provider.value.refundOrVoid(row.providerReference)
        if (after !== "refunded" && after !== "cancelled") return
        yield* sql
          .withTransaction(
            Effect.gen(function* () {
              const changed = yield* sql`
                UPDATE payments SET state = 'refunded', failure = ${reason}, updated_at = marquee_now()
                WHERE id = ${row.id} AND state = 'captured' RETURNING id`
              if (changed.length > 0) yield* enqueueRefundNotice(row.reservationId, reason)
            }),
          )
          .pipe(Effect.orDie)
      })

      const applyCaptured = Effect.fn("PaymentFlow.applyCaptured")(function* (
        row: PaymentRow,
        status: ProviderStatus,
      ) {
        const verdict = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              const order = yield* orders.lock(row.reservationId)
              const current = yield* sql<{ state: ProviderPaymentState }>`
                SELECT state FROM payments WHERE id = ${row.id} FOR UPDATE`
              if (current[0]?.state === "refunded") return "done" as const
              yield* sql`UPDATE payments SET state = 'captured', failure = NULL, updated_at = marquee_now()
                WHERE id = ${row.id} AND state <> 'captured'`
              if (order.paidPaymentId === row.id) return "done" as const
              if (order.paymentStatus !== "awaitingPayment")
                return order.failure ?? ("orderCancelled" as const)
              if (status.amount !== order.amountDue || row.amount !== order.amountDue)
                return "unableToProcessOrder" as const
              const outcome = yield* orders.markPaid(order.id, row.id)
              if (outcome === "paid") {
                yield* enqueuePaidConfirmation(order.id)
                // the provider kept the card at the customer's request: theirs to pay with next time
                if (order.saveCard && order.customerId !== null && status.savedCard !== null)
                  yield* savedCards.save(order.customerId, row.provider, status.savedCard)
                return "paid" as const
              }
              return outcome === "seatHoldLost" ? ("seatHoldLost" as const) : ("orderCancelled" as const)
            }),
          )
          .pipe(Effect.orDie)
        // the order's other payments (another tab, another method) will never be needed: close them
        if (verdict === "paid") yield* cancelOpenPayments(row.reservationId)
        else if (verdict !== "done") yield* giveBack({ ...row, state: "captured" }, verdict)
      })

      const apply = Effect.fn("PaymentFlow.apply")(function* (row: PaymentRow, status: ProviderStatus) {
        if (status.state === "captured") return yield* applyCaptured(row, status)
        if (status.state === "refunded") {
          yield* sql`UPDATE payments SET state = 'refunded', updated_at = marquee_now() WHERE id = ${row.id}`
          return
        }
        // a later event never undoes a final one: only open payments move
        const moved = yield* sql`
          UPDATE payments SET state = ${status.state}, failure = ${status.failure}, updated_at = marquee_now()
          WHERE id = ${row.id} AND state IN ${sql.in(OPEN)} AND state <> ${status.state} RETURNING id`
        if (moved.length > 0 && status.state === "awaitingBankApp")
          yield* orders.extendTo(row.reservationId, BANK_APP_HOLD_SECONDS)
      }, Effect.orDie)

      const sync = Effect.fn("PaymentFlow.sync")(function* (paymentId: string) {
        const row = yield* payment(paymentId)
        if (Option.isNone(row) || row.value.providerReference === null) return
        const provider = providers.byName(row.value.provider)
        if (Option.isNone(provider)) return
        const status = yield* provider.value.getStatus(row.value.providerReference)
        if (Option.isNone(status)) return
        yield* apply(row.value, status.value)
      })

      const complete = Effect.fn("PaymentFlow.complete")(function* (input: {
        readonly cartToken: string | undefined
        readonly customerId: number | null
        readonly reservationIdentifier: string
        readonly paymentId: string
      }) {
        const order = yield* ownedOrder(input, input.reservationIdentifier)
        const row = yield* payment(input.paymentId)
        if (Option.isNone(row) || row.value.reservationId !== order.id) return yield* notFound()
        yield* sync(input.paymentId)
        const after = (yield* orders.byIdentifier(order.identifier)).pipe(Option.getOrThrow)
        const paid = (yield* payment(input.paymentId)).pipe(Option.getOrThrow)
        return completionOf(after, paid)
      })

      const cancelOpenPayments = Effect.fn("PaymentFlow.cancelOpenPayments")(function* (
        reservationId: number,
      ) {
        const open = yield* sql.unsafe<PaymentRow>(
          `${SELECT_PAYMENT} WHERE reservation_id = $1 AND state IN ('awaitingEntry', 'awaitingVerification',
             'processing', 'awaitingBankApp')`,
          [reservationId],
        )
        for (const row of open) {
          const provider = providers.byName(row.provider)
          const after =
            Option.isSome(provider) && row.providerReference !== null
              ? yield* provider.value.refundOrVoid(row.providerReference)
              : "cancelled"
          // captured a moment before the cancel reached the provider: the money went back, the buyer is told
          const state = after === "refunded" ? "refunded" : "cancelled"
          const changed = yield* sql`
            UPDATE payments SET state = ${state}, failure = 'orderCancelled', updated_at = marquee_now()
            WHERE id = ${row.id} AND state IN ${sql.in(OPEN)} RETURNING id`
          if (changed.length > 0 && state === "refunded")
            yield* enqueueRefundNotice(row.reservationId, "orderCancelled")
        }
      }, Effect.orDie)

      const openPayments = Effect.fn("PaymentFlow.openPayments")(function* (limit: number) {
        const rows = yield* sql<{ id: string }>`
          SELECT p.id FROM payments p JOIN reservations r ON r.id = p.reservation_id
          WHERE p.state IN ${sql.in(OPEN)} AND p.provider_reference IS NOT NULL
            AND (r.payment_status = 'awaitingPayment' OR p.updated_at > marquee_now() - interval '1 day')
          ORDER BY p.created_at LIMIT ${limit}`
        return rows.map((r) => r.id)
      }, Effect.orDie)

      const capturedNotApplied = Effect.fn("PaymentFlow.capturedNotApplied")(function* (limit: number) {
        const rows = yield* sql<{ id: string }>`
          SELECT p.id FROM payments p JOIN reservations r ON r.id = p.reservation_id
          WHERE p.state = 'captured' AND r.paid_payment_id IS DISTINCT FROM p.id
          ORDER BY p.updated_at LIMIT ${limit}`
        return rows.map((r) => r.id)
      }, Effect.orDie)

      const provideSql = Effect.provideService(SqlClient.SqlClient, sql)
      return PaymentFlow.of({
        form,
        complete: (input) => complete(input).pipe(provideSql),
        sync: (id) => sync(id).pipe(provideSql),
        cancelOpenPayments: (id) => cancelOpenPayments(id).pipe(provideSql),
        openPayments,
        capturedNotApplied,
        paymentByReference,
      })
    }),
  )
}

const contractState = (state: ProviderPaymentState): PaymentState =>
  state === "refunded" ? "cancelled" : state

export const completionOf = (order: OrderRow, payment: PaymentRow): CompletionResult => {
  const failure: PaymentFailureCode | null =
    order.paymentStatus === "voided"
      ? (order.failure ?? "orderCancelled")
      : order.paymentStatus === "paid" && order.paidPaymentId !== payment.id && payment.state === "refunded"
        ? "paymentError"
        : payment.state === "failed" || payment.state === "cancelled"
          ? (payment.failure ?? "paymentError")
          : null
  return {
    reservationIdentifier: order.identifier,
    status: order.paymentStatus,
    paymentState: contractState(payment.state),
    failure,
    documentKey: order.paymentStatus === "paid" ? order.documentKey : null,
  }
}
