import { Result } from "effect"
import type { Presentation } from "../../api/PresentationEntities.ts"
import { CartTypeChosen, PresentationAdded, PresentationSelected } from "../../domain/cart/events.ts"
import { canAddPresentation } from "../../domain/cart/rules.ts"
import { findPresentation } from "../../domain/cart/state.ts"
import { solveHumanCheck } from "../lib/humanCheck.ts"
import { createSeatsClient, type SeatsClient } from "../seating/seatsClient.ts"
import { type CartLog, eventMeta, openCartLog } from "./cartLog.ts"
import { marqueeDb } from "./db.ts"
import { startReconciler } from "./reconciler.ts"

/**
 * The tab's cart without React: `useCart` (useCart.ts) loads this module with `import()` and so does code
 * outside a component (the app's start, `/order`). It is heavy (Dexie, the event store, the cart domain with
 * Effect Schema, the human check), which is why the seat screen never imports it directly.
 */

/** The one seats client of the tab's cart: the reconciler and every screen that holds seats use it. */
export const cartSeatsClient: SeatsClient = createSeatsClient()

let opening: Promise<CartLog> | undefined

/**
 * This tab's cart, opened once and shared by every screen, with its reconciler running (start, `online`,
 * `visibilitychange`, next deadline). A failure to open (a private window, storage turned off) is forgotten, so
 * that the next caller tries again.
 */
export const openCart = (): Promise<CartLog> => {
  if (opening === undefined) {
    // inside the async function, so that a synchronous throw (no IndexedDB, localStorage denied) rejects too
    const pending = (async () => {
      const cart = await openCartLog(marqueeDb())
      startReconciler(cart, cartSeatsClient)
      return cart
    })()
    pending.catch(() => {
      if (opening === pending) opening = undefined
    })
    opening = pending
  }
  return opening
}

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

/**
 * Appends what choosing this presentation for a tickets order records, unless the cart has it already. After the
 * basket's "add another showing" (issue 16) a showing that may join the order is added beside the ones with
 * seats; otherwise, as the spec's selection does, it replaces them.
 */
export const selectForTickets = async (log: CartLog, presentation: Presentation): Promise<void> => {
  const state = log.store.state()
  if (findPresentation(state, presentation.id) !== undefined) return
  const facts = factsOf(presentation)
  const adding =
    log.addingShowing() &&
    state.cartType === "tickets" &&
    state.presentations.some((p) => p.seats.length > 0) &&
    Result.isSuccess(canAddPresentation(state, facts))
  log.setAddingShowing(false)
  if (adding)
    return void (await log.store.append([PresentationAdded.make({ ...eventMeta(), presentation: facts })]))
  await log.store.append([
    ...(state.cartType === "tickets" ? [] : [CartTypeChosen.make({ ...eventMeta(), cartType: "tickets" })]),
    PresentationSelected.make({ ...eventMeta(), presentation: facts, isEnrolling: false }),
  ])
}

/** Solves the human check and asks the server for a new cart's token. */
export const earnCartToken = async (signal: AbortSignal): Promise<string> => {
  const proof = await solveHumanCheck(signal)
  const answer = await cartSeatsClient.newCart(proof)
  if (answer._tag === "Refused") throw new Error(`cart token refused: ${answer.code}`)
  return answer.value.token
}
