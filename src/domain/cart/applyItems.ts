import { isVodVenueType } from "../shared/venueType.ts"
import type {
  CartEventTag,
  CartTypeChosen,
  PresentationAdded,
  PresentationRemoved,
  PresentationSelected,
  ProductQuantitySet,
} from "./events.ts"
import type {
  DonationQuantitySet,
  MembershipQuantitySet,
  SystemVoucherQuantitySet,
  VodAccessChosen,
} from "./otherOrderEvents.ts"
import {
  CART_TYPE_OF_ITEM,
  canAddPresentation,
  canChooseVod,
  canSelectPresentation,
  canSetItemQuantity,
  cartTypeOfPresentation,
  clearsOtherPresentations,
  type ItemKind,
  STANDALONE_VENUE_TYPES,
} from "./rules.ts"
import { type Cart, type CartPresentation, findPresentation, guarded } from "./state.ts"

/** The order kind, presentations, and the item lines of the other order kinds. */

/** The cart emptied of every line for a new order of `cartType` (the buyer's details and members stay). */
const startedOver = (cart: Cart, cartType: Cart["cartType"]): Cart => ({
  ...cart,
  cartType,
  presentations: [],
  products: [],
  vouchers: [],
  memberships: [],
  membershipSeat: null,
  topupMemberNumber: null,
  donations: [],
  vod: null,
  // the voucher paid for the old order and the step deadlines timed its steps
  voucherPayment: null,
  timers: {},
  startDateTime: null,
})

/** Spec §4: only one order kind is kept; choosing another clears everything bought under the old one. */
export const applyCartTypeChosen = (cart: Cart, event: CartTypeChosen): Cart =>
  cart.cartType === event.cartType ? cart : startedOver(cart, event.cartType)

/** Issue 16: a video-on-demand title alone, a ticket-type order without seats; everything else goes. */
export const applyVodAccessChosen = (cart: Cart, event: VodAccessChosen): Cart =>
  guarded(cart, event, canChooseVod(cart), () => ({
    ...applyCartTypeChosen(
      { ...cart, cartType: null },
      { ...event, _tag: "CartTypeChosen", cartType: "tickets" },
    ),
    vod: { presentationId: event.presentationId, ticketId: event.ticketId, price: event.price },
  }))

/**
 * Spec §4: selecting a presentation clears the reservation identifier and start time, and removes the other
 * presentations unless enrolling; venue types 101 and 102 always remove them. Re-selecting a presentation that
 * is already in the cart keeps its seats.
 */
export const applyPresentationSelected = (cart: Cart, event: PresentationSelected): Cart =>
  guarded(cart, event, canSelectPresentation(cart, event.presentation, event.isEnrolling), () =>
    withPresentation(
      cart,
      event.presentation,
      event.isEnrolling,
      clearsOtherPresentations(event.presentation.venueTypeId, event.isEnrolling),
    ),
  )

/**
 * Issue 16, spec §4 basket: adding a showing keeps the others (a standalone venue type still stands alone). Like
 * selecting, it clears the reservation identifier and start time: the order to be committed has changed.
 */
export const applyPresentationAdded = (cart: Cart, event: PresentationAdded): Cart =>
  guarded(cart, event, canAddPresentation(cart, event.presentation), () =>
    withPresentation(
      cart,
      event.presentation,
      false,
      STANDALONE_VENUE_TYPES.includes(event.presentation.venueTypeId),
    ),
  )

const withPresentation = (
  cart: Cart,
  facts: PresentationSelected["presentation"],
  isEnrolling: boolean,
  clearsOthers: boolean,
): Cart => {
  const existing = findPresentation(cart, facts.id)
  const selected: CartPresentation = {
    facts,
    isEnrolling,
    isVod: isVodVenueType(facts.venueTypeId),
    seats: existing?.seats ?? [],
    holdExpiresAt: existing?.holdExpiresAt ?? null,
  }
  const presentations = clearsOthers
    ? [selected]
    : existing === undefined
      ? [...cart.presentations, selected]
      : cart.presentations.map((p) => (p.facts.id === facts.id ? selected : p))
  return {
    ...cart,
    cartType: cartTypeOfPresentation(isEnrolling),
    presentations,
    // a showing's seats are another order than a video-on-demand title's access
    vod: null,
    reservation: null,
    // a commit in flight or refused belonged to the order the reservation would have been
    commit: null,
    startDateTime: null,
  }
}

/**
 * Removing a showing from the basket (the app has released its seats first). Removing what is not there is a
 * no-op: a double click or a replayed removal is harmless. A removal changes the order to be committed, so, as
 * selecting does, it clears the reservation identifier.
 */
export const applyPresentationRemoved = (cart: Cart, event: PresentationRemoved): Cart =>
  findPresentation(cart, event.presentationId) === undefined
    ? cart
    : {
        ...cart,
        presentations: cart.presentations.filter((p) => p.facts.id !== event.presentationId),
        reservation: null,
        commit: null,
        startDateTime: null,
      }

/** Replace the matching line, drop it at quantity 0, or append a new one. */
const upsert = <T>(
  lines: ReadonlyArray<T>,
  matches: (line: T) => boolean,
  next: T | null,
): ReadonlyArray<T> => {
  const index = lines.findIndex(matches)
  if (index === -1) return next === null ? lines : [...lines, next]
  return next === null
    ? lines.filter((_, i) => i !== index)
    : lines.map((line, i) => (i === index ? next : line))
}

const setItems = <K extends ItemKind>(
  cart: Cart,
  event: { readonly eventId: string; readonly _tag: CartEventTag; readonly at: string },
  kind: K,
  quantity: number,
  quantityAfter: number,
  lines: () => Cart[K],
): Cart =>
  guarded(cart, event, canSetItemQuantity(cart, kind, quantityAfter), () =>
    quantity === 0
      ? { ...cart, [kind]: lines() }
      : {
          ...cart,
          [kind]: lines(),
          cartType: CART_TYPE_OF_ITEM[kind],
          startDateTime: cart.startDateTime ?? event.at,
        },
  )

export const applyProductQuantitySet = (cart: Cart, event: ProductQuantitySet): Cart =>
  setItems(cart, event, "products", event.quantity, event.quantity, () =>
    upsert(
      cart.products,
      (line) => line.productId === event.productId,
      event.quantity === 0
        ? null
        : { productId: event.productId, price: event.price, quantity: event.quantity },
    ),
  )

export const applySystemVoucherQuantitySet = (cart: Cart, event: SystemVoucherQuantitySet): Cart => {
  // a line is its class and price row: open-price classes have no row (price id 0), so the class tells them apart
  const matches = (line: Cart["vouchers"][number]) =>
    line.systemVoucherId === event.systemVoucherId && line.systemVoucherPriceId === event.systemVoucherPriceId
  // the per-order cap counts every voucher line, not just this one
  const others = cart.vouchers.filter((line) => !matches(line)).reduce((sum, line) => sum + line.quantity, 0)
  return setItems(cart, event, "vouchers", event.quantity, others + event.quantity, () =>
    upsert(
      cart.vouchers,
      matches,
      event.quantity === 0
        ? null
        : {
            systemVoucherId: event.systemVoucherId,
            systemVoucherPriceId: event.systemVoucherPriceId,
            price: event.price,
            quantity: event.quantity,
          },
    ),
  )
}

export const applyMembershipQuantitySet = (cart: Cart, event: MembershipQuantitySet): Cart =>
  setItems(cart, event, "memberships", event.quantity, event.quantity, () =>
    upsert(
      cart.memberships,
      (line) => line.membershipPriceId === event.membershipPriceId,
      event.quantity === 0
        ? null
        : {
            membershipId: event.membershipId,
            membershipPriceId: event.membershipPriceId,
            currencyId: event.currencyId,
            price: event.price,
            quantity: event.quantity,
            isTopup: event.isTopup,
            references: event.references,
          },
    ),
  )

export const applyDonationQuantitySet = (cart: Cart, event: DonationQuantitySet): Cart =>
  setItems(cart, event, "donations", event.quantity, event.quantity, () =>
    upsert(
      cart.donations,
      (line) => line.donationDetailId === event.donationDetailId,
      event.quantity === 0
        ? null
        : {
            donationId: event.donationId,
            donationDetailId: event.donationDetailId,
            amount: event.amount,
            customAmount: event.customAmount,
            quantity: event.quantity,
          },
    ),
  )
