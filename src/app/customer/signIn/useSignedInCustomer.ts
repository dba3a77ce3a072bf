import { useMemo, useSyncExternalStore } from "react"
import {
  parseCustomer,
  type StoredCustomer,
  storedCustomerText,
  subscribeCustomer,
} from "../customerSession.ts"

/** The customer this browser is signed in as (re-renders on sign-in and sign-out in this tab), or null. */
export const useSignedInCustomer = (): StoredCustomer | null => {
  const stored = useSyncExternalStore(subscribeCustomer, storedCustomerText, () => null)
  return useMemo(() => parseCustomer(stored), [stored])
}
