import type { Cart } from "../../domain/cart/state.ts"
import type { OrderScreen } from "./flow.ts"

/**
 * Where `/order` (spec §2, no presentation named) takes the buyer: back into the order this tab's cart holds, at
 * the furthest screen it can show — pay once the order is committed, the tickets once seats are held, the seats
 * when a presentation is chosen but nothing is held. `null`: no ticket order is open, what's on is the way in.
 */
export const resumeTarget = (
  cart: Cart,
): { readonly presentationId: number; readonly screen: OrderScreen } | null => {
  if (cart.cartType !== "tickets") return null
  const withSeats = cart.presentations.find((p) => p.seats.length > 0)
  if (withSeats !== undefined)
    return {
      presentationId: withSeats.facts.id,
      screen: cart.reservation === null && cart.commit === null ? "tickets" : "pay",
    }
  const chosen = cart.presentations[0]
  return chosen === undefined ? null : { presentationId: chosen.facts.id, screen: "seats" }
}
