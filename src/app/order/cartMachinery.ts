import type { Presentation } from "../../api/PresentationsApi.ts"
import { CartTypeChosen, PresentationSelected } from "../../domain/cart/events.ts"
import { findPresentation } from "../../domain/cart/state.ts"
import { appCart } from "../cart/appCart.ts"
import { type CartLog, eventMeta } from "../cart/cartLog.ts"
import { solveHumanCheck } from "../lib/humanCheck.ts"
import { createSeatsClient } from "../seating/seatsClient.ts"
import type { CartMachinery } from "./cartSession.ts"

const client = createSeatsClient()

const factsOf = (p: Presentation) => ({
  id: p.id,
  venueId: p.venueId,
  venueTypeId: p.venueTypeId,
  seatplanId: p.seatplanId,
  authProfileId: p.authProfileId,
  businessId: p.businessId,
  locationId: p.locationId,
  dateTime: p.dateTime,
})

const select = async (log: CartLog, presentation: Presentation): Promise<void> => {
  const state = log.store.state()
  if (findPresentation(state, presentation.id) !== undefined) return
  await log.store.append([
    ...(state.cartType === "tickets" ? [] : [CartTypeChosen.make({ ...eventMeta(), cartType: "tickets" })]),
    PresentationSelected.make({ ...eventMeta(), presentation: factsOf(presentation), isEnrolling: false }),
  ])
}

const earnToken = async (signal: AbortSignal): Promise<string> => {
  const proof = await solveHumanCheck(signal)
  const answer = await client.newCart(proof)
  if (answer._tag === "Refused") throw new Error(`cart token refused: ${answer.code}`)
  return answer.value.token
}

/** The cart as the order screens open it: this tab's log (with its reconciler), the seats client, the token. */
export const cartMachinery: CartMachinery = { open: appCart, client, select, earnToken }
