import { Clock, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** A cart token unused this long lapses; using it moves the lapse forward (at most once an hour, see below). */
export const CART_IDLE_HOURS = 24
/** How often one server process writes a live cart's new lapse time: every call would be a write per seat click. */
const TOUCH_EVERY_MS = 60 * 60 * 1000
/** Live carts this process remembers; the oldest are forgotten first (they are simply looked up again). */
const REMEMBERED = 50_000

/**
 * Cart tokens as the `CartSession` and `CartIfAny` middlewares see them (src/api/sessions.ts): a token is live
 * when the database knows it and it has not lapsed. A cart lapses after `CART_IDLE_HOURS` without a call: an
 * order takes minutes (holds last a step's seconds, payment 15 minutes), so a day-old token belongs to an abandoned
 * cart, and a bot that solved one human check cannot keep using its token for ever. While it is used, the lapse
 * moves forward, so a buyer is never cut off in the middle of an order.
 *
 * A live token is remembered in this process for an hour: lapse times only move forward (no call shortens them),
 * so a remembered token is still live, and a seat click costs no extra database round trip. Every server process
 * keeps its own memory; the database stays the authority.
 */
export class CartTokens extends Context.Service<
  CartTokens,
  {
    /** the token when it names a live cart; None for an empty, unknown or lapsed one */
    readonly live: (token: string) => Effect.Effect<Option.Option<string>>
  }
>()("marquee/cart/CartTokens") {
  static readonly layer = Layer.effect(
    CartTokens,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      /** token -> when this process last confirmed it (and moved its lapse forward), epoch ms */
      const confirmed = new Map<string, number>()

      const touch = (token: string) =>
        sql<{ token: string }>`
          UPDATE carts SET expires_at = marquee_now() + make_interval(hours => ${CART_IDLE_HOURS})
          WHERE token = ${token} AND expires_at > marquee_now()
          RETURNING token`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        )

      const live = Effect.fn("CartTokens.live")(function* (token: string) {
        if (token === "") return Option.none<string>()
        const now = yield* Clock.currentTimeMillis
        const at = confirmed.get(token)
        if (at !== undefined && now - at < TOUCH_EVERY_MS) return Option.some(token)
        if (!(yield* touch(token))) {
          confirmed.delete(token)
          return Option.none<string>()
        }
        confirmed.delete(token)
        confirmed.set(token, now)
        if (confirmed.size > REMEMBERED) {
          const oldest = confirmed.keys().next()
          if (oldest.done !== true) confirmed.delete(oldest.value)
        }
        return Option.some(token)
      })

      return CartTokens.of({ live })
    }),
  )
}
