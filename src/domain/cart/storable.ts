import { type CartEvent, CustomerInfoSet } from "./events.ts"
import type { Cart } from "./state.ts"

/**
 * What of a cart may be written to the device (issue 15: "ID numbers are never written to logs, URLs or
 * IndexedDB"). The buyer's ID number (`CustomerInfo.SSN`: a donation's or an invoice's, the customer step's field)
 * is folded into the cart in memory and sent with the commit, but the stored event and the stored snapshot carry
 * `null` instead. So it never reaches IndexedDB, another tab, or an exported log (`npm run replay`); after a reload,
 * in another tab or on an offline resume the cart has no ID number, and a step that needs one asks for it again.
 */
export const storableEvent = (event: CartEvent): CartEvent =>
  event._tag === "CustomerInfoSet" && event.customerInfo.SSN !== null
    ? new CustomerInfoSet({ ...event, customerInfo: { ...event.customerInfo, SSN: null } })
    : event

/** The snapshot of `cart` as it may be stored: the same, without the buyer's ID number. */
export const storableCart = (cart: Cart): Cart =>
  cart.customerInfo !== null && cart.customerInfo.SSN !== null
    ? { ...cart, customerInfo: { ...cart.customerInfo, SSN: null } }
    : cart
