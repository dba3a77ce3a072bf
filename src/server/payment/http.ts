import { Effect, Layer, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { InvalidMobileNumber, SmsFailed } from "../../api/messagingErrors.ts"
import { ReservationNotFound, VoucherLookupFailed } from "../../api/PaymentApi.ts"
import { DocumentLookupLimited } from "../../api/ReservationsApi.ts"
import { CurrentCart, CurrentCartIfAny, CurrentCustomerIfAny } from "../../api/sessions.ts"
import { israeliMobile } from "../../domain/order/customerInfo.ts"
import { SiteFlagsConfig } from "../config/siteFlags.ts"
import { SavedCardsRepo } from "../customer/SavedCardsRepo.ts"
import { TicketPasses } from "../edocuments/TicketPasses.ts"
import { voucherDocument } from "../edocuments/VoucherDocuments.ts"
import { clientOf, hasUsesLeft, type Limit, takeFromLimits } from "../limits/RateLimits.ts"
import { MiniSitesRepo } from "../miniSite/MiniSitesRepo.ts"
import { SmsDailyBudget } from "../notifications/smsAllowance.ts"
import { HumanCheck } from "../providers/humanCheck/HumanCheck.ts"
import { SeatHoldsRepo } from "../seats/SeatHoldsRepo.ts"
import { CommitService } from "./CommitService.ts"
import { ConfirmationRepo } from "./ConfirmationRepo.ts"
import { OrderCustomer } from "./OrderCustomer.ts"
import { OrdersRepo } from "./OrdersRepo.ts"
import { enqueueTicketsSms } from "./outbox.ts"
import { PaymentFlow } from "./PaymentFlow.ts"
import { Reconciliation } from "./Reconciliation.ts"
import { sandboxProvidersLayer } from "./sandbox/SandboxProvider.ts"

/** Every payment service over one database; the HTTP groups and the plain routes share it. */
export const PaymentServices = Layer.mergeAll(ConfirmationRepo.layer, Reconciliation.layer).pipe(
  Layer.provideMerge(PaymentFlow.layer),
  Layer.provideMerge(
    Layer.mergeAll(OrdersRepo.layer, sandboxProvidersLayer, SeatHoldsRepo.layer, SavedCardsRepo.layer),
  ),
)

/** Commit also needs the human check, which the API layer provides. */
const CommitServices = Layer.mergeAll(
  CommitService.layer.pipe(Layer.provide(MiniSitesRepo.layer)),
  OrderCustomer.layer,
).pipe(Layer.provideMerge(PaymentServices))

/**
 * "Send tickets by SMS" (issue 14, item 6): a paid order's key used to send its e-ticket link to any number, as
 * often as asked. Now each send also needs a solved human check, and an order sends at most
 * {@link SENDS_PER_ORDER} such messages an hour and one client address at most {@link SENDS_PER_CLIENT}: enough
 * for a family to share its tickets, too few to flood anyone.
 */
export const SENDS_PER_ORDER = 3
export const SENDS_PER_CLIENT = 10
/**
 * Order and e-document lookups per client (issue 17): a client whose lookups found nothing
 * {@link MISSED_LOOKUPS_PER_CLIENT} times in 10 minutes is refused every lookup until the window ends. Only misses
 * count (a buyer reloading their own tickets never reaches it, a guesser soon does), and an unknown key and a
 * malformed one are both misses, answered alike.
 */
export const MISSED_LOOKUPS_PER_CLIENT = 30

const missedLookups = (client: string): Limit => ({
  key: `documentLookup:missed:${client}`,
  limit: MISSED_LOOKUPS_PER_CLIENT,
  windowSeconds: 600,
})

const limitedLookup = <A, E, R>(client: string, lookup: Effect.Effect<Option.Option<A>, E, R>) =>
  Effect.gen(function* () {
    const limit = missedLookups(client)
    if (!(yield* hasUsesLeft(limit)))
      return yield* new DocumentLookupLimited({ error: "documentLookupLimited" })
    const found = yield* lookup
    if (Option.isNone(found)) yield* takeFromLimits([limit])
    return found
  })

const sendTicketsLimits = (reservationId: number, client: string): ReadonlyArray<Limit> => [
  { key: `sendTickets:order:${reservationId}`, limit: SENDS_PER_ORDER, windowSeconds: 3600 },
  { key: `sendTickets:client:${client}`, limit: SENDS_PER_CLIENT, windowSeconds: 3600 },
]

export const PaymentHttp = HttpApiBuilder.group(
  MarqueeApi,
  "payment",
  Effect.fn(function* (handlers) {
    const commits = yield* CommitService
    const flow = yield* PaymentFlow
    const confirmations = yield* ConfirmationRepo
    const humanCheck = yield* HumanCheck
    const customers = yield* OrderCustomer
    // spec §9 "saving card off": the card is kept only where the site offers it (SAVE_CARD)
    const saveCardOffered = (yield* SiteFlagsConfig).saveCard

    /** the token of the asking cart, if a live one asks (an order is its committing cart's alone) */
    const cartTokenIfAny = CurrentCartIfAny.useSync((cart) => Option.getOrUndefined(cart)?.token)
    /** the signed-in customer, if any (an unpaid hold is also its customer's to pay) */
    const customerIdIfAny = CurrentCustomerIfAny.useSync((customer) =>
      Option.match(customer, { onNone: () => null, onSome: (c) => c.customerId }),
    )

    return handlers
      .handle("commit", ({ payload, headers, request }) =>
        Effect.gen(function* () {
          const cart = yield* CurrentCart
          const customer = yield* CurrentCustomerIfAny
          const result = yield* commits.commit({
            cartToken: cart.token,
            idempotencyKey: headers["idempotency-key"],
            request: payload,
            client: clientOf(request.remoteAddress),
            customerId: Option.match(customer, { onNone: () => null, onSome: (c) => c.customerId }),
          })
          yield* customers.attach(
            result.reservationIdentifier,
            customer,
            saveCardOffered && payload.cart.saveMagCard,
          )
          return result
        }),
      )
      .handle("form", ({ params, query }) =>
        Effect.gen(function* () {
          const customer = yield* CurrentCustomerIfAny
          const savedCard =
            query.savedCardId === undefined
              ? undefined
              : yield* customers.savedCard(customer, query.savedCardId)
          return yield* flow.form({
            cartToken: yield* cartTokenIfAny,
            customerId: Option.match(customer, { onNone: () => null, onSome: (c) => c.customerId }),
            reservationIdentifier: query.reservationIdentifier,
            method: query.method ?? "card",
            locale: params.locale,
            numberOfPayments: Number.parseInt(query.numberOfPayments ?? "1", 10) || 1,
            savedCard,
          })
        }),
      )
      .handle("complete", ({ payload }) =>
        Effect.gen(function* () {
          return yield* flow.complete({
            cartToken: yield* cartTokenIfAny,
            customerId: yield* customerIdIfAny,
            reservationIdentifier: payload.reservationIdentifier,
            paymentId: payload.paymentId,
          })
        }),
      )
      .handle("voucher", ({ query, request }) =>
        Effect.gen(function* () {
          // guessing references is the abuse: a live cart (issued after a solved check) or a fresh check
          const cartOk = Option.isSome(yield* CurrentCartIfAny)
          if (query.recaptchaToken !== undefined)
            yield* humanCheck.verify(query.recaptchaToken, clientOf(request.remoteAddress))
          else if (!cartOk) return yield* new HumanCheckFailed({ error: "RECAPTCHA_REQUIRED" })
          return yield* confirmations
            .voucherBalance(query.reference)
            .pipe(Effect.mapError((error) => new VoucherLookupFailed({ error })))
        }),
      )
  }),
).pipe(Layer.provide(CommitServices))

export const ReservationsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "reservations",
  Effect.fn(function* (handlers) {
    const confirmations = yield* ConfirmationRepo
    const passes = yield* TicketPasses
    const humanCheck = yield* HumanCheck
    const sql = yield* SqlClient.SqlClient
    const smsBudget = yield* SmsDailyBudget
    const notFound = new ReservationNotFound({ error: "reservationNotFound" })
    return handlers
      .handle("confirmation", ({ params, query, request }) =>
        limitedLookup(
          clientOf(request.remoteAddress),
          confirmations.confirmation(params.identifier, query.key, query.lang ?? "he"),
        ).pipe(
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(notFound), onSome: Effect.succeed })),
          Effect.flatMap(({ id: _id, ...confirmation }) => passes.withPasses(confirmation)),
        ),
      )
      .handle("edocument", ({ params, query, request }) =>
        // an unknown key, a malformed one and a cancelled order's all take the one lookup and answer alike
        limitedLookup(
          clientOf(request.remoteAddress),
          confirmations.byDocumentKey(params.documentKey, query.lang ?? "he"),
        ).pipe(
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(notFound), onSome: Effect.succeed })),
          // each ticket's QR: a signed pass a door checks offline (src/server/edocuments/README.md)
          Effect.flatMap(({ id: _id, ...confirmation }) => passes.withPasses(confirmation)),
        ),
      )
      .handle("voucherDocument", ({ params, query, request }) =>
        // counted with the order lookups: one budget of misses for guessing either kind of key
        limitedLookup(
          clientOf(request.remoteAddress),
          voucherDocument(params.documentKey, query.lang ?? "he").pipe(
            Effect.provideService(SqlClient.SqlClient, sql),
          ),
        ).pipe(Effect.flatMap(Option.match({ onNone: () => Effect.fail(notFound), onSome: Effect.succeed }))),
      )
      .handle("sendTickets", ({ params, query, payload, request }) =>
        Effect.gen(function* () {
          const found = yield* confirmations.confirmation(params.identifier, query.key, "he")
          if (Option.isNone(found)) return yield* notFound
          // Israeli mobiles only: the chain's SMS gateway and the only numbers its buyers give
          const mobile = israeliMobile(payload.mobileNumber)
          if (mobile === null) return yield* new InvalidMobileNumber({ error: "invalid_mobileNumber" })
          const client = clientOf(request.remoteAddress)
          yield* humanCheck.verify(payload.recaptchaToken, client)
          if (!(yield* takeFromLimits(sendTicketsLimits(found.value.id, client))))
            return yield* new SmsFailed({ error: "SMS_FAILED" })
          yield* enqueueTicketsSms(found.value.id, mobile, smsBudget)
          return { success: true }
        }).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      )
  }),
).pipe(Layer.provide([PaymentServices, TicketPasses.layer]))
