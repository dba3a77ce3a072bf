import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { CommitFailed, type CommitFailureCode } from "../../../api/CommitRefusals.ts"
import { MAX_VOUCHERS_PER_ORDER } from "../../../domain/cart/rules.ts"
import type { ItemLine, ItemOrderKind } from "./ItemOrderKind.ts"
import { issueVouchers } from "./issueVouchers.ts"
import { onlineShopPlace } from "./onlineShop.ts"

/**
 * Gift and system vouchers (issue 16, spec §2 voucher order, §3 System voucher, §5, §9), booked at the chain's
 * online shop. Our choices, written down:
 * - a cart line names the class (`systemVoucherId`) and its price row (`systemVoucherPriceId`); an open-price
 *   class has no price row: its lines carry `systemVoucherPriceId` 0 and the buyer's amount as `price`, which
 *   must lie within the class's `min_price_agorot`–`max_price_agorot` inclusive (seed: gift card 50–500 ₪);
 * - at most {@link MAX_VOUCHERS_PER_ORDER} vouchers in one order, all lines together (spec §9);
 * - a class not sold online is refused (`notSoldOnline`): the screen sends the buyer to customer service;
 * - no booking fee; a voucher cannot pay for another voucher (`voucherPayable` false);
 * - each voucher is issued when the order is paid (`issueVouchers.ts`).
 */

const failed = (code: CommitFailureCode) =>
  new CommitFailed({ error: "lastCommit", message: "Error processing Transaction", code })

/** The open-price lines' price id: the class has no price row, the amount is the buyer's. */
export const OPEN_PRICE_ID = 0

interface VoucherClassRow {
  readonly id: number
  readonly isOpenPrice: boolean
  readonly minPrice: number | null
  readonly maxPrice: number | null
  readonly isSoldOnline: boolean
}

const loadClasses = Effect.fn("VouchersOrder.classes")(function* (ids: ReadonlyArray<number>) {
  const sql = yield* SqlClient.SqlClient
  if (ids.length === 0) return new Map<number, VoucherClassRow>()
  const rows = yield* sql<VoucherClassRow>`
    SELECT id, is_open_price AS "isOpenPrice", min_price_agorot AS "minPrice", max_price_agorot AS "maxPrice",
      is_sold_online AS "isSoldOnline"
    FROM system_voucher_classes WHERE id IN ${sql.in([...new Set(ids)])}`
  return new Map(rows.map((row) => [row.id, row]))
}, Effect.orDie)

const loadPrices = Effect.fn("VouchersOrder.prices")(function* (ids: ReadonlyArray<number>) {
  const sql = yield* SqlClient.SqlClient
  if (ids.length === 0) return new Map<number, { classId: number; price: number }>()
  const rows = yield* sql<{ id: number; classId: number; price: number }>`
    SELECT id, system_voucher_class_id AS "classId", price_agorot AS price
    FROM system_voucher_prices WHERE id IN ${sql.in([...new Set(ids)])}`
  return new Map(rows.map((row) => [row.id, { classId: row.classId, price: row.price }]))
}, Effect.orDie)

export const vouchersOrder: ItemOrderKind = {
  form: (forms) => forms.voucher,
  price: (cart, asker) =>
    Effect.gen(function* () {
      const place = yield* onlineShopPlace()
      if (place === undefined) return yield* failed("notOnSale")
      if (cart.globalServiceCharge !== 0) return yield* failed("serviceChargeMismatch")
      if (cart.vouchers.some((line) => line.quantity < 1)) return yield* failed("emptyCart")
      const count = cart.vouchers.reduce((sum, line) => sum + line.quantity, 0)
      if (count > MAX_VOUCHERS_PER_ORDER) return yield* failed("tooManyVouchers")
      const classes = yield* loadClasses(cart.vouchers.map((line) => line.systemVoucherId))
      const prices = yield* loadPrices(cart.vouchers.map((line) => line.systemVoucherPriceId))
      const items: Array<ItemLine> = []
      for (const line of cart.vouchers) {
        const voucherClass = classes.get(line.systemVoucherId)
        if (voucherClass === undefined) return yield* failed("notOnSale")
        if (!voucherClass.isSoldOnline) return yield* failed("notSoldOnline")
        if (voucherClass.isOpenPrice) {
          const { minPrice, maxPrice } = voucherClass
          if (line.systemVoucherPriceId !== OPEN_PRICE_ID) return yield* failed("voucherPriceInvalid")
          if (minPrice === null || maxPrice === null || line.price < minPrice || line.price > maxPrice)
            return yield* failed("voucherPriceInvalid")
        } else {
          const row = prices.get(line.systemVoucherPriceId)
          if (row === undefined || row.classId !== voucherClass.id)
            return yield* failed("voucherPriceInvalid")
          if (row.price !== line.price) return yield* failed("priceMismatch")
        }
        items.push({
          kind: "voucher",
          itemId: voucherClass.id,
          priceId: voucherClass.isOpenPrice ? null : line.systemVoucherPriceId,
          quantity: line.quantity,
          unitPrice: line.price,
          // the signed-in buyer's vouchers appear in their customer area ("my vouchers")
          details: { customerId: asker.customerId },
        })
      }
      const total = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0)
      return { place, items, products: [], serviceCharge: 0, total, voucherPayable: false }
    }),
  fulfil: issueVouchers,
}
