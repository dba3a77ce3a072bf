import { useEffect, useState } from "react"
import { loadSeatActions, type SeatActions } from "../loadSeatSelection.ts"

/**
 * The seat actions (seatActions.ts: the seat commands, the domain's events and rules) are not in this screen's
 * first chunk, nor is the cart itself (useCart loads its code): both are fetched right after the first render
 * (the route's loader has usually started them already), while the buyer already sees the seats.
 */
export const useSeatActions = (): { readonly actions: SeatActions | undefined; readonly failed: boolean } => {
  const [loaded, setLoaded] = useState<{ actions: SeatActions | undefined; failed: boolean }>({
    actions: undefined,
    failed: false,
  })
  useEffect(() => {
    let mounted = true
    loadSeatActions().then(
      (actions) => mounted && setLoaded({ actions, failed: false }),
      () => mounted && setLoaded({ actions: undefined, failed: true }),
    )
    return () => {
      mounted = false
    }
  }, [])
  return loaded
}
