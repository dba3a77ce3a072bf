import { Effect, Layer, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { ShopItemNotFound } from "../../api/ShopApi.ts"
import { ShopRepo } from "./ShopRepo.ts"

const notFound = new ShopItemNotFound({ error: "noneForSale" })

/** The shop's catalogues (vouchers, donations, food alone); the commit is the payment group's. */
export const ShopHttp = HttpApiBuilder.group(
  MarqueeApi,
  "shop",
  Effect.fn(function* (handlers) {
    const repo = yield* ShopRepo
    return handlers
      .handle("voucherSuperClasses", ({ query }) =>
        repo.superClasses(query.lang ?? "he").pipe(Effect.map((superClasses) => ({ superClasses }))),
      )
      .handle("voucherOffer", ({ params, query }) =>
        repo
          .voucherOffer(params.id, query.lang ?? "he")
          .pipe(
            Effect.flatMap((offer) =>
              Option.isSome(offer) ? Effect.succeed(offer.value) : Effect.fail(notFound),
            ),
          ),
      )
      .handle("donations", ({ query }) =>
        repo.donations(query.lang ?? "he").pipe(Effect.map((donations) => ({ donations }))),
      )
      .handle("foodCinemas", ({ query }) =>
        repo.foodCinemas(query.lang ?? "he").pipe(Effect.map((cinemas) => ({ cinemas }))),
      )
      .handle("foodMenu", ({ params, query }) =>
        repo
          .foodMenu(params.id, query.lang ?? "he")
          .pipe(
            Effect.flatMap((products) =>
              Option.isSome(products) ? Effect.succeed({ products: products.value }) : Effect.fail(notFound),
            ),
          ),
      )
  }),
).pipe(Layer.provide(ShopRepo.layer))
