import { createSeatsClient } from "../seating/seatsClient.ts"
import { type CartLog, openCartLog } from "./cartLog.ts"
import { marqueeDb } from "./db.ts"
import { startReconciler } from "./reconciler.ts"

let opening: Promise<CartLog> | undefined

/**
 * This tab's cart, opened once and shared by every screen, with its reconciler running (start, `online`,
 * `visibilitychange`, next deadline). A failure to open (a private window, storage turned off) is forgotten, so
 * that the next caller tries again.
 */
export const appCart = (): Promise<CartLog> => {
  if (opening === undefined) {
    // inside the async function, so that a synchronous throw (no IndexedDB, localStorage denied) rejects too
    const pending = (async () => {
      const cart = await openCartLog(marqueeDb())
      startReconciler(cart, createSeatsClient())
      return cart
    })()
    pending.catch(() => {
      if (opening === pending) opening = undefined
    })
    opening = pending
  }
  return opening
}
