import type { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import type { CommitFailed, CommitFailureCode } from "../../../api/CommitRefusals.ts"
import type { CommitCart } from "../../../domain/cart/commitCart.ts"
import type { CustomerFormConfig } from "../../../domain/order/customerInfo.ts"
import type { AnswerRules } from "../commitCustomerInfo.ts"
import type { PlacedOrder } from "../orderPlan.ts"

/**
 * An order of things other than seats, as one kind commits it (issue 16). The commit (CommitService.ts) owns
 * what every order shares: the idempotency key, the human check, the buyer's answers, the voucher payment, the
 * reservation row, the payment flow. A kind owns only its lines: their price by the server's own rows, and
 * what a paid order issues. Kinds are listed in `kinds.ts`, one line each.
 */

/** Where the order is booked: its location, sales channel, business and auth profile (spec §5 compatibility). */
export interface OrderPlace {
  readonly locationId: number
  readonly pointOfSaleId: number
  readonly businessId: number
  readonly authProfileId: number
}

/** One `order_items` row: what it sells, how many, at the server's price. */
export interface ItemLine {
  readonly kind: "voucher" | "donation" | "membership" | "vod" | "enrolment"
  /** the voucher class, donation or membership sold; for `vod`, the presentation */
  readonly itemId: number
  /** its price row (voucher price, donation detail, membership price), when it has one */
  readonly priceId: number | null
  readonly quantity: number
  readonly unitPrice: number
  /** what the kind needs beyond the columns when it fulfils the line (JSON) */
  readonly details: Readonly<Record<string, unknown>>
}

export interface PricedItems {
  readonly place: OrderPlace
  readonly items: ReadonlyArray<ItemLine>
  /** food sold alone (the `products` kind): written to `product_sales` */
  readonly products: ReadonlyArray<{
    readonly id: number
    readonly quantity: number
    readonly unitPrice: number
  }>
  /** booking fees beyond the lines (0 where the kind charges none) */
  readonly serviceCharge: number
  /** lines + products + service charge */
  readonly total: number
  /** whether a money voucher may pay for this order (never for vouchers: a voucher cannot buy another) */
  readonly voucherPayable: boolean
}

/** Who asks: the cart committing, and the signed-in customer when there is one (never an id from the body). */
export interface Asker {
  readonly cartToken: string
  readonly customerId: number | null
}

export interface ItemOrderKind {
  /** the customer-info form the buyer filled (the browser shows the same one, from `/api/config`) */
  readonly form: (forms: AnswerRules["forms"]) => CustomerFormConfig
  /** the server's own price of the cart's lines (the cart's amounts are only compared), or why not */
  readonly price: (
    cart: CommitCart,
    asker: Asker,
  ) => Effect.Effect<PricedItems, CommitFailed, SqlClient.SqlClient>
  /**
   * Optional: in the commit's transaction, once the order and its `order_items` rows are written, tie to the order
   * what the cart holds for it (a membership's season seat). False refuses the commit as `holdLost`, a code
   * refuses it with that code, and the transaction writes nothing.
   */
  readonly tie?: (
    order: PlacedOrder,
  ) => Effect.Effect<boolean | CommitFailureCode, never, SqlClient.SqlClient>
  /**
   * Issue what the order bought (codes, balances, cards), inside the transaction that marks it paid, and set
   * each line's `fulfilled_at`. Runs once: the order is paid once.
   */
  readonly fulfil: (orderId: number) => Effect.Effect<void, never, SqlClient.SqlClient>
}
