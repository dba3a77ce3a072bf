import type { CommitCart } from "./commitCart.ts"

/**
 * What a commit cart buys, decided once for browser and server (spec §4: "only one cart type is kept"). The
 * server commits each kind its own way (src/server/payment/itemOrders/) behind the one `POST /payment/commit`.
 *
 * - `tickets`: seats with their tickets, and food for the same showing beside them.
 * - `products`: food alone (a pre-order collected at the cinema the cart names in `locationId`).
 * - `vouchers`, `donations`, `memberships`: those lines only; no seats and no food beside them (our choice: a
 *   voucher or a donation is paid and issued on its own, so a refund of one never touches another).
 * - `vod`: access to one video-on-demand presentation (`vod`), alone.
 * - `enrolment`: a member's enrolment in a season, with a seat in each of its showings (`enrolment`), alone.
 * - `mixed`: lines of two kinds, refused as `mixedCart`; `empty`: nothing to buy, refused as `emptyCart`.
 */
export type OrderKind =
  | "tickets"
  | "products"
  | "vouchers"
  | "donations"
  | "memberships"
  | "vod"
  | "enrolment"

export type OrderKindVerdict = OrderKind | "mixed" | "empty"

export const orderKindOf = (
  cart: Pick<
    CommitCart,
    "seats" | "products" | "vouchers" | "donations" | "memberships" | "vod" | "enrolment"
  >,
): OrderKindVerdict => {
  const itemKinds: ReadonlyArray<OrderKind> = [
    ...(cart.vouchers.length > 0 ? (["vouchers"] as const) : []),
    ...(cart.donations.length > 0 ? (["donations"] as const) : []),
    ...(cart.memberships.length > 0 ? (["memberships"] as const) : []),
    ...(cart.vod === undefined ? [] : (["vod"] as const)),
    ...(cart.enrolment === undefined ? [] : (["enrolment"] as const)),
  ]
  if (cart.seats.length > 0) return itemKinds.length === 0 ? "tickets" : "mixed"
  if (itemKinds.length > 1) return "mixed"
  const only = itemKinds[0]
  if (only !== undefined) return cart.products.length === 0 ? only : "mixed"
  return cart.products.length > 0 ? "products" : "empty"
}
