import type { QueryClient } from "@tanstack/react-query"
import { rememberCustomer } from "../customerSession.ts"
import { clearCustomerData } from "./clearCustomerData.ts"
import { endSession } from "./signInApi.ts"

/**
 * Signing out of the area: the server ends the session first (it needs the uuid, and its answer clears the
 * browser's HTTP cache), then this device forgets everything of the customer's (clearCustomerData.ts). Offline,
 * the device is cleared all the same; the session then lapses on the server.
 */
export const signOut = async (queryClient: QueryClient): Promise<void> => {
  await endSession()
  // the cart database's code is loaded only when signing out: the sign-in screen stays light
  const db = await import("../../cart/db.ts").then((module) => module.marqueeDb()).catch(() => null)
  let storage: Storage | null = null
  try {
    storage = window.localStorage
  } catch {
    storage = null
  }
  await clearCustomerData({ queryClient, db, storage })
  rememberCustomer(null)
}
