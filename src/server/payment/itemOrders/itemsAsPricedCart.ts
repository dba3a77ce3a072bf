import type { PricedCart } from "../commitPricing.ts"
import type { PricedItems } from "./ItemOrderKind.ts"

/**
 * An item order in the shape the commit's steps read: no seat lines and no ticket benefits to spend, so the
 * steps that write tickets, tie holds and count codes do nothing, and those that write the order and its food
 * are the ticket order's own.
 */
export const itemsAsPricedCart = (priced: PricedItems): PricedCart => ({
  lines: [],
  products: priced.products,
  ticketsTotal: 0,
  serviceCharge: priced.serviceCharge,
  total: priced.total,
  discountIds: [],
  ticketVoucherUses: new Map(),
  referenceUses: new Map(),
  pointsUses: new Map(),
})
