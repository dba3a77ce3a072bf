import type { OrderKind } from "../../../domain/cart/orderKind.ts"
import type { ItemOrderKind } from "./ItemOrderKind.ts"
import { productsOrder } from "./productsOrder.ts"
import { vodOrder } from "./vodOrder.ts"

/**
 * The order kinds other than tickets, each committed by its module. A kind not listed here is not sold online
 * yet: the commit refuses it as `notOnSale`.
 */
export const itemOrderKinds: Partial<Record<Exclude<OrderKind, "tickets">, ItemOrderKind>> = {
  products: productsOrder,
  vod: vodOrder,
}
