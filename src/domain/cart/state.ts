import { Result, Schema } from "effect"
import type { SeatKey } from "../seating/seatKeys.ts"
import type { CartEventTag } from "./events.ts"
import type {
  CartTicket,
  CustomerInfo,
  LockRejectionReason,
  Member,
  MembershipReference,
  OrderAmounts,
  OrderStatus,
  PresentationFacts,
  UnlockRejectionReason,
  VoucherPaymentFacts,
} from "./facts.ts"
import type { Agorot, CartType, OrderStep, PaymentMethod, SeatPlace } from "./values.ts"

/**
 * The cart projection: what the UI reads, the result of folding the log. Plain JSON data only (no classes,
 * no Maps), so a snapshot can be stored beside the log and two folds can be compared with `JSON.stringify`.
 */

/** Why the fold refused an event. Codes, never user text: the words live in `locales/`. */
export const RejectionReason = Schema.Literals([
  // spec §5: cart seats share one auth profile and one business (the spec's own codes)
  "Incompatible AuthProfile",
  "Incompatible Business",
  // spec §4: one order kind at a time
  "wrongCartType",
  "presentationNotInCart",
  "seatAlreadyInCart",
  "seatNotInCart",
  "insufficientTicketBalance",
  // spec §9: max vouchers per order 10, max membership quantity 1
  "maxVouchersPerOrder",
  "maxMembershipQuantity",
  // spec §5 voucher payment: the lesser of total and balance must be above zero (catalogue `voucherBalance`)
  "voucherBalance",
  // spec §4: holds need login with an active membership
  "holdRequiresMembership",
  "timerNotStarted",
  "timerNotDue",
  "deadlineNotLater",
  // spec §4: a second commit is refused while a reservation exists
  "reservationExists",
  "commitInProgress",
  "unknownCommit",
  "nothingToCommit",
  "seatWithoutTicket",
  // payment: one payment at a time, for the reservation this cart made, while it awaits payment
  "noReservation",
  "orderNotAwaitingPayment",
  "paymentInProgress",
  "paymentNotOpen",
])
export type RejectionReason = typeof RejectionReason.Type

/** A rule break as a typed value, for the `can*` validators (and for Effect pipelines that build on them). */
export class CartRuleViolation extends Schema.TaggedError<CartRuleViolation>()("CartRuleViolation", {
  reason: RejectionReason,
}) {}

export interface Rejection {
  readonly eventId: string
  readonly event: CartEventTag
  readonly reason: RejectionReason
}

/** Why a seat's auto-selected first ticket was not applied (the seat is still held; the buyer picks one). */
export type AutoTicketRefusal = "ticketNotAutoSelectable" | "insufficientTicketBalance"

export interface CartSeat {
  readonly key: SeatKey
  readonly presentationId: number
  readonly VenueSectionId: number
  readonly x: number
  readonly y: number
  readonly RowName: string
  readonly SeatName: string
  readonly TicketGroupId: number | null
  readonly allocationId: number | null
  /** the server's hold deadline for this seat */
  readonly holdExpiresAt: string
  readonly ticket: CartTicket | null
  readonly ticketSource: "auto" | "chosen" | null
  readonly autoTicketRefusal: AutoTicketRefusal | null
  readonly isFirstAddonSelected: boolean
  readonly isMultiplyFactorSubTicket: boolean
  readonly seatModifiers: ReadonlyArray<number>
}

export interface CartPresentation {
  readonly facts: PresentationFacts
  readonly isEnrolling: boolean
  /** venue types 101–104 */
  readonly isVod: boolean
  readonly seats: ReadonlyArray<CartSeat>
  /** when the last lock on this presentation lapses; null before any */
  readonly holdExpiresAt: string | null
}

export interface CartProduct {
  readonly productId: number
  readonly price: Agorot
  readonly quantity: number
}

export interface CartSystemVoucher {
  readonly systemVoucherId: number
  readonly systemVoucherPriceId: number
  readonly price: Agorot
  readonly quantity: number
}

export interface CartMembership {
  readonly membershipId: number
  readonly membershipPriceId: number
  readonly currencyId: number
  readonly price: Agorot
  readonly quantity: number
  readonly isTopup: boolean
  readonly references: ReadonlyArray<MembershipReference>
}

/** A membership's season seat the server holds for this cart (issue 16), by its grid place in the venue. */
export interface MembershipSeatHold {
  readonly membershipId: number
  readonly VenueSectionId: number
  readonly XCoordinate: number
  readonly YCoordinate: number
  readonly RowName: string
  readonly SeatName: string
  readonly expiresAt: string
}

/** The video-on-demand title a VOD order buys access to (issue 16): its presentation and public ticket. */
export interface CartVod {
  readonly presentationId: number
  readonly ticketId: number
  readonly price: Agorot
}

export interface CartDonation {
  readonly donationId: number
  readonly donationDetailId: number
  readonly amount: Agorot
  readonly customAmount: Agorot | null
  readonly quantity: number
}

/** A seat intent waiting for (or answered by) the server; kept so a retried command is recognised. */
export interface SeatCommand {
  readonly kind: "lock" | "unlock"
  readonly presentationId: number
  readonly seats: ReadonlyArray<SeatPlace>
  readonly requestedAt: string
  readonly status: "pending" | "accepted" | "refused"
  readonly reason: LockRejectionReason | UnlockRejectionReason | null
}

export interface StepTimer {
  readonly startedAt: string
  readonly deadline: string
  /** when the reconciler recorded the expiry; null while running or after an extension */
  readonly expiredAt: string | null
}

export type CommitState =
  | { readonly status: "pending"; readonly idempotencyKey: string; readonly requestedAt: string }
  | { readonly status: "rejected"; readonly idempotencyKey: string; readonly error: string }

/** The latest payment opened for the reservation; `open` until the server's completion settles it. */
export interface ReservationPayment {
  readonly paymentId: string
  readonly method: PaymentMethod
  readonly provider: string
  readonly amount: Agorot
  readonly numberOfPayments: number
  /** the provider's hosted page, so a buyer who came back unpaid continues the same payment */
  readonly paymentFormURL: string
  readonly openedAt: string
  readonly status: "open" | "paid" | "failed" | "cancelled"
  /** the contract's PaymentFailureCode once failed or cancelled */
  readonly failure: string | null
}

export interface Reservation {
  readonly identifier: string
  readonly ticketIdentifiers: ReadonlyArray<string>
  readonly idempotencyKey: string
  readonly committedAt: string
  readonly status: OrderStatus
  /** the server's figures at commit; null for a reservation logged before they were recorded */
  readonly amounts: OrderAmounts | null
  /** the seats stay held for the order until then; null when unknown */
  readonly paymentDeadline: string | null
  /** opens the order's e-documents once paid */
  readonly documentKey: string | null
  readonly payment: ReservationPayment | null
}

export interface Totals {
  /** ticket prices of every seat line */
  readonly tickets: Agorot
  readonly serviceCharges: Agorot
  readonly products: Agorot
  readonly vouchers: Agorot
  readonly memberships: Agorot
  readonly donations: Agorot
  /**
   * the cart's lines; not the order's total, which adds the booking charges the cart does not carry (so the
   * voucher's part and what is due are computed where those are known: `domain/pricing/voucherPayment.ts`)
   */
  readonly total: Agorot
}

export interface Cart {
  readonly cartType: CartType | null
  readonly presentations: ReadonlyArray<CartPresentation>
  readonly products: ReadonlyArray<CartProduct>
  readonly vouchers: ReadonlyArray<CartSystemVoucher>
  readonly memberships: ReadonlyArray<CartMembership>
  readonly donations: ReadonlyArray<CartDonation>
  /** optional: snapshots written before membership seats existed have none */
  readonly membershipSeat?: MembershipSeatHold | null
  /** the member a top-up line is for (the buyer's own); optional for the same reason */
  readonly topupMemberNumber?: string | null
  /** a video-on-demand order's title (issue 16); optional: snapshots written before VOD orders have none */
  readonly vod?: CartVod | null
  readonly customerInfo: CustomerInfo | null
  readonly members: ReadonlyArray<Member>
  readonly membershipLoyaltyId: number | null
  readonly membershipIdentifier: string | null
  readonly voucherPayment: VoucherPaymentFacts | null
  readonly isHold: boolean
  /** when this order began (its first held seat or item); cleared by selecting a presentation */
  readonly startDateTime: string | null
  readonly timers: Partial<Record<OrderStep, StepTimer>>
  readonly commands: Readonly<Record<string, SeatCommand>>
  readonly commit: CommitState | null
  readonly reservation: Reservation | null
  /** seat lines per ticket id: the used balance that first-ticket auto-select counts against `balance` */
  readonly usedBalance: Readonly<Record<string, number>>
  readonly totals: Totals
  /** the latest refusals, newest last, at most `MAX_REJECTIONS` */
  readonly rejections: ReadonlyArray<Rejection>
  readonly lastError: Rejection | null
  /** events folded so far; a snapshot records it so replay can start after it */
  readonly eventCount: number
}

/** Enough to show the buyer what went wrong and to debug a log; older ones are in the log itself. */
export const MAX_REJECTIONS = 50

const zero = 0 as Agorot

export const emptyTotals: Totals = {
  tickets: zero,
  serviceCharges: zero,
  products: zero,
  vouchers: zero,
  memberships: zero,
  donations: zero,
  total: zero,
}

export const initialCart: Cart = {
  cartType: null,
  presentations: [],
  products: [],
  vouchers: [],
  memberships: [],
  donations: [],
  membershipSeat: null,
  topupMemberNumber: null,
  vod: null,
  customerInfo: null,
  members: [],
  membershipLoyaltyId: null,
  membershipIdentifier: null,
  voucherPayment: null,
  isHold: false,
  startDateTime: null,
  timers: {},
  commands: {},
  commit: null,
  reservation: null,
  usedBalance: {},
  totals: emptyTotals,
  rejections: [],
  lastError: null,
  eventCount: 0,
}

export const allSeats = (cart: Cart): ReadonlyArray<CartSeat> => cart.presentations.flatMap((p) => p.seats)

/** Seats a pending lock names: the UI shows them as being selected until the verdict arrives. */
export const pendingLockSeats = (cart: Cart): ReadonlyArray<{ presentationId: number; seat: SeatPlace }> =>
  Object.values(cart.commands).flatMap((command) =>
    command.kind === "lock" && command.status === "pending"
      ? command.seats.map((seat) => ({ presentationId: command.presentationId, seat }))
      : [],
  )

export const findPresentation = (cart: Cart, presentationId: number): CartPresentation | undefined =>
  cart.presentations.find((p) => p.facts.id === presentationId)

const recordRejection = (cart: Cart, eventId: string, event: CartEventTag, reason: RejectionReason): Cart => {
  const rejection: Rejection = { eventId, event, reason }
  return { ...cart, rejections: [...cart.rejections, rejection].slice(-MAX_REJECTIONS), lastError: rejection }
}

/**
 * The fold never throws: an event that breaks a rule leaves the cart as it was and is recorded as a rejection
 * (the event stays in the log, so support can see what was tried and why it was refused).
 */
export const guarded = (
  cart: Cart,
  event: { readonly eventId: string; readonly _tag: CartEventTag },
  verdict: Result.Result<void, CartRuleViolation>,
  next: () => Cart,
): Cart =>
  Result.isFailure(verdict)
    ? recordRejection(cart, event.eventId, event._tag, verdict.failure.reason)
    : next()
