import type { Presentation } from "../../api/PresentationsApi.ts"
import { cartMachinery } from "./cartMachinery.ts"
import { type OrderCart, useCartSession } from "./cartSession.ts"

export type { CartTokenState, OrderCart } from "./cartSession.ts"

/**
 * The tab's cart for the steps after the seats (tickets, extras, details, payment): by then the buyer came
 * through the seat screen, which loaded the cart's code, so these screens import it directly. The seat screen,
 * the journey's first, loads the same machinery after its first render instead (seatCart.ts).
 */
export const useOrderCart = (presentation: Presentation): OrderCart =>
  useCartSession(presentation, cartMachinery)
