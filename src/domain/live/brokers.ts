/**
 * Brokers' presentations (issue 18, spec §4): what a presentation's sale state is, and what each broker action
 * leaves it as. Pure: the server's SQL applies the same rules in one conditional statement each (so two calls at
 * once leave one state), and the staff app reads the state and picks its message from here.
 *
 * - `locked`: held by a broker (for the broker's event): off sale to buyers, whatever the sale switch was.
 * - `onSale`: buyers may buy it (until it starts).
 * - `offSale`: the sale switch is off (sales closed by the back office), not by a broker.
 *
 * lock: onSale or offSale -> locked (the switch as it was is kept for unlock); locked stays locked.
 * unlock: locked -> the state it was locked from; anything else stays as it is.
 * saveForSale: anything -> onSale (a lock is released and the switch turned on).
 * A presentation that has started can be neither locked nor saved for sale (a started show is not sold); it can
 * still be unlocked, which changes nothing for buyers.
 */

export type SaleState = "onSale" | "offSale" | "locked"
export type BrokerAction = "lock" | "unlock" | "saveForSale"

export interface SaleFacts {
  readonly isOnSale: boolean
  readonly locked: boolean
}

export const saleStateOf = (facts: SaleFacts): SaleState =>
  facts.locked ? "locked" : facts.isOnSale ? "onSale" : "offSale"

export type BrokerOutcome =
  | { readonly _tag: "changed"; readonly to: SaleState }
  | { readonly _tag: "unchanged"; readonly state: SaleState }
  | { readonly _tag: "started" }

/** What `action` does to a presentation in `state` (`wasOnSale`: the switch a lock kept; `started`: it has begun). */
export const brokerOutcome = (
  action: BrokerAction,
  state: SaleState,
  wasOnSale: boolean,
  started: boolean,
): BrokerOutcome => {
  if (action === "unlock") {
    return state === "locked"
      ? { _tag: "changed", to: wasOnSale ? "onSale" : "offSale" }
      : { _tag: "unchanged", state }
  }
  if (started) return { _tag: "started" }
  const target: SaleState = action === "lock" ? "locked" : "onSale"
  return state === target ? { _tag: "unchanged", state } : { _tag: "changed", to: target }
}

/** Which buttons a broker sees for a presentation in `state`: only those that would change something. */
export const brokerActionsFor = (state: SaleState, started: boolean): ReadonlyArray<BrokerAction> => {
  const all: ReadonlyArray<BrokerAction> = ["lock", "unlock", "saveForSale"]
  return all.filter((action) => brokerOutcome(action, state, true, started)._tag === "changed")
}
