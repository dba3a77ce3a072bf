import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { CommitFailed, type CommitFailureCode } from "../../../api/CommitRefusals.ts"
import { loadProductPrices } from "../commitFacts.ts"
import { priceProducts } from "../productPricing.ts"
import type { ItemOrderKind, OrderPlace } from "./ItemOrderKind.ts"

/**
 * Food alone (issue 16, spec §2 "food on its own"): a pre-order collected at the cinema the cart names in
 * `locationId`, at the same prices as beside tickets (`priceProducts`). Our choices: no booking fee (the fee is
 * per ticket); a money voucher may pay for it; the e-document's code is what the counter scans.
 */

const failed = (code: CommitFailureCode) =>
  new CommitFailed({ error: "lastCommit", message: "Error processing Transaction", code })

/** A cinema that sells online, with its web point of sale; undefined for the head office or an unknown id. */
const cinemaPlace = Effect.fn("ProductsOrder.place")(function* (locationId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ pointOfSaleId: number }>`
    SELECT pos.id AS "pointOfSaleId"
    FROM locations l JOIN points_of_sale pos ON pos.location_id = l.id AND pos.channel = 'web'
    WHERE l.id = ${locationId} AND l.is_online AND NOT l.is_head_office ORDER BY pos.id LIMIT 1`
  const row = rows[0]
  if (row === undefined) return undefined
  return {
    locationId,
    pointOfSaleId: row.pointOfSaleId,
    businessId: 1,
    authProfileId: 1,
  } satisfies OrderPlace
}, Effect.orDie)

export const productsOrder: ItemOrderKind = {
  form: (forms) => forms.order,
  price: (cart) =>
    Effect.gen(function* () {
      if (cart.locationId === null) return yield* failed("notOnSale")
      const place = yield* cinemaPlace(cart.locationId)
      if (place === undefined) return yield* failed("notOnSale")
      const products = priceProducts(cart.products, yield* loadProductPrices(cart.products.map((p) => p.id)))
      if (products === undefined) return yield* failed("unknownProduct")
      if (cart.globalServiceCharge !== 0) return yield* failed("serviceChargeMismatch")
      const total = products.reduce((sum, p) => sum + p.unitPrice * p.quantity, 0)
      return { place, items: [], products, serviceCharge: 0, total, voucherPayable: true }
    }),
  // the food is in product_sales from the commit; the paid order's document key is what the counter scans
  fulfil: () => Effect.void,
}
