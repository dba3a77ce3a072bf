import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { OrderPlace } from "./ItemOrderKind.ts"

/**
 * Where vouchers, donations and memberships are booked: the chain's own online shop, the head office's web
 * point of sale (they belong to no cinema). None when the chain has no such point of sale: nothing is sold.
 */
export const onlineShopPlace = Effect.fn("ItemOrders.onlineShopPlace")(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ locationId: number; pointOfSaleId: number }>`
    SELECT l.id AS "locationId", pos.id AS "pointOfSaleId"
    FROM locations l JOIN points_of_sale pos ON pos.location_id = l.id AND pos.channel = 'web'
    WHERE l.is_head_office ORDER BY l.id, pos.id LIMIT 1`
  const row = rows[0]
  return row === undefined ? undefined : ({ ...row, businessId: 1, authProfileId: 1 } satisfies OrderPlace)
}, Effect.orDie)
