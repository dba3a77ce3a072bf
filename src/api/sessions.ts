import { Context, type Option, Schema } from "effect"
import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "effect/http-api"
import { HumanCheckFailed } from "./HumanCheckApi.ts"

/**
 * Who is asking, resolved once per request by HttpApi middlewares (ARCHITECTURE.md "The server"). A handler reads
 * `CurrentCart` or `CurrentCustomer`; it never reads the `x-cart-token` or `uuid` header itself and never trusts an
 * owner id from the request.
 *
 * The one rule, for both credentials: a missing header, an empty one, a token the server never issued and one
 * that has expired (or was revoked) are the same thing, "nobody". What "nobody" gets depends only on the
 * middleware the call carries:
 * - `CartSession`: 400 `RECAPTCHA_REQUIRED` (the spec's seat-lock code: a cart is earned through the human check,
 *   so the browser solves one and asks for a new cart).
 * - `CustomerSession`: 401 `LOGIN_FAILED` (the customer logs in again).
 * - `CartIfAny`, `CustomerIfAny`: nothing is refused; the handler sees `Option.none()` (an anonymous buyer, no
 *   seat shown as "mine", an order that belongs to no cart is "not found").
 */

/** A call that needs a logged-in customer got none (spec §8 LOGIN_FAILED). */
export class LoginRequired extends Schema.TaggedError<LoginRequired>()(
  "LoginRequired",
  { error: Schema.Literal("LOGIN_FAILED") },
  { httpApiStatus: 401 },
) {}

/** The cart token (`x-cart-token`, from `POST /api/cart/token`) of a live cart. */
export class CurrentCart extends Context.Service<CurrentCart, { readonly token: string }>()(
  "marquee/api/CurrentCart",
) {}

/** The asking cart where the call does not need one. */
export class CurrentCartIfAny extends Context.Service<
  CurrentCartIfAny,
  Option.Option<CurrentCart["Service"]>
>()("marquee/api/CurrentCartIfAny") {}

/** The logged-in customer (spec §7 `uuid` header) of a live session. */
export class CurrentCustomer extends Context.Service<CurrentCustomer, { readonly customerId: number }>()(
  "marquee/api/CurrentCustomer",
) {}

/** The logged-in customer where an anonymous buyer may call too (the commit, the payment form). */
export class CurrentCustomerIfAny extends Context.Service<
  CurrentCustomerIfAny,
  Option.Option<CurrentCustomer["Service"]>
>()("marquee/api/CurrentCustomerIfAny") {}

const cartToken = HttpApiSecurity.apiKey({ in: "header", key: "x-cart-token" }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "A cart token from POST /api/cart/token; missing, unknown and expired tokens are treated alike",
  ),
)

const customerUuid = HttpApiSecurity.apiKey({ in: "header", key: "uuid" }).pipe(
  HttpApiSecurity.annotate(
    OpenApi.Description,
    "The auth uuid from the customer's login; missing, unknown, expired and revoked ones are treated alike",
  ),
)

/** Calls that act for a cart: seat locks, best available, cart sync and hold renewal, the commit. */
export class CartSession extends HttpApiMiddleware.Service<CartSession, { provides: CurrentCart }>()(
  "marquee/api/CartSession",
  { error: HumanCheckFailed, security: { cartToken } },
) {}

/** Calls a cart only adds to: seat statuses (which seats are mine), the voucher lookup, an order's payment. */
export class CartIfAny extends HttpApiMiddleware.Service<CartIfAny, { provides: CurrentCartIfAny }>()(
  "marquee/api/CartIfAny",
  { security: { cartToken } },
) {}

/** Calls only a logged-in customer may make: the saved cards. */
export class CustomerSession extends HttpApiMiddleware.Service<
  CustomerSession,
  { provides: CurrentCustomer }
>()("marquee/api/CustomerSession", { error: LoginRequired, security: { customerUuid } }) {}

/** Calls that do more for a logged-in customer: the order becomes theirs, their saved card may pay. */
export class CustomerIfAny extends HttpApiMiddleware.Service<
  CustomerIfAny,
  { provides: CurrentCustomerIfAny }
>()("marquee/api/CustomerIfAny", { security: { customerUuid } }) {}
