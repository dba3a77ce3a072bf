import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { SavedCardNotFound } from "../../api/PaymentApi.ts"
import { CustomerAuth } from "../customer/CustomerAuth.ts"
import { SavedCardsRepo, type SavedCardToken } from "../customer/SavedCardsRepo.ts"

/**
 * The logged-in customer (the spec's `uuid` header) on an order: whose it is, whether its card is to be kept
 * (`saveMagCard`), and which of their saved cards may pay for it. An anonymous buyer's order has no customer
 * and keeps no card.
 */
export class OrderCustomer extends Context.Service<
  OrderCustomer,
  {
    /** after a commit (and its replays): the order is the customer's; keep its card if they asked */
    readonly attach: (
      reservationIdentifier: string,
      uuid: string | undefined,
      saveCard: boolean,
    ) => Effect.Effect<void>
    /** a saved card the caller owns, or 404 for anyone else's (and for no login at all) */
    readonly savedCard: (
      uuid: string | undefined,
      publicId: string,
    ) => Effect.Effect<SavedCardToken, SavedCardNotFound>
  }
>()("marquee/payment/OrderCustomer") {
  static readonly layer = Layer.effect(
    OrderCustomer,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const auth = yield* CustomerAuth
      const cards = yield* SavedCardsRepo

      const attach = Effect.fn("OrderCustomer.attach")(function* (
        reservationIdentifier: string,
        uuid: string | undefined,
        saveCard: boolean,
      ) {
        const customer = yield* auth.resolve(uuid)
        if (Option.isNone(customer)) return
        yield* sql`
          UPDATE reservations SET customer_id = coalesce(customer_id, ${customer.value}),
            save_card = ${saveCard}
          WHERE identifier = ${reservationIdentifier} AND payment_status = 'awaitingPayment'
            AND (customer_id IS NULL OR customer_id = ${customer.value})`.pipe(Effect.orDie)
      })

      const savedCard = Effect.fn("OrderCustomer.savedCard")(function* (
        uuid: string | undefined,
        publicId: string,
      ) {
        const customer = yield* auth.resolve(uuid)
        const card = Option.isNone(customer) ? Option.none() : yield* cards.owned(customer.value, publicId)
        if (Option.isNone(card)) return yield* new SavedCardNotFound({ error: "savedCardNotFound" })
        return card.value
      })

      return OrderCustomer.of({ attach, savedCard })
    }),
  ).pipe(Layer.provide([CustomerAuth.layer, SavedCardsRepo.layer]))
}
