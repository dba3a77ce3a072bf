import { createHash } from "node:crypto"
import { Config, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import {
  CommitFailed,
  type CommitFailureCode,
  type CommitRequest,
  type CommitResult,
  OrderAlreadyPaid,
} from "../../api/PaymentApi.ts"
import { HumanCheck } from "../providers/humanCheck/HumanCheck.ts"
import { contactOf } from "./commitContact.ts"
import { loadPresentation, loadPricingFacts, loadVoucher } from "./commitFacts.ts"
import { type PricedCart, priceCart, voucherAmountFor } from "./commitPricing.ts"
import { type OrderRow, OrdersRepo } from "./OrdersRepo.ts"
import { enqueuePaidConfirmation } from "./outbox.ts"
import { PaymentFlow } from "./PaymentFlow.ts"

/**
 * `POST /payment/commit`: the cart's seat holds become an order awaiting payment, in one transaction.
 * See README.md for the idempotency rules and the payment deadline.
 */

/** Minutes the seats stay held for the order once committed (our choice: long enough for 3-D Secure). */
const PaymentMinutes = Config.Int("PAYMENT_MINUTES").pipe(Config.withDefault(15))

export type CommitError = CommitFailed | OrderAlreadyPaid | HumanCheckFailed

const failed = (code: CommitFailureCode) =>
  new CommitFailed({ error: "lastCommit", message: "Error processing Transaction", code })

/** What the idempotency key was used for: the cart token and the commit cart, canonical by schema order. */
const fingerprintOf = (cartToken: string, request: CommitRequest) =>
  createHash("sha256").update(cartToken).update("\n").update(JSON.stringify(request.cart)).digest("base64url")

/** A concurrent commit with the same key won the unique index: answer what it made. */
class KeyTaken {
  readonly _tag = "KeyTaken"
}

export class CommitService extends Context.Service<
  CommitService,
  {
    readonly commit: (input: {
      /** the asking cart, resolved by the `CartSession` middleware */
      readonly cartToken: string
      readonly idempotencyKey: string
      readonly request: CommitRequest
      readonly client: string
    }) => Effect.Effect<CommitResult, CommitError>
  }
>()("marquee/payment/CommitService") {
  static readonly layer = Layer.effect(
    CommitService,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const humanCheck = yield* HumanCheck
      const orders = yield* OrdersRepo
      const flow = yield* PaymentFlow
      const paymentMinutes = yield* PaymentMinutes

      const resultOf = Effect.fn("CommitService.resultOf")(function* (order: OrderRow) {
        return {
          reservationIdentifier: order.identifier,
          ticketIdentifiers: yield* orders.ticketIdentifiers(order.id),
          status: order.paymentStatus,
          total: order.total,
          serviceCharge: order.serviceCharge,
          voucherAmount: order.voucherAmount,
          amountDue: order.amountDue,
          paymentDeadline: order.paymentDeadline ?? new Date(0).toISOString(),
          documentKey: order.paymentStatus === "paid" ? order.documentKey : null,
        } satisfies CommitResult
      })

      /** The same key answers the same result, but only for the same cart token and commit cart. */
      const replay = (order: OrderRow, cartToken: string, fingerprint: string) =>
        order.cartToken !== cartToken || order.fingerprint !== fingerprint
          ? Effect.fail(failed("idempotencyKeyReused"))
          : resultOf(order)

      const validate = Effect.fn("CommitService.validate")(function* (
        request: CommitRequest,
        cartToken: string,
      ) {
        const cart = request.cart
        if (!request.termsAccepted) return yield* failed("termsRequired")
        if (cart.memberships.length > 0 || cart.vouchers.length > 0 || cart.donations.length > 0)
          return yield* failed("notOnSale")
        if (cart.seats.length === 0) return yield* failed("emptyCart")
        const presentationId = cart.seats[0]?.ticket.prsntId as number
        if (cart.seats.some((line) => line.ticket.prsntId !== presentationId))
          return yield* failed("mixedPresentations")
        const contact = contactOf(cart)
        if (contact === null) return yield* failed("customerInfoInvalid")
        const places = new Set(
          cart.seats.map((l) => `${l.ticket.sectionId}:${l.XCoordinate}:${l.YCoordinate}`),
        )
        if (places.size < cart.seats.length) return yield* failed("seatCount")
        if (cart.voucherPayments.length > 1) return yield* failed("voucherNotFound")
        const presentation = yield* loadPresentation(presentationId)
        if (
          Option.isNone(presentation) ||
          !presentation.value.onSale ||
          presentation.value.pointOfSaleId === null
        )
          return yield* failed("notOnSale")
        const facts = yield* loadPricingFacts(cart, presentation.value, cartToken)
        const priced = priceCart(cart, facts)
        if ("refused" in priced) return yield* failed(priced.refused)
        return { presentation: presentation.value, priced: priced.ok, contact }
      })

      /** The voucher the cart pays with, checked and with the amount it will pay (the lesser of total and balance). */
      const voucherPayment = Effect.fn("CommitService.voucher")(function* (
        request: CommitRequest,
        total: number,
      ) {
        const asked = request.cart.voucherPayments[0]
        if (asked === undefined) return undefined
        const voucher = yield* loadVoucher(asked.systemVoucher)
        if (Option.isNone(voucher) || voucher.value.id !== asked.id) return yield* failed("voucherNotFound")
        const v = voucher.value
        if (!v.active || !v.valid) return yield* failed("voucherExpired")
        if (v.balance === null) return yield* failed("voucherBalance")
        const amount = voucherAmountFor(total, v.balance)
        if (amount <= 0) return yield* failed("voucherBalance")
        if (asked.amount !== amount) return yield* failed("priceMismatch")
        return { id: v.id, amount }
      })

      const write = Effect.fn("CommitService.write")(function* (
        cartToken: string,
        idempotencyKey: string,
        fingerprint: string,
        presentation: { id: number; locationId: number; businessId: number; authProfileId: number },
        pointOfSaleId: number,
        priced: PricedCart,
        voucher: { id: number; amount: number } | undefined,
        contact: object,
      ) {
        // one commit per cart at a time; holds of this cart cannot change under us either (hold_seats locks it)
        yield* sql`SELECT 1 FROM carts WHERE token = ${cartToken} FOR UPDATE`
        const existing = yield* orders.byIdempotencyKey(idempotencyKey)
        if (Option.isSome(existing)) return { replay: existing.value }

        // a cart's earlier unpaid order is superseded: its seats go back to the cart for this commit
        const superseded = yield* orders.awaitingOfCart(cartToken)
        for (const old of superseded) {
          // the order's row before its seats, the same order a capture takes them in (no deadlock)
          yield* orders.lock(old.id)
          yield* sql`UPDATE seat_allocations SET reservation_id = NULL WHERE reservation_id = ${old.id} AND kind = 'hold'`
          yield* orders.voidOrder(old.id, "orderCancelled")
        }

        const held = yield* sql<{
          id: string
          seatId: number | null
          sectionId: number
          gaSlot: number | null
        }>`
          SELECT id::text AS id, seat_id AS "seatId", section_id AS "sectionId", ga_slot AS "gaSlot"
          FROM seat_allocations
          WHERE presentation_id = ${presentation.id} AND cart_token = ${cartToken} AND kind = 'hold'
            AND reservation_id IS NULL AND expires_at > marquee_now()
          ORDER BY id FOR UPDATE`
        const bySeat = new Map(
          held.map((h) => [h.seatId === null ? `ga:${h.sectionId}:${h.gaSlot}` : `s:${h.seatId}`, h.id]),
        )
        const allocationIds = priced.lines.map((l) =>
          bySeat.get(
            l.seat.seatId === null ? `ga:${l.seat.sectionId}:${l.seat.gaSlot}` : `s:${l.seat.seatId}`,
          ),
        )
        if (allocationIds.some((id) => id === undefined)) {
          const sold = yield* sql<{ identifier: string }>`
            SELECT r.identifier FROM seat_allocations a JOIN reservations r ON r.id = a.reservation_id
            WHERE a.presentation_id = ${presentation.id} AND a.kind = 'sale' AND r.cart_token = ${cartToken}
              AND r.payment_status = 'paid'
              AND (a.seat_id IN ${sql.in(priced.lines.map((l) => l.seat.seatId ?? -1))}
                OR (a.section_id, a.ga_slot) IN (SELECT * FROM unnest(
                  ${`{${priced.lines.map((l) => l.seat.sectionId).join(",")}}`}::integer[],
                  ${`{${priced.lines.map((l) => l.seat.gaSlot ?? -1).join(",")}}`}::integer[])))
            LIMIT 1`
          if (sold[0] !== undefined)
            return yield* new OrderAlreadyPaid({
              error: "ORDER_ALREADY_PAID",
              reservationIdentifier: sold[0].identifier,
            })
          return yield* failed("holdLost")
        }

        const voucherAmount = voucher?.amount ?? 0
        const amountDue = priced.total - voucherAmount
        const idRows = yield* sql<{ id: string }>`
          SELECT nextval(pg_get_serial_sequence('reservations', 'id'))::text AS id`
        const id = Number(idRows[0]?.id)
        const inserted = yield* sql<{ id: string }>`
          INSERT INTO reservations (id, identifier, location_id, point_of_sale_id, business_id, auth_profile_id,
            purchased_at, total_agorot, service_charge_agorot, idempotency_key, payment_status, presentation_id,
            cart_token, commit_fingerprint, payment_deadline, amount_due_agorot, voucher_agorot, contact,
            discount_code_ids)
          VALUES (${id}, ${`MQ${String(id).padStart(9, "0")}`}, ${presentation.locationId}, ${pointOfSaleId},
            ${presentation.businessId}, ${presentation.authProfileId}, marquee_now(), ${priced.total}, ${priced.serviceCharge},
            ${idempotencyKey}, 'awaitingPayment', ${presentation.id}, ${cartToken}, ${fingerprint},
            marquee_now() + make_interval(mins => ${paymentMinutes}), ${amountDue}, ${voucherAmount},
            ${JSON.stringify(contact)}::jsonb, ${`{${priced.discountIds.join(",")}}`}::integer[])
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING id::text AS id`
        if (inserted.length === 0) return yield* Effect.fail(new KeyTaken())

        const ids = allocationIds as ReadonlyArray<string>
        // a stale voided-to-be order may still name an allocation this cart took over after its hold lapsed
        yield* sql`UPDATE sold_tickets SET allocation_id = NULL WHERE allocation_id IN ${sql.in(ids)}`
        yield* sql`
          UPDATE seat_allocations SET reservation_id = ${id},
            expires_at = marquee_now() + make_interval(mins => ${paymentMinutes})
          WHERE id IN ${sql.in(ids)}`
        for (const [i, line] of priced.lines.entries())
          yield* sql`
            INSERT INTO sold_tickets (reservation_id, presentation_id, section_id, seat_id, allocation_id, ticket_id,
              ticket_group_id, price_agorot, service_charge_agorot, reference1, reference2, member_id,
              system_voucher_id, reference_option_id, loyalty_points)
            VALUES (${id}, ${presentation.id}, ${line.seat.sectionId}, ${line.seat.seatId}, ${ids[i] as string},
              ${line.ticket.id}, ${line.ticket.groupId}, ${line.price}, ${line.serviceCharge},
              ${line.reference1 ?? line.line.ticket.ref1 ?? null}, ${line.reference2 ?? line.line.ticket.ref2 ?? null},
              ${line.memberId}, ${line.systemVoucherId}, ${line.referenceOptionId}, ${line.loyaltyPoints})`
        for (const product of priced.products)
          yield* sql`
            INSERT INTO product_sales (reservation_id, product_id, presentation_id, location_id, sold_at, quantity,
              unit_price_agorot, total_agorot)
            VALUES (${id}, ${product.id}, ${presentation.id}, ${presentation.locationId}, marquee_now(), ${product.quantity},
              ${product.unitPrice}, ${product.unitPrice * product.quantity})`
        for (const discountId of priced.discountIds) {
          const counted = yield* sql`
            UPDATE discount_codes SET used_count = used_count + 1
            WHERE id = ${discountId} AND (max_uses IS NULL OR used_count < max_uses) RETURNING id`
          if (counted.length === 0) return yield* failed("priceMismatch")
        }
        // in id order, so two commits spending the same vouchers or references cannot deadlock
        for (const [voucherId, seats] of [...priced.ticketVoucherUses].sort(([a], [b]) => a - b)) {
          // the update takes the voucher's row lock; a concurrent commit waits, then sees what is left (never < 0)
          const spent = yield* sql`
            UPDATE system_vouchers SET tickets_left = tickets_left - ${seats}
            WHERE id = ${voucherId} AND status = 'active' AND tickets_left >= ${seats} RETURNING id`
          if (spent.length === 0) return yield* failed("voucherBalance")
        }
        for (const [optionId, tickets] of [...priced.referenceUses].sort(([a], [b]) => a - b)) {
          const counted = yield* sql`
            UPDATE ticket_reference_options SET used = used + ${tickets}
            WHERE id = ${optionId} AND used + ${tickets} <= quantity RETURNING id`
          if (counted.length === 0) return yield* failed("referenceInvalid")
        }
        for (const [memberId, points] of [...priced.pointsUses].sort(([a], [b]) => a - b)) {
          // the member's row lock serialises two orders spending the same points: never below zero
          const spent = yield* sql`
            UPDATE members SET points_balance = points_balance - ${points}
            WHERE id = ${memberId} AND points_balance >= ${points} RETURNING id`
          if (spent.length === 0) return yield* failed("pointsBalance")
        }
        if (voucher !== undefined) {
          // atomic: the balance is taken only if it is still there (two orders cannot spend it twice)
          const taken = yield* sql`
            UPDATE system_vouchers SET balance_agorot = balance_agorot - ${voucher.amount}
            WHERE id = ${voucher.id} AND status = 'active' AND balance_agorot >= ${voucher.amount} RETURNING id`
          if (taken.length === 0) return yield* failed("voucherBalance")
          yield* sql`
            INSERT INTO voucher_redemptions (voucher_id, reservation_id, amount_agorot)
            VALUES (${voucher.id}, ${id}, ${voucher.amount})`
        }
        if (amountDue === 0) {
          yield* orders.markPaid(id, "voucher")
          yield* enqueuePaidConfirmation(id)
        }
        return { created: id, superseded: superseded.map((o) => o.id) }
      })

      const commit = Effect.fn("CommitService.commit")(function* (input: {
        readonly cartToken: string
        readonly idempotencyKey: string
        readonly request: CommitRequest
        readonly client: string
      }) {
        // the cart is live: the CartSession middleware (src/api/sessions.ts) answered for it
        const { cartToken, idempotencyKey, request } = input
        if (idempotencyKey.length < 8 || idempotencyKey.length > 200)
          return yield* failed("idempotencyKeyReused")
        const fingerprint = fingerprintOf(cartToken, request)

        const earlier = yield* orders.byIdempotencyKey(idempotencyKey)
        if (Option.isSome(earlier)) return yield* replay(earlier.value, cartToken, fingerprint)
        // (checked after the replay: a retry after a lost answer carries the same, already spent, check)
        if (request.recaptchaToken !== undefined)
          yield* humanCheck.verify(request.recaptchaToken, input.client)

        const { presentation, priced, contact } = yield* validate(request, cartToken)
        const voucher = yield* voucherPayment(request, priced.total)
        const outcome = yield* sql
          .withTransaction(
            write(
              cartToken,
              idempotencyKey,
              fingerprint,
              presentation,
              presentation.pointOfSaleId as number,
              priced,
              voucher,
              contact,
            ),
          )
          .pipe(
            Effect.catchTag("KeyTaken", () => Effect.succeed({ raced: true as const })),
            Effect.catchTag("SqlError", (error) =>
              error.reason._tag === "UniqueViolation"
                ? Effect.succeed({ raced: true as const })
                : Effect.die(error),
            ),
          )
        if ("created" in outcome && outcome.created !== undefined) {
          for (const old of outcome.superseded ?? []) yield* flow.cancelOpenPayments(old)
          const order = yield* orders.byIdentifier(`MQ${String(outcome.created).padStart(9, "0")}`)
          return yield* resultOf(Option.getOrThrow(order))
        }
        const order =
          "replay" in outcome ? Option.some(outcome.replay) : yield* orders.byIdempotencyKey(idempotencyKey)
        if (Option.isNone(order)) return yield* Effect.die(new Error("idempotency key vanished"))
        return yield* replay(order.value, cartToken, fingerprint)
      })

      return CommitService.of({
        commit: (input) => commit(input).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      })
    }),
  )
}
