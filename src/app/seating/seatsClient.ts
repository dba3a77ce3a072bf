import type { CartState, CartToken, RenewedHolds } from "../../api/CartApi.ts"
import type { LockResult, SeatRef } from "../../api/SeatsApi.ts"
import type { OrderStep } from "../../domain/cart/values.ts"
import { DEFAULT_MAX_MATCHES } from "../../domain/seating/bestAvailable.ts"
import {
  LOCK_REFUSALS,
  type LockRefusal,
  narrowRefusal,
  UNLOCK_REFUSALS,
  type UNRECOGNISED_REFUSAL,
  type UnlockRefusal,
} from "../../domain/seating/refusals.ts"
import { type ApiAnswer, apiSend, apiUrl } from "../lib/api.ts"

/**
 * The browser's seat calls, as plain fetch (the seat map screen should not pay for Effect's HTTP client).
 * Each answer is either the success body or a refusal with the server's code; a refusal is data for the cart
 * log (`SeatLockRejected`), not an exception.
 */

export type SeatCallResult<A, Code extends string = string> =
  | { readonly _tag: "Ok"; readonly value: A }
  | { readonly _tag: "Refused"; readonly status: number; readonly code: Code; readonly detail?: unknown }

/**
 * A lock or unlock refusal narrowed here, at the edge, to the codes the contract answers (a code the domain does not
 * list arrives as 'Error occurred'), so everything after it switches over a closed union.
 */
const narrowed =
  <Code extends string>(known: ReadonlyArray<Code>) =>
  <A>(result: SeatCallResult<A>): SeatCallResult<A, Code | typeof UNRECOGNISED_REFUSAL> =>
    result._tag === "Ok" ? result : { ...result, code: narrowRefusal(known, result.code) }

const CART_HEADER = "x-cart-token"

/**
 * Spec §9 "Best available: maxMatches 5, resultsPerMatch 1, lock on": the server holds the best match (first in
 * its answer) and lists the others it found, one result each. `miniSiteUrl`: the partner the buyer came through
 * (src/app/lib/referral.ts), whose showings and price alone the server then searches (spec §7).
 */
export const bestAvailableUrl = (presentationId: number, quantity: number, miniSiteUrl?: string): string =>
  apiUrl("/seats/best-available", {
    presentationId,
    quantity,
    maxMatches: DEFAULT_MAX_MATCHES,
    resultsPerMatch: 1,
    isLock: "true",
    miniSiteUrl,
  })

const toResult = <A>(answer: ApiAnswer<A | { readonly error?: string }>): SeatCallResult<A> => {
  if (answer.ok && answer.body !== null) return { _tag: "Ok", value: answer.body as A }
  const body = answer.body as { readonly error?: unknown; readonly seats?: unknown } | null
  // a body without a code is a validation failure of the request itself (problem+json) or a server fault
  const code =
    typeof body?.error === "string" ? body.error : answer.status >= 500 ? "serverError" : "invalidRequest"
  return { _tag: "Refused", status: answer.status, code, detail: body?.seats }
}

export interface SeatsClientOptions {
  /** origin for tests and tools; the app uses same-origin relative URLs */
  readonly base?: string
}

export const createSeatsClient = (options: SeatsClientOptions = {}) => {
  const send = <A>(method: "POST" | "PUT", path: string, body: unknown, cartToken?: string) =>
    apiSend<A>(method, path, body, {
      base: options.base,
      headers: cartToken === undefined ? {} : { [CART_HEADER]: cartToken },
    }).then(toResult<A>)

  return {
    /** a new cart; `recaptchaToken` is a solved human check (see lib/humanCheck.ts) */
    newCart: (recaptchaToken: string) => send<CartToken>("POST", "/cart/token", { recaptchaToken }),
    lock: (cartToken: string, seats: ReadonlyArray<SeatRef>, isHold = false) =>
      send<LockResult>("PUT", "/seats/lock-seat", { seats, isHold }, cartToken).then(
        narrowed<LockRefusal>(LOCK_REFUSALS),
      ),
    unlock: (cartToken: string, seats: ReadonlyArray<SeatRef>) =>
      send<{ readonly unlockedSeats: LockResult["lockedSeats"] }>(
        "PUT",
        "/seats/unlock-seat",
        { seats },
        cartToken,
      ).then(narrowed<UnlockRefusal>(UNLOCK_REFUSALS)),
    /** what the server says this cart holds, for the reconciler */
    sync: (
      cartToken: string,
      presentations: ReadonlyArray<{ presentationId: number; seats: ReadonlyArray<SeatRef> }>,
    ) => send<CartState>("POST", "/cart", { cart: { presentations } }, cartToken),
    /** a step's timer started or was extended: the cart's live holds last that step's seconds from now */
    renewHolds: (cartToken: string, step: OrderStep) =>
      send<RenewedHolds>("PUT", "/cart/holds", { step }, cartToken),
  }
}

export type SeatsClient = ReturnType<typeof createSeatsClient>
