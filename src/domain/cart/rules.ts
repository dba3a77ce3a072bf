import { Result } from "effect"
import { isAutoSelectable } from "../pricing/firstTicket.ts"
import { voucherPaymentAmount } from "../pricing/voucherPayment.ts"
import { seatKey } from "../seating/seatKeys.ts"
import type { CartTicket, PresentationFacts, VoucherPaymentFacts } from "./facts.ts"
import {
  type AutoTicketRefusal,
  allSeats,
  type Cart,
  CartRuleViolation,
  findPresentation,
  type RejectionReason,
} from "./state.ts"
import { type CartType, instantMs, type OrderStep, type SeatPlace } from "./values.ts"

/** A seat's ticket paid with a member's loyalty points (older logs marked it with the member's customer id). */
export const isPaidWithPoints = (ticket: CartTicket | null): boolean =>
  ticket !== null &&
  (ticket.isLoyaltyPointsRedemption === true || ticket.loyaltyRedemptionCustomerId !== null)

/**
 * The cart rules of spec §4, §5 and §9 as validators. The fold calls these same functions, so a screen that asks
 * `canRequestSeats` first gets exactly the verdict the log will give; the fold stays the source of truth.
 */

export type Verdict = Result.Result<void, CartRuleViolation>

const ok: Verdict = Result.succeed(undefined)
const refuse = (reason: RejectionReason): Verdict => Result.fail(new CartRuleViolation({ reason }))

/** Spec §9. */
export const MAX_VOUCHERS_PER_ORDER = 10
export const MAX_MEMBERSHIP_QUANTITY = 1

/** Spec §4: a presentation of these venue types always stands alone in the cart, even when enrolling. */
export const STANDALONE_VENUE_TYPES: ReadonlyArray<number> = [101, 102]

export const clearsOtherPresentations = (venueTypeId: number, isEnrolling: boolean): boolean =>
  !isEnrolling || STANDALONE_VENUE_TYPES.includes(venueTypeId)

/** A ticket order holds presentations; an enrolment is a membership order that gathers presentations. */
export const cartTypeOfPresentation = (isEnrolling: boolean): CartType =>
  isEnrolling ? "memberships" : "tickets"

export type ItemKind = "products" | "vouchers" | "memberships" | "donations"

/** Food and add-on products go with tickets; the other items are their own order kinds. */
export const CART_TYPE_OF_ITEM: Readonly<Record<ItemKind, CartType>> = {
  products: "tickets",
  vouchers: "vouchers",
  memberships: "memberships",
  donations: "donations",
}

const fitsCartType = (cart: Cart, wanted: CartType): boolean =>
  cart.cartType === null || cart.cartType === wanted

/**
 * Spec §5: every seat in the cart shares one authProfileId and one businessId, because one payment form and
 * one business's books take the whole order. Presentations without seats do not count yet.
 */
export const checkCompatible = (cart: Cart, facts: PresentationFacts): Verdict => {
  for (const other of cart.presentations) {
    if (other.facts.id === facts.id || other.seats.length === 0) continue
    if (other.facts.authProfileId !== facts.authProfileId) return refuse("Incompatible AuthProfile")
    if (other.facts.businessId !== facts.businessId) return refuse("Incompatible Business")
  }
  return ok
}

export const canSelectPresentation = (
  cart: Cart,
  facts: PresentationFacts,
  isEnrolling: boolean,
): Verdict => {
  if (!fitsCartType(cart, cartTypeOfPresentation(isEnrolling))) return refuse("wrongCartType")
  // the others are about to leave the cart, so only a kept one can clash
  return clearsOtherPresentations(facts.venueTypeId, isEnrolling) ? ok : checkCompatible(cart, facts)
}

/**
 * Adding a showing to a ticket order (issue 16): the cart is a tickets order (or not yet any), and the showing
 * shares the auth profile and business of every showing that holds seats. A standalone venue type (101, 102)
 * never joins others: adding one replaces them, as selecting does.
 */
export const canAddPresentation = (cart: Cart, facts: PresentationFacts): Verdict => {
  if (!fitsCartType(cart, "tickets")) return refuse("wrongCartType")
  return STANDALONE_VENUE_TYPES.includes(facts.venueTypeId) ? ok : checkCompatible(cart, facts)
}

export const hasSeat = (cart: Cart, presentationId: number, place: SeatPlace): boolean => {
  const key = seatKey(presentationId, place)
  return findPresentation(cart, presentationId)?.seats.some((seat) => seat.key === key) ?? false
}

/** A lock request: its presentation is in the cart, none of its seats is, and the auth profile fits. */
export const canRequestSeats = (
  cart: Cart,
  presentationId: number,
  places: ReadonlyArray<SeatPlace>,
): Verdict => {
  const presentation = findPresentation(cart, presentationId)
  if (presentation === undefined) return refuse("presentationNotInCart")
  if (places.some((place) => hasSeat(cart, presentationId, place))) return refuse("seatAlreadyInCart")
  return checkCompatible(cart, presentation.facts)
}

/** An unlock request names seats this cart holds. */
export const canRequestUnlock = (
  cart: Cart,
  presentationId: number,
  places: ReadonlyArray<SeatPlace>,
): Verdict => (places.every((place) => hasSeat(cart, presentationId, place)) ? ok : refuse("seatNotInCart"))

/** A lock verdict: the server holds the seats, so a seat already in the cart just gets the new deadline. */
export const canAddLockedSeats = (cart: Cart, presentationId: number): Verdict => {
  const presentation = findPresentation(cart, presentationId)
  if (presentation === undefined) return refuse("presentationNotInCart")
  return checkCompatible(cart, presentation.facts)
}

/** Seat lines using this ticket, leaving one seat out (the one about to change ticket). */
export const ticketUsage = (cart: Cart, ticketId: number, exceptSeat?: string): number =>
  allSeats(cart).filter((seat) => seat.key !== exceptSeat && seat.ticket?.ticketId === ticketId).length

const withinBalance = (ticket: CartTicket, usedElsewhere: number): boolean =>
  ticket.balance === null || usedElsewhere + 1 <= ticket.balance

export const canChooseTicket = (
  cart: Cart,
  presentationId: number,
  place: SeatPlace,
  ticket: CartTicket,
): Verdict => {
  if (!hasSeat(cart, presentationId, place)) return refuse("seatNotInCart")
  const usedElsewhere = ticketUsage(cart, ticket.ticketId, seatKey(presentationId, place))
  return withinBalance(ticket, usedElsewhere) ? ok : refuse("insufficientTicketBalance")
}

/**
 * First-ticket auto-select (spec §4): multiplyFactor 1 or less and no reference prompt (the pricing rule,
 * which also keeps member-only tickets out), no system voucher on a hold order (a hold is paid later at the box
 * office, where the voucher cannot follow it), and balance left. Null: the ticket may be applied.
 */
export const autoTicketRefusal = (
  cart: Cart,
  ticket: CartTicket,
  usedElsewhere: number,
): AutoTicketRefusal | null => {
  const offer = { id: ticket.ticketId, ...ticket }
  if (!isAutoSelectable(offer)) return "ticketNotAutoSelectable"
  if (cart.isHold && ticket.systemVoucher !== null) return "ticketNotAutoSelectable"
  return withinBalance(ticket, usedElsewhere) ? null : "insufficientTicketBalance"
}

export const canSetItemQuantity = (cart: Cart, kind: ItemKind, quantityAfter: number): Verdict => {
  if (!fitsCartType(cart, CART_TYPE_OF_ITEM[kind])) return refuse("wrongCartType")
  if (kind === "vouchers" && quantityAfter > MAX_VOUCHERS_PER_ORDER) return refuse("maxVouchersPerOrder")
  if (kind === "memberships" && quantityAfter > MAX_MEMBERSHIP_QUANTITY)
    return refuse("maxMembershipQuantity")
  return ok
}

/** Spec §4: the first member who is available (not expired, already started) fixes the membership ids. */
export const isActiveMember = (member: { isAvailable: boolean; isExpired: boolean; isNotStarted: boolean }) =>
  member.isAvailable && !member.isExpired && !member.isNotStarted

/** Spec §4: holds need a logged-in customer with an active membership. Going back to a paid order always works. */
export const canToggleHold = (cart: Cart, isHold: boolean, memberSignedIn = false): Verdict =>
  !isHold || memberSignedIn || (cart.customerInfo?.CustomerId != null && cart.members.some(isActiveMember))
    ? ok
    : refuse("holdRequiresMembership")

/**
 * Spec §5: a voucher that would pay nothing is refused. The cart's lines suffice here: booking charges only add
 * to the order, so a voucher that pays something of the lines pays something of the order.
 */
export const canPayWithVoucher = (cart: Cart, voucher: VoucherPaymentFacts): Verdict =>
  voucherPaymentAmount(cart.totals.total, voucher.balance) > 0 ? ok : refuse("voucherBalance")

const hasItems = (cart: Cart): boolean =>
  allSeats(cart).length > 0 ||
  cart.products.length > 0 ||
  cart.vouchers.length > 0 ||
  cart.memberships.length > 0 ||
  cart.donations.length > 0 ||
  (cart.vod ?? null) !== null

/** Issue 16: a video-on-demand title is chosen for a cart with no order placed yet. */
export const canChooseVod = (cart: Cart): Verdict =>
  cart.reservation === null ? ok : refuse("reservationExists")

/** What a commit cart needs: no reservation yet, something to buy, and a ticket on every seat. */
export const canBuildCommit = (cart: Cart): Verdict => {
  if (cart.reservation !== null) return refuse("reservationExists")
  if (!hasItems(cart)) return refuse("nothingToCommit")
  if (allSeats(cart).some((seat) => seat.ticket === null)) return refuse("seatWithoutTicket")
  return ok
}

/** Spec §4: one commit per reservation; a retry with the same key is the same commit, not a second one. */
export const canRequestCommit = (cart: Cart, idempotencyKey: string): Verdict => {
  if (cart.reservation !== null) return refuse("reservationExists")
  if (cart.commit?.status === "pending" && cart.commit.idempotencyKey !== idempotencyKey) {
    return refuse("commitInProgress")
  }
  return canBuildCommit(cart)
}

/** The server's word is final for the order itself, but a cart records one reservation only. */
export const canRecordCommit = (cart: Cart): Verdict =>
  cart.reservation === null ? ok : refuse("reservationExists")

export const canRecordCommitRejection = (cart: Cart, idempotencyKey: string): Verdict =>
  cart.commit?.status === "pending" && cart.commit.idempotencyKey === idempotencyKey
    ? ok
    : refuse("unknownCommit")

/** A deadline lies after the moment it is set: a step timer never starts expired. */
export const canStartTimer = (at: string, deadline: string): Verdict =>
  instantMs(deadline) > instantMs(at) ? ok : refuse("deadlineNotLater")

/** The expiry offer's "extend" moves a running step's deadline forward only. */
export const canExtendTimer = (cart: Cart, step: OrderStep, deadline: string): Verdict => {
  const timer = cart.timers[step]
  if (timer === undefined) return refuse("timerNotStarted")
  return instantMs(deadline) > instantMs(timer.deadline) ? ok : refuse("deadlineNotLater")
}

/**
 * An expiry observed before the deadline is stale (the step was extended meanwhile, or the clock that saw it
 * was wrong), so it cannot cut an extended step short.
 */
export const canExpireTimer = (cart: Cart, step: OrderStep, at: string): Verdict => {
  const timer = cart.timers[step]
  if (timer === undefined) return refuse("timerNotStarted")
  return instantMs(at) >= instantMs(timer.deadline) ? ok : refuse("timerNotDue")
}

/**
 * A payment opens for this cart's reservation while the order awaits payment, and only when no other payment is
 * still open: the open one is continued or settled first, so one order never has two payments in flight.
 * Re-recording the open payment itself (a retried append) is the same payment.
 */
export const canOpenPayment = (cart: Cart, reservationIdentifier: string, paymentId: string): Verdict => {
  const reservation = cart.reservation
  if (reservation === null || reservation.identifier !== reservationIdentifier) return refuse("noReservation")
  if (reservation.status !== "awaitingPayment") return refuse("orderNotAwaitingPayment")
  const payment = reservation.payment
  if (payment !== null && payment.status === "open" && payment.paymentId !== paymentId)
    return refuse("paymentInProgress")
  return ok
}

/** A completion settles the open payment it names, once. */
export const canSettlePayment = (cart: Cart, reservationIdentifier: string, paymentId: string): Verdict => {
  const reservation = cart.reservation
  if (reservation === null || reservation.identifier !== reservationIdentifier) return refuse("noReservation")
  const payment = reservation.payment
  return payment !== null && payment.paymentId === paymentId && payment.status === "open"
    ? ok
    : refuse("paymentNotOpen")
}
