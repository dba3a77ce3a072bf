import { Schema } from "effect"

/**
 * Bounds on what one request may carry (issue 14, item 4: `POST /api/cart` took 10,000 presentations in one
 * call, over a second of server time). Every array a request sends is bounded, so no call makes the server loop
 * or write without end; each bound is well above what a real order needs.
 */
export const LIMITS = {
  /** seats in one call or one presentation of a cart (SeatsApi's MAX_SEATS_PER_CALL is the same number) */
  seats: 50,
  /** showings in one cart: a family's several films in one order, not a whole programme */
  presentations: 5,
  /** lines of anything else an order lists: products, vouchers, donations, memberships, payments, add-ons */
  lines: 20,
} as const

/** An array of at most `max` items: a longer one is refused with a 400 that names the field. */
export const BoundedArray = <S extends Schema.Top>(item: S, max: number) =>
  Schema.Array(item).pipe(Schema.check(Schema.isMaxLength(max)))
