import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { Product } from "../../api/PresentationEntities.ts"
import type {
  Donation,
  DonationDetail,
  ShopCinema,
  SystemVoucherClass,
  SystemVoucherOffer,
  SystemVoucherPrice,
  SystemVoucherSuperClass,
} from "../../api/ShopApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"

/**
 * The shop's catalogues (src/api/ShopApi.ts), read from the same rows the commit prices by
 * (src/server/payment/itemOrders/): a class, price or detail shown here is one the commit accepts.
 */
export class ShopRepo extends Context.Service<
  ShopRepo,
  {
    readonly superClasses: (lang: LocaleCode) => Effect.Effect<ReadonlyArray<SystemVoucherSuperClass>>
    readonly voucherOffer: (id: number, lang: LocaleCode) => Effect.Effect<Option.Option<SystemVoucherOffer>>
    readonly donations: (lang: LocaleCode) => Effect.Effect<ReadonlyArray<Donation>>
    readonly foodCinemas: (lang: LocaleCode) => Effect.Effect<ReadonlyArray<ShopCinema>>
    readonly foodMenu: (
      locationId: number,
      lang: LocaleCode,
    ) => Effect.Effect<Option.Option<ReadonlyArray<Product>>>
  }
>()("marquee/shop/ShopRepo") {
  static readonly layer = Layer.effect(
    ShopRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient

      const superClasses = Effect.fn("ShopRepo.superClasses")(
        (lang: LocaleCode) => sql<SystemVoucherSuperClass>`
          SELECT s.id, ${localized(sql, "s.name", lang)} AS name FROM system_voucher_superclasses s
          WHERE EXISTS (SELECT 1 FROM system_voucher_classes c WHERE c.superclass_id = s.id)
          ORDER BY s.sort_order, s.id`,
        Effect.orDie,
      )

      const voucherOffer = Effect.fn("ShopRepo.voucherOffer")(function* (id: number, lang: LocaleCode) {
        const found = yield* sql<SystemVoucherSuperClass>`
          SELECT s.id, ${localized(sql, "s.name", lang)} AS name FROM system_voucher_superclasses s WHERE s.id = ${id}`
        const superClass = found[0]
        if (superClass === undefined) return Option.none()
        const classes = yield* sql<Omit<SystemVoucherClass, "prices">>`
          SELECT c.id, ${localized(sql, "c.name", lang)} AS name, ${localized(sql, "c.terms", lang)} AS terms,
            c.is_open_price AS "isOpenPrice", c.min_price_agorot AS "minPrice", c.max_price_agorot AS "maxPrice",
            c.ticket_quantity AS "ticketQuantity", c.validity_days AS "validityDays", c.is_sold_online AS "isSoldOnline"
          FROM system_voucher_classes c WHERE c.superclass_id = ${id} ORDER BY c.id`
        const prices = yield* sql<SystemVoucherPrice & { classId: number }>`
          SELECT p.id, ${localized(sql, "p.name", lang)} AS name, p.price_agorot AS price,
            p.system_voucher_class_id AS "classId"
          FROM system_voucher_prices p JOIN system_voucher_classes c ON c.id = p.system_voucher_class_id
          WHERE c.superclass_id = ${id} ORDER BY p.price_agorot, p.id`
        return Option.some({
          superClass,
          classes: classes.map((c) => ({
            ...c,
            // an open-price class takes the buyer's amount: a price row beside it would be a second price
            prices: c.isOpenPrice
              ? []
              : prices.filter((p) => p.classId === c.id).map(({ classId: _, ...p }) => p),
          })),
        })
      }, Effect.orDie)

      const donations = Effect.fn("ShopRepo.donations")(function* (lang: LocaleCode) {
        const rows = yield* sql<Omit<Donation, "details">>`
          SELECT d.id, d.code, ${localized(sql, "d.name", lang)} AS name,
            ${localized(sql, "d.description", lang)} AS description
          FROM donations d ORDER BY d.id`
        const details = yield* sql<DonationDetail & { donationId: number }>`
          SELECT id, donation_id AS "donationId", amount_agorot AS amount, allows_custom_amount AS "allowsCustomAmount",
            min_custom_agorot AS "minCustom"
          FROM donation_details ORDER BY sort_order, id`
        return rows
          .map((d) => ({
            ...d,
            details: details.filter((x) => x.donationId === d.id).map(({ donationId: _, ...x }) => x),
          }))
          .filter((d) => d.details.length > 0)
      }, Effect.orDie)

      // the cinemas the food-alone commit accepts (productsOrder.ts cinemaPlace): online, with a web point of sale
      const foodCinemas = Effect.fn("ShopRepo.foodCinemas")(
        (lang: LocaleCode) => sql<ShopCinema>`
          SELECT l.id, ${localized(sql, "l.name", lang)} AS name, ${localized(sql, "l.city", lang)} AS city
          FROM locations l
          WHERE l.is_online AND NOT l.is_head_office
            AND EXISTS (SELECT 1 FROM points_of_sale pos WHERE pos.location_id = l.id AND pos.channel = 'web')
          ORDER BY name, l.id`,
        Effect.orDie,
      )

      const foodMenu = Effect.fn("ShopRepo.foodMenu")(function* (locationId: number, lang: LocaleCode) {
        const cinemas = yield* foodCinemas(lang)
        if (!cinemas.some((c) => c.id === locationId)) return Option.none()
        // 3D glasses go with a 3D showing, never alone
        const products = yield* sql<Product>`
          SELECT pr.id, ${localized(sql, "pr.name", lang)} AS name, pr.category, pr.price_agorot AS price,
            pr.is_delivery_required AS "isDeliveryRequired", pr.is_3d_glasses AS "is3DGlasses", pr.image_key AS img
          FROM products pr WHERE pr.is_active AND NOT pr.is_3d_glasses ORDER BY pr.sort_order, pr.id`
        return Option.some(products)
      }, Effect.orDie)

      return ShopRepo.of({ superClasses, voucherOffer, donations, foodCinemas, foodMenu })
    }),
  )
}
