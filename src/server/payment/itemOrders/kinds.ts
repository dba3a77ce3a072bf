import type { OrderKind } from "../../../domain/cart/orderKind.ts"
import { donationsOrder } from "./donationsOrder.ts"
import { enrolmentOrder } from "./enrolmentOrder.ts"
import type { ItemOrderKind } from "./ItemOrderKind.ts"
import { membershipsOrder } from "./membershipsOrder.ts"
import { productsOrder } from "./productsOrder.ts"
import { vodOrder } from "./vodOrder.ts"
import { vouchersOrder } from "./vouchersOrder.ts"

/**
 * The order kinds other than tickets, each committed by its module. A kind not listed here is not sold online
 * yet: the commit refuses it as `notOnSale`.
 */
export const itemOrderKinds: Partial<Record<Exclude<OrderKind, "tickets">, ItemOrderKind>> = {
  products: productsOrder,
  vouchers: vouchersOrder,
  donations: donationsOrder,
  memberships: membershipsOrder,
  vod: vodOrder,
  enrolment: enrolmentOrder,
}
