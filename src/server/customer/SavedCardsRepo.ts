import { randomBytes } from "node:crypto"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { MagCard } from "../../api/CustomerApi.ts"

/**
 * Saved cards (spec `saveMagCard`, Customer `MagCards`): a provider's token and what the owner may see. Every
 * read is by the owner's customer id, so one customer can neither list nor use nor delete another's card.
 */

export interface SavedCardToken {
  readonly id: number
  readonly provider: string
  readonly providerToken: string
}

/** What a provider tells us about a card it kept for a payment (never its number). */
export interface ProviderCard {
  readonly token: string
  readonly last4: string
  readonly brand: string
  readonly expMonth: number
  readonly expYear: number
}

export class SavedCardsRepo extends Context.Service<
  SavedCardsRepo,
  {
    /** the customer's cards, or only those kept by `provider` */
    readonly list: (customerId: number, provider?: string) => Effect.Effect<ReadonlyArray<MagCard>>
    readonly remove: (customerId: number, publicId: string) => Effect.Effect<boolean>
    /** the card's token, only when `customerId` owns it and it is not deleted */
    readonly owned: (customerId: number, publicId: string) => Effect.Effect<Option.Option<SavedCardToken>>
    /** keep a card the provider tokenised for this customer (a second save of one token changes nothing) */
    readonly save: (customerId: number, provider: string, card: ProviderCard) => Effect.Effect<void>
  }
>()("marquee/customer/SavedCardsRepo") {
  static readonly layer = Layer.effect(
    SavedCardsRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const list = Effect.fn("SavedCardsRepo.list")(function* (customerId: number, provider?: string) {
        return yield* sql<MagCard>`
          SELECT public_id AS id, last4, brand, exp_month AS "expMonth", exp_year AS "expYear"
          FROM saved_cards WHERE customer_id = ${customerId} AND deleted_at IS NULL
            AND (${provider ?? null}::text IS NULL OR provider = ${provider ?? null})
          ORDER BY created_at DESC`
      }, Effect.orDie)

      const remove = Effect.fn("SavedCardsRepo.remove")(function* (customerId: number, publicId: string) {
        const rows = yield* sql`
          UPDATE saved_cards SET deleted_at = marquee_now()
          WHERE public_id = ${publicId} AND customer_id = ${customerId} AND deleted_at IS NULL RETURNING id`
        return rows.length > 0
      }, Effect.orDie)

      const owned = Effect.fn("SavedCardsRepo.owned")(function* (customerId: number, publicId: string) {
        const rows = yield* sql<SavedCardToken>`
          SELECT id::float8 AS id, provider, provider_token AS "providerToken" FROM saved_cards
          WHERE public_id = ${publicId} AND customer_id = ${customerId} AND deleted_at IS NULL`
        return Option.fromNullishOr(rows[0])
      }, Effect.orDie)

      const save = Effect.fn("SavedCardsRepo.save")(function* (
        customerId: number,
        provider: string,
        card: ProviderCard,
      ) {
        yield* sql`
          INSERT INTO saved_cards (public_id, customer_id, provider, provider_token, last4, brand, exp_month, exp_year)
          VALUES (${`card_${randomBytes(16).toString("base64url")}`}, ${customerId}, ${provider}, ${card.token},
            ${card.last4}, ${card.brand}, ${card.expMonth}, ${card.expYear})
          ON CONFLICT (provider, provider_token) DO NOTHING`
      }, Effect.orDie)

      return SavedCardsRepo.of({ list, remove, owned, save })
    }),
  )
}
