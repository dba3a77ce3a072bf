import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Product } from "./PresentationEntities.ts"
import { LangQuery, PositiveInt } from "./shared.ts"

/**
 * What the shop sells without a showing (issue 16, spec §2 voucher order, donation, food on its own): the
 * catalogues the choose steps show, in the asked language. Amounts are integer agorot. The commit of each is
 * the one `POST /payment/commit` (src/server/payment/itemOrders/): these reads only show what it will accept.
 */

/** A voucher price row (fixed price); an open-price class has none and takes the buyer's amount instead. */
export const SystemVoucherPrice = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  price: Schema.Int,
})
export type SystemVoucherPrice = typeof SystemVoucherPrice.Type

export const SystemVoucherClass = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
  terms: Schema.String,
  /** the buyer chooses the amount between `minPrice` and `maxPrice` (inclusive) */
  isOpenPrice: Schema.Boolean,
  minPrice: Schema.NullOr(Schema.Int),
  maxPrice: Schema.NullOr(Schema.Int),
  /** tickets the voucher is worth; null: a money voucher whose balance is what was paid */
  ticketQuantity: Schema.NullOr(Schema.Int),
  validityDays: Schema.Int,
  /** false: sold through customer service only (the screen says so and offers no quantity) */
  isSoldOnline: Schema.Boolean,
  prices: Schema.Array(SystemVoucherPrice),
})
export type SystemVoucherClass = typeof SystemVoucherClass.Type

export const SystemVoucherSuperClass = Schema.Struct({
  id: Schema.Int,
  name: Schema.String,
})
export type SystemVoucherSuperClass = typeof SystemVoucherSuperClass.Type

export const SystemVoucherSuperClassList = Schema.Struct({
  superClasses: Schema.Array(SystemVoucherSuperClass),
})

export const SystemVoucherOffer = Schema.Struct({
  superClass: SystemVoucherSuperClass,
  classes: Schema.Array(SystemVoucherClass),
})
export type SystemVoucherOffer = typeof SystemVoucherOffer.Type

export const DonationDetail = Schema.Struct({
  id: Schema.Int,
  /** the fixed amount; null on a custom-amount detail */
  amount: Schema.NullOr(Schema.Int),
  allowsCustomAmount: Schema.Boolean,
  /** the least a custom amount may be (agorot) */
  minCustom: Schema.NullOr(Schema.Int),
})
export type DonationDetail = typeof DonationDetail.Type

export const Donation = Schema.Struct({
  id: Schema.Int,
  code: Schema.String,
  name: Schema.String,
  description: Schema.String,
  details: Schema.Array(DonationDetail),
})
export type Donation = typeof Donation.Type

export const DonationList = Schema.Struct({ donations: Schema.Array(Donation) })
export type DonationList = typeof DonationList.Type

/** A cinema taking food pre-orders online (food alone is collected there). */
export const ShopCinema = Schema.Struct({ id: Schema.Int, name: Schema.String, city: Schema.String })
export type ShopCinema = typeof ShopCinema.Type

export const ShopCinemaList = Schema.Struct({ cinemas: Schema.Array(ShopCinema) })

export const FoodMenu = Schema.Struct({ products: Schema.Array(Product) })
export type FoodMenu = typeof FoodMenu.Type

/** Spec §8 vouchers: no such voucher type (or cinema) for sale. */
export class ShopItemNotFound extends Schema.TaggedError<ShopItemNotFound>()(
  "ShopItemNotFound",
  { error: Schema.Literal("noneForSale") },
  { httpApiStatus: 404 },
) {}

export class ShopApi extends HttpApiGroup.make("shop")
  .add(
    HttpApiEndpoint.get("voucherSuperClasses", "/system-vouchers/superclasses", {
      query: { lang: LangQuery },
      success: SystemVoucherSuperClassList,
    }),
  )
  .add(
    HttpApiEndpoint.get("voucherOffer", "/system-vouchers/superclasses/:id", {
      params: { id: PositiveInt },
      query: { lang: LangQuery },
      success: SystemVoucherOffer,
      error: ShopItemNotFound,
    }),
  )
  .add(
    HttpApiEndpoint.get("donations", "/donations", {
      query: { lang: LangQuery },
      success: DonationList,
    }),
  )
  .add(
    HttpApiEndpoint.get("foodCinemas", "/food/cinemas", {
      query: { lang: LangQuery },
      success: ShopCinemaList,
    }),
  )
  .add(
    HttpApiEndpoint.get("foodMenu", "/food/cinemas/:id/products", {
      params: { id: PositiveInt },
      query: { lang: LangQuery },
      success: FoodMenu,
      error: ShopItemNotFound,
    }),
  ) {}
