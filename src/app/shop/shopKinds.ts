import type { Cart } from "../../domain/cart/state.ts"
import type { CartType } from "../../domain/cart/values.ts"
import type { CustomerFormType } from "../../domain/order/customerInfo.ts"

/**
 * The orders without a showing that the shop's screens sell (issue 16): vouchers, donations, food alone and
 * memberships (whose own seat step, `/memberships/seats`, comes before the shared ones).
 * Each has its own choose screen and shares the customer and pay steps (`/shop/{kind}/customer`, `…/pay`).
 */
export const SHOP_KINDS = ["vouchers", "donations", "food", "memberships"] as const
export type ShopKind = (typeof SHOP_KINDS)[number]

export const isShopKind = (raw: string): raw is ShopKind =>
  (SHOP_KINDS as ReadonlyArray<string>).includes(raw)

/** The cart type each kind is kept under (spec §4: one at a time); food alone is a ticket-type cart without a showing. */
export const CART_TYPE: Readonly<Record<ShopKind, CartType>> = {
  vouchers: "vouchers",
  donations: "donations",
  food: "tickets",
  memberships: "memberships",
}

/** The customer-info form each kind fills (`/api/config` customerInfoForms; the commit checks the same one). */
export const FORM_TYPE: Readonly<Record<ShopKind, CustomerFormType>> = {
  vouchers: "voucher",
  donations: "donation",
  food: "order",
  memberships: "membership",
}

/**
 * Spec §2 order step sequences, each kind's own: vouchers ask who buys (auth: sign in, or go on as a guest)
 * before the details; a membership's season seat comes before them; donations and food go straight on.
 */
export const SHOP_STEPS = {
  vouchers: ["choose", "auth", "customer", "pay", "confirmation"],
  donations: ["choose", "customer", "pay", "confirmation"],
  food: ["choose", "customer", "pay", "confirmation"],
  memberships: ["choose", "seats", "customer", "pay", "confirmation"],
} as const satisfies Readonly<Record<ShopKind, ReadonlyArray<string>>>
export type ShopStep = (typeof SHOP_STEPS)[ShopKind][number]

/** The step after `step` in `kind`'s sequence (the step itself when it is the last or not the kind's). */
export const stepAfter = (kind: ShopKind, step: ShopStep): ShopStep => {
  const steps: ReadonlyArray<ShopStep> = SHOP_STEPS[kind]
  const index = steps.indexOf(step)
  return index < 0 || index === steps.length - 1 ? step : (steps[index + 1] as ShopStep)
}

/** Whether the cart holds something of this kind to buy. */
export const hasLines = (cart: Cart, kind: ShopKind): boolean => {
  switch (kind) {
    case "vouchers":
      return cart.vouchers.length > 0
    case "donations":
      return cart.donations.length > 0
    case "food":
      return cart.products.length > 0 && cart.presentations.length === 0
    case "memberships":
      return cart.memberships.length > 0
  }
}

/** Whether the cart is free for this kind: nothing of another order in it, and no reservation of another kind. */
export const belongsTo = (cart: Cart, kind: ShopKind): boolean => {
  // a video-on-demand title is an order of its own, though a ticket-type one (issue 16)
  if ((cart.vod ?? null) !== null) return false
  if (cart.cartType !== null && cart.cartType !== CART_TYPE[kind]) return false
  if (kind === "food") return cart.presentations.length === 0
  return cart.reservation === null || hasLines(cart, kind)
}

// food alone is collected at a cinema the cart itself does not name: kept per cart in this browser
const foodKey = (cartId: string) => `marquee.shop.foodCinema.${cartId}`

export const readFoodCinema = (cartId: string): number | null => {
  try {
    const raw = localStorage.getItem(foodKey(cartId))
    const id = raw === null ? Number.NaN : Number(raw)
    return Number.isSafeInteger(id) && id > 0 ? id : null
  } catch {
    return null
  }
}

export const saveFoodCinema = (cartId: string, locationId: number): void => {
  try {
    localStorage.setItem(foodKey(cartId), String(locationId))
  } catch {
    // storage refused: the pay step then asks to choose the cinema again
  }
}

/**
 * Whether the cinema this basket's food is collected at has left the cinemas selling online (offline for sales,
 * issue 19): the list the server gives names online cinemas only, so a kept choice missing from it is offline.
 * Unknown (no choice, the list not in yet) is not offline.
 */
export const foodCinemaOffSale = (
  cinemaId: number | null,
  online: ReadonlyArray<{ readonly id: number }> | undefined,
): boolean => cinemaId !== null && online !== undefined && !online.some((cinema) => cinema.id === cinemaId)
