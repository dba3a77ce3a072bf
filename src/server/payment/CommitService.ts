import { createHash } from "node:crypto"
import { Clock, Config, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  type CommitAnswersRefused,
  CommitFailed,
  type CommitFailureCode,
  type ContactNotVerified,
  InstalmentsNotAllowed,
  LoyaltyMemberNotProven,
  OrderAlreadyPaid,
} from "../../api/CommitRefusals.ts"
import type { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import type { CommitRequest, CommitResult } from "../../api/PaymentApi.ts"
import { type OrderKind, orderKindOf } from "../../domain/cart/orderKind.ts"
import { allowedInstalments, isAllowedInstalments } from "../../domain/pricing/instalments.ts"
import { voucherPaymentAmount } from "../../domain/pricing/voucherPayment.ts"
import { placeKey } from "../../domain/seating/seatKeys.ts"
import { saleRefusalAt } from "../../domain/shared/onSale.ts"
import { siteConfig } from "../config/siteConfig.ts"
import { SiteFlagsConfig } from "../config/siteFlags.ts"
import { checkReferral, type Referral } from "../miniSite/commitReferral.ts"
import { MiniSitesRepo } from "../miniSite/MiniSitesRepo.ts"
import { HumanCheck } from "../providers/humanCheck/HumanCheck.ts"
import { checkWaiver } from "../waiver/commitWaiver.ts"
import { storeWaiver, type WaiverToStore } from "../waiver/WaiverRepo.ts"
import { contactOf } from "./commitContact.ts"
import {
  checkAnswers,
  checkContactsVerified,
  type OrderAnswers,
  presentationForm,
  storeAnswers,
} from "./commitCustomerInfo.ts"
import { type CommitPresentation, loadPresentation, loadPricingFacts, loadVoucher } from "./commitFacts.ts"
import { priceCart, unprovenRedemption } from "./commitPricing.ts"
import { holdDeadline } from "./holdRules.ts"
import type { Asker } from "./itemOrders/ItemOrderKind.ts"
import { itemsAsPricedCart } from "./itemOrders/itemsAsPricedCart.ts"
import { itemOrderKinds } from "./itemOrders/kinds.ts"
import * as steps from "./OrderStepsRepo.ts"
import { type OrderRow, OrdersRepo } from "./OrdersRepo.ts"
import { amountDueOf, type CommitPlan, type PlacedOrder } from "./orderPlan.ts"
import { enqueuePaidConfirmation } from "./outbox.ts"
import { PaymentFlow } from "./PaymentFlow.ts"

/**
 * `POST /payment/commit`: the cart's seat holds become an order awaiting payment, in one transaction.
 * See README.md for the idempotency rules and the payment deadline.
 */

/** Minutes the seats stay held for the order once committed (our choice: long enough for 3-D Secure). */
const PaymentMinutes = Config.Int("PAYMENT_MINUTES").pipe(Config.withDefault(15))

export type CommitError =
  | CommitFailed
  | CommitAnswersRefused
  | ContactNotVerified
  | OrderAlreadyPaid
  | HumanCheckFailed
  | InstalmentsNotAllowed
  | LoyaltyMemberNotProven

/**
 * Most showings in one order (our choice: a family's weekend, not a festival pass; it also bounds the commit's
 * reads, one per showing).
 */
const MAX_SHOWINGS = 6

/** Showings one order may hold: one location (its point of sale and booking fees), one business, one auth profile. */
const sameBooking = (a: CommitPresentation, b: CommitPresentation) =>
  a.locationId === b.locationId && a.businessId === b.businessId && a.authProfileId === b.authProfileId

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
      /** the signed-in customer asking (the `CustomerIfAny` middleware), null for a guest */
      readonly customerId: number | null
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
      const miniSites = yield* MiniSitesRepo
      // the answers are checked by the values /api/config serves (flags, param 66, the forms)
      const site = siteConfig("", yield* SiteFlagsConfig)
      const answerRules = {
        flags: site.flags,
        invoiceEnabled: site.params["66"],
        forms: site.customerInfoForms,
      }

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

      /**
       * A ticket order's checks and prices: each showing on sale, all at one location with one business and
       * auth profile (spec §5: one payment form and one business's books take the order), its seats, its tickets
       * by each showing's rows. Issue 16: several showings make one order (README.md "Several showings").
       */
      const validateTickets = Effect.fn("CommitService.validateTickets")(function* (
        request: CommitRequest,
        asker: Asker,
      ) {
        const cartToken = asker.cartToken
        const cart = request.cart
        const ids = [...new Set(cart.seats.map((line) => line.ticket.prsntId))]
        if (ids.length > MAX_SHOWINGS) return yield* failed("mixedPresentations")
        const places = new Set(
          cart.seats.map(
            (l) => `${l.ticket.prsntId}|${placeKey(l.ticket.sectionId, l.XCoordinate, l.YCoordinate)}`,
          ),
        )
        if (places.size < cart.seats.length) return yield* failed("seatCount")
        const now = yield* Clock.currentTimeMillis
        const showings: Array<CommitPresentation> = []
        for (const id of ids) {
          const presentation = yield* loadPresentation(id)
          if (Option.isNone(presentation)) return yield* failed("notOnSale")
          // the domain's one rule of what may be held or sold, as the seat lock and best available apply it
          const refusal = saleRefusalAt(presentation.value, now)
          if (refusal !== null) return yield* failed(refusal)
          if (presentation.value.pointOfSaleId === null) return yield* failed("notOnSale")
          showings.push(presentation.value)
        }
        // the earliest showing is the order's presentation (ties by id, so a retry names the same one)
        showings.sort((a, b) => a.startsAtMs - b.startsAtMs || a.id - b.id)
        const p = showings[0] as CommitPresentation
        if (!showings.every((s) => sameBooking(s, p))) return yield* failed("mixedPresentations")
        const facts = yield* loadPricingFacts(cart, showings, cartToken)
        if (unprovenRedemption(cart, facts))
          return yield* new LoyaltyMemberNotProven({ error: "loyaltyMemberNotProven" })
        const priced = priceCart(cart, facts)
        if ("refused" in priced) return yield* failed(priced.refused)
        // an unpaid hold (issue 16) is held until its cut-off instead of the payment minutes
        const hold = cart.isHold
          ? yield* holdDeadline({
              cart,
              customerId: asker.customerId,
              priced: priced.ok,
              earliestStartMs: p.startsAtMs,
              nowMs: now,
            })
          : null
        if (hold !== null && "refused" in hold) return yield* failed(hold.refused)
        return {
          kind: "tickets" as const,
          holdUntilMs: hold?.deadlineMs ?? null,
          presentation: p,
          presentationIds: showings.map((s) => s.id),
          pointOfSaleId: p.pointOfSaleId as number,
          priced: priced.ok,
          items: [],
          form: yield* presentationForm(p.id, answerRules),
        }
      })

      /** Vouchers, donations, memberships, food alone: the kind prices its lines (src/server/payment/itemOrders). */
      const validateItems = Effect.fn("CommitService.validateItems")(function* (
        request: CommitRequest,
        kind: Exclude<OrderKind, "tickets">,
        asker: Asker,
      ) {
        const itemKind = itemOrderKinds[kind]
        // only seats are held unpaid (spec §5); the other kinds are bought
        if (itemKind === undefined || request.cart.isHold) return yield* failed("notOnSale")
        const priced = yield* itemKind.price(request.cart, asker)
        if (!priced.voucherPayable && request.cart.voucherPayments.length > 0)
          return yield* failed("voucherNotAccepted")
        const { place } = priced
        return {
          kind,
          presentation: { id: null, ...place },
          presentationIds: [],
          holdUntilMs: null,
          pointOfSaleId: place.pointOfSaleId,
          priced: itemsAsPricedCart(priced),
          items: priced.items,
          form: itemKind.form(answerRules.forms),
        }
      })

      const validate = Effect.fn("CommitService.validate")(function* (request: CommitRequest, asker: Asker) {
        const cart = request.cart
        const kind = orderKindOf(cart)
        if (kind === "empty") return yield* failed("emptyCart")
        if (kind === "mixed") return yield* failed("mixedCart")
        const contact = contactOf(cart)
        if (contact === null) return yield* failed("customerInfoInvalid")
        if (cart.voucherPayments.length > 1) return yield* failed("voucherNotFound")
        const order =
          kind === "tickets"
            ? yield* validateTickets(request, asker)
            : yield* validateItems(request, kind, asker)
        return { ...order, contact }
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
        const amount = voucherPaymentAmount(total, v.balance)
        if (amount <= 0) return yield* failed("voucherBalance")
        if (asked.amount !== amount) return yield* failed("priceMismatch")
        return { id: v.id, amount }
      })

      /** The commit's transaction: the flow of its steps; their SQL lives in OrderStepsRepo.ts. */
      const write = Effect.fn("CommitService.write")(function* (
        plan: CommitPlan,
        answers: OrderAnswers,
        referral: Referral,
        waiver: WaiverToStore | null,
      ) {
        yield* steps.lockCart(plan)
        const existing = yield* orders.byIdempotencyKey(plan.idempotencyKey)
        if (Option.isSome(existing)) return { replay: existing.value }

        // a cart's earlier unpaid order is superseded: its seats go back to the cart for this commit
        const superseded = yield* orders.awaitingOfCart(plan.cartToken)
        for (const old of superseded) {
          // the order's row before its seats, the same order a capture takes them in (no deadlock)
          yield* orders.lock(old.id)
          yield* steps.returnHoldsOf(old.id)
          yield* orders.voidOrder(old.id, "orderCancelled")
        }

        const held = yield* steps.lockHeldSeats(plan)
        if (Option.isNone(held)) {
          const paid = yield* steps.paidOrderWithSeats(plan)
          if (Option.isSome(paid))
            return yield* new OrderAlreadyPaid({
              error: "ORDER_ALREADY_PAID",
              reservationIdentifier: paid.value,
            })
          return yield* failed("holdLost")
        }

        const inserted = yield* steps.insertOrder(plan)
        if (Option.isNone(inserted)) return yield* Effect.fail(new KeyTaken())
        yield* storeAnswers(inserted.value, answers)
        if (waiver !== null) yield* storeWaiver(inserted.value, waiver)
        yield* miniSites.recordReferral(inserted.value, referral.partnerId, referral.integrationId)
        const order: PlacedOrder = { plan, orderId: inserted.value, allocationIds: held.value }

        yield* steps.tieHolds(order)
        yield* steps.writeSoldTickets(order)
        yield* steps.writeProductSales(order)
        yield* steps.writeOrderItems(order)
        const tie = plan.kind === "tickets" ? undefined : itemOrderKinds[plan.kind]?.tie
        const tied = tie === undefined ? true : yield* tie(order)
        if (tied !== true) return yield* failed(tied === false ? "holdLost" : tied)
        if (!(yield* steps.countDiscountUses(plan))) return yield* failed("priceMismatch")
        if (!(yield* steps.spendVoucherTickets(plan))) return yield* failed("voucherBalance")
        if (!(yield* steps.countReferenceUses(plan))) return yield* failed("referenceInvalid")
        if (!(yield* steps.spendPoints(plan))) return yield* failed("pointsBalance")
        if (!(yield* steps.redeemVoucherPayment(order))) return yield* failed("voucherBalance")
        if (amountDueOf(plan) === 0) {
          yield* orders.markPaid(order.orderId, "voucher")
          yield* enqueuePaidConfirmation(order.orderId)
        }
        return { created: order.orderId, superseded: superseded.map((o) => o.id) }
      })

      const commit = Effect.fn("CommitService.commit")(function* (input: {
        readonly cartToken: string
        readonly idempotencyKey: string
        readonly request: CommitRequest
        readonly client: string
        readonly customerId: number | null
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

        // issue 19: the partner and integration link the order came through, checked by the server
        const referral = yield* checkReferral(request).pipe(Effect.provideService(MiniSitesRepo, miniSites))
        const checked = yield* validate(request, { cartToken, customerId: input.customerId })
        const { presentation, priced, contact } = checked
        const answers = yield* checkAnswers(request, checked.form, answerRules)
        yield* checkContactsVerified(cartToken, contact, site.flags)
        // issue 19: a showing that asks for the child waiver needs it signed, each child ticket suiting a child's age
        const waiver =
          checked.kind === "tickets" ? yield* checkWaiver(request, checked.presentationIds) : null
        const voucher = yield* voucherPayment(request, priced.total)
        // instalments split what the card pays, so the rule reads the amount left after the voucher
        const cardAmount = priced.total - (voucher?.amount ?? 0)
        if (!isAllowedInstalments(request.cart.numberOfPayments, cardAmount))
          return yield* new InstalmentsNotAllowed({
            error: "instalmentsNotAllowed",
            allowed: allowedInstalments(cardAmount),
          })
        const outcome = yield* sql
          .withTransaction(
            write(
              {
                cartToken,
                idempotencyKey,
                fingerprint,
                customerId: input.customerId,
                kind: checked.kind,
                presentation,
                presentationIds: checked.presentationIds,
                holdUntilMs: checked.holdUntilMs,
                pointOfSaleId: checked.pointOfSaleId,
                priced,
                items: checked.items,
                voucher,
                contact,
                paymentMinutes,
              },
              answers,
              referral,
              waiver,
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
          const order = yield* orders.byId(outcome.created)
          return yield* resultOf(Option.getOrThrow(order))
        }
        const order =
          "replay" in outcome ? Option.some(outcome.replay) : yield* orders.byIdempotencyKey(idempotencyKey)
        if (Option.isNone(order)) return yield* Effect.die(new Error("idempotency key vanished"))
        return yield* replay(order.value, cartToken, fingerprint)
      })

      /**
       * A commit refused on its way answers what the commit of its key answered, when one now exists: its checks run
       * outside the transaction, after the key was looked up, and can read what a commit of the same key did
       * meanwhile (a double click on a season enrolment: the second click's check found the first click's
       * enrolment and said ALREADY_ENROLLED, where it must answer the first's order).
       */
      const commitOrReplay = (input: Parameters<typeof commit>[0]) =>
        commit(input).pipe(
          Effect.catchTag("CommitFailed", (failure) =>
            failure.code === "idempotencyKeyReused"
              ? Effect.fail(failure)
              : orders
                  .byIdempotencyKey(input.idempotencyKey)
                  .pipe(
                    Effect.flatMap((order) =>
                      Option.isSome(order)
                        ? replay(order.value, input.cartToken, fingerprintOf(input.cartToken, input.request))
                        : Effect.fail(failure),
                    ),
                  ),
          ),
        )

      return CommitService.of({
        commit: (input) => commitOrReplay(input).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      })
    }),
  )
}
