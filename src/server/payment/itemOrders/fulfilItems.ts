import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { OrderKind } from "../../../domain/cart/orderKind.ts"
import { itemOrderKinds } from "./kinds.ts"

/**
 * What a paid order bought is issued in the transaction that marks it paid (OrdersRepo.markPaid): the kind of
 * the order decides how. A ticket order's seats are sold by markPaid itself.
 */
export const fulfilItems = Effect.fn("ItemOrders.fulfil")(function* (orderId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    kind: OrderKind
  }>`SELECT order_kind AS kind FROM reservations WHERE id = ${orderId}`
  const kind = rows[0]?.kind
  if (kind === undefined || kind === "tickets") return
  const itemKind = itemOrderKinds[kind]
  if (itemKind !== undefined) yield* itemKind.fulfil(orderId)
}, Effect.orDie)
