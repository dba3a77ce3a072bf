import type { CartToken } from "../api/CartApi.ts"
import type { LockResult, SeatRef } from "../api/SeatsApi.ts"

/**
 * The seat calls `replay --against` makes, straight to the API contract (src/api) with Node's fetch: the CLI
 * does not borrow the browser app's client. An answer is "ok" or the refusal code the server sent, the same
 * words the cart log records as a verdict (`SeatLockRejected.reason`); a body without a code is a malformed
 * request ("invalidRequest") or a server fault ("serverError"). No answer at all (a network error) rejects.
 */
export type SeatCallOutcome<A> =
  | { readonly _tag: "Ok"; readonly value: A }
  | { readonly _tag: "Refused"; readonly code: string }

const CART_HEADER = "x-cart-token"

const send = async <A>(
  base: string,
  method: "POST" | "PUT",
  path: string,
  body: unknown,
  cartToken?: string,
): Promise<SeatCallOutcome<A>> => {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...(cartToken === undefined ? {} : { [CART_HEADER]: cartToken }),
    },
    body: JSON.stringify(body),
  })
  const parsed: unknown = await response.json().catch(() => null)
  if (response.ok && parsed !== null) return { _tag: "Ok", value: parsed as A }
  const error = (parsed as { readonly error?: unknown } | null)?.error
  const code = typeof error === "string" ? error : response.status >= 500 ? "serverError" : "invalidRequest"
  return { _tag: "Refused", code }
}

export const seatCalls = (base: string) => ({
  /** a new cart; `recaptchaToken` is a solved human check (humanCheckSolver.ts) */
  newCart: (recaptchaToken: string) => send<CartToken>(base, "POST", "/cart/token", { recaptchaToken }),
  lock: (cartToken: string, seats: ReadonlyArray<SeatRef>) =>
    send<LockResult>(base, "PUT", "/seats/lock-seat", { seats, isHold: false }, cartToken),
  unlock: (cartToken: string, seats: ReadonlyArray<SeatRef>) =>
    send<unknown>(base, "PUT", "/seats/unlock-seat", { seats }, cartToken),
})
