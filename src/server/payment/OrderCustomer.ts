import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { SavedCardNotFound } from "../../api/PaymentApi.ts"
import type { CurrentCustomer } from "../../api/sessions.ts"
import { mayBeOrderIdentifier } from "../../domain/order/orderIdentifier.ts"
import { SavedCardsRepo, type SavedCardToken } from "../customer/SavedCardsRepo.ts"

/**
 * The logged-in customer (`CurrentCustomerIfAny`, from the spec's `uuid` header) on an order: whose it is, whether its card is to be kept
 * (`saveMagCard`), and which of their saved cards may pay for it. An anonymous buyer's order has no customer
 * and keeps no card.
 */
export class OrderCustomer extends Context.Service<
  OrderCustomer,
  {
    /** after a commit (and its replays): the order is the customer's; keep its card if they asked */
    readonly attach: (
      reservationIdentifier: string,
      customer: Option.Option<CurrentCustomer["Service"]>,
      saveCard: boolean,
    ) => Effect.Effect<void>
    /** a saved card the caller owns, or 404 for anyone else's (and for no login at all) */
    readonly savedCard: (
      customer: Option.Option<CurrentCustomer["Service"]>,
      publicId: string,
    ) => Effect.Effect<SavedCardToken, SavedCardNotFound>
  }
>()("marquee/payment/OrderCustomer") {
  static readonly layer = Layer.effect(
    OrderCustomer,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const cards = yield* SavedCardsRepo

      const attach = Effect.fn("OrderCustomer.attach")(function* (
        reservationIdentifier: string,
        customer: Option.Option<CurrentCustomer["Service"]>,
        saveCard: boolean,
      ) {
        if (Option.isNone(customer) || !mayBeOrderIdentifier(reservationIdentifier)) return
        const { customerId } = customer.value
        yield* sql`
          UPDATE reservations SET customer_id = coalesce(customer_id, ${customerId}),
            save_card = ${saveCard}
          WHERE identifier = ${reservationIdentifier} AND payment_status = 'awaitingPayment'
            AND (customer_id IS NULL OR customer_id = ${customerId})`.pipe(Effect.orDie)
      })

      const savedCard = Effect.fn("OrderCustomer.savedCard")(function* (
        customer: Option.Option<CurrentCustomer["Service"]>,
        publicId: string,
      ) {
        const card = Option.isNone(customer)
          ? Option.none()
          : yield* cards.owned(customer.value.customerId, publicId)
        if (Option.isNone(card)) return yield* new SavedCardNotFound({ error: "savedCardNotFound" })
        return card.value
      })

      return OrderCustomer.of({ attach, savedCard })
    }),
  ).pipe(Layer.provide(SavedCardsRepo.layer))
}
