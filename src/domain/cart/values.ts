import { Effect, Schema } from "effect"

/**
 * The small value types every cart file shares. Branded where two numbers or strings could be confused:
 * money against counts and ids, a seat's key against any other string.
 */

/** Money is integer agorot (4700 = ₪47.00), as on the wire; the brand keeps a count or an id out of a sum. */
export const Agorot = Schema.Int.pipe(Schema.brand("Agorot"))
export type Agorot = typeof Agorot.Type

export const agorot = (amount: number): Agorot => Agorot.make(amount)

export const sumAgorot = (amounts: Iterable<number>): Agorot => {
  let total = 0
  for (const amount of amounts) total += amount
  return agorot(total)
}

/**
 * An instant as ISO 8601 with a zone (`Z` or an offset). Events carry time as data so the fold never reads the
 * clock; a zone is required because a local time alone cannot be compared with a server deadline.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/
export const IsoInstant = Schema.String.pipe(
  Schema.check(Schema.isPattern(ISO_INSTANT, { expected: "an ISO 8601 instant with a zone" })),
)

/** Milliseconds since the epoch: parsing a given instant is pure (it is `Date.now()` that is not). */
export const instantMs = (iso: string): number => Date.parse(iso)

export const addSeconds = (iso: string, seconds: number): string =>
  new Date(instantMs(iso) + seconds * 1000).toISOString()

/** The four kinds of order (spec §4): a cart holds items of one kind only. */
export const CartType = Schema.Literals(["tickets", "vouchers", "memberships", "donations"])
export type CartType = typeof CartType.Type

/**
 * How the buyer pays what a voucher does not (the spec's payment dialogs): a card on the provider's hosted page,
 * a PayPal-style approve/cancel flow, a mobile code confirmed in a bank app (BLIK), a redirect provider. The same
 * literals as the payment contract's `PaymentMethod` (src/api/PaymentApi.ts), restated because the domain
 * imports nothing from the API layer.
 */
export const PaymentMethod = Schema.Literals(["card", "paypal", "blik", "redirect"])
export type PaymentMethod = typeof PaymentMethod.Type

/** The order steps that have their own lock timer; the names are param 665's keys without `InSeconds`. */
export const OrderStep = Schema.Literals(["chooseSeats", "chooseTickets", "chooseProducts", "customerInfo"])
export type OrderStep = typeof OrderStep.Type

/**
 * An event's schema version: a literal, so a stored event of another version fails to decode instead of being
 * read with the wrong meaning, and a constructor default, so callers creating new events need not repeat it.
 */
export const schemaVersion = <const N extends number>(version: N) =>
  Schema.Literal(version).pipe(Schema.withConstructorDefault(Effect.succeed(version)))

/** A seat in a presentation, by the names the lock API answers with (`LockedSeat`). */
export const SeatPlace = Schema.Struct({
  VenueSectionId: Schema.Int,
  x: Schema.Int,
  y: Schema.Int,
})
export type SeatPlace = typeof SeatPlace.Type
