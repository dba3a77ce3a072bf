import { Effect, Schema } from "effect"
import { meta, nullByDefault, Quantity, v1, v2 } from "./eventMeta.ts"
import {
  CartTicket,
  CustomerInfo,
  LockedCartSeat,
  LockRejectionReason,
  Member,
  OrderAmounts,
  OrderStatus,
  PaymentOutcome,
  PresentationFacts,
  UnlockRejectionReason,
  VoucherPaymentFacts,
} from "./facts.ts"
import {
  DonationQuantitySet,
  MembershipQuantitySet,
  MembershipSeatHeld,
  MembershipSeatLetGo,
  MembershipTopupChosen,
  SystemVoucherQuantitySet,
  VodAccessChosen,
} from "./otherOrderEvents.ts"
import { Agorot, CartType, IsoInstant, OrderStep, PaymentMethod, SeatPlace } from "./values.ts"

/**
 * The cart log's events. Every event says what happened (past tense) and carries its own schema version `v`,
 * an `eventId` and an instant `at`, both given by the caller: the fold reads no clock and makes no ids, so the
 * same log always gives the same cart. When an event's shape changes, its `v` goes up and `migrate.ts` learns
 * to upgrade the old shape; old logs in IndexedDB and exported files stay readable.
 *
 * Server verdicts (`SeatLocked`, `Committed`, …) name the client intent they answer by `commandId` or
 * `idempotencyKey`, so a retried request and a duplicated answer are recognised.
 */

// ── order kind and presentations ──────────────────────────────────────────────────────────────────────────

/** Choosing an order kind clears the items of any other kind (spec §4). */
export class CartTypeChosen extends Schema.TaggedClass<CartTypeChosen>()("CartTypeChosen", {
  v: v1,
  ...meta,
  cartType: CartType,
}) {}

/** `isEnrolling`: a membership enrolment, which gathers several presentations instead of replacing them. */
export class PresentationSelected extends Schema.TaggedClass<PresentationSelected>()("PresentationSelected", {
  v: v1,
  ...meta,
  presentation: PresentationFacts,
  isEnrolling: Schema.Boolean,
}) {}

/**
 * Spec §4 basket, issue 16: the buyer adds another showing to a ticket order and keeps the ones already in it
 * (selecting a presentation would remove them). The showings then commit as one order.
 */
export class PresentationAdded extends Schema.TaggedClass<PresentationAdded>()("PresentationAdded", {
  v: v1,
  ...meta,
  presentation: PresentationFacts,
}) {}

export class PresentationRemoved extends Schema.TaggedClass<PresentationRemoved>()("PresentationRemoved", {
  v: v1,
  ...meta,
  presentationId: Schema.Int,
}) {}

// ── seats: intents and the server's verdicts ──────────────────────────────────────────────────────────────

export class SeatLockRequested extends Schema.TaggedClass<SeatLockRequested>()("SeatLockRequested", {
  v: v1,
  ...meta,
  commandId: Schema.String,
  presentationId: Schema.Int,
  seats: Schema.Array(SeatPlace),
}) {}

/** The server holds these seats until `expiresAt` (every hold of the cart on that presentation). */
export class SeatLocked extends Schema.TaggedClass<SeatLocked>()("SeatLocked", {
  v: v1,
  ...meta,
  commandId: Schema.String,
  presentationId: Schema.Int,
  seats: Schema.Array(LockedCartSeat),
  expiresAt: IsoInstant,
}) {}

export class SeatLockRejected extends Schema.TaggedClass<SeatLockRejected>()("SeatLockRejected", {
  v: v1,
  ...meta,
  commandId: Schema.String,
  reason: LockRejectionReason,
}) {}

export class SeatUnlockRequested extends Schema.TaggedClass<SeatUnlockRequested>()("SeatUnlockRequested", {
  v: v1,
  ...meta,
  commandId: Schema.String,
  presentationId: Schema.Int,
  seats: Schema.Array(SeatPlace),
}) {}

/** `commandId` is null when the release did not answer a request of this cart (a support tool, a reset). */
export class SeatUnlocked extends Schema.TaggedClass<SeatUnlocked>()("SeatUnlocked", {
  v: v1,
  ...meta,
  commandId: Schema.NullOr(Schema.String),
  presentationId: Schema.Int,
  seats: Schema.Array(SeatPlace),
}) {}

export class SeatUnlockRejected extends Schema.TaggedClass<SeatUnlockRejected>()("SeatUnlockRejected", {
  v: v1,
  ...meta,
  commandId: Schema.String,
  reason: UnlockRejectionReason,
}) {}

/** The reconciler's correction: the server no longer holds these seats for this cart. */
export class SeatLockLost extends Schema.TaggedClass<SeatLockLost>()("SeatLockLost", {
  v: v1,
  ...meta,
  presentationId: Schema.Int,
  seats: Schema.Array(SeatPlace),
}) {}

/**
 * The server renewed this cart's live holds on a presentation (a step's timer started or was extended): they
 * now last until `expiresAt`. Only ever a later deadline for seats the cart still holds.
 */
export class SeatHoldsRenewed extends Schema.TaggedClass<SeatHoldsRenewed>()("SeatHoldsRenewed", {
  v: v1,
  ...meta,
  presentationId: Schema.Int,
  expiresAt: IsoInstant,
}) {}

/** The buyer chose a ticket type for a held seat (or changed the auto-selected one). */
export class TicketChosen extends Schema.TaggedClass<TicketChosen>()("TicketChosen", {
  v: v1,
  ...meta,
  presentationId: Schema.Int,
  seat: SeatPlace,
  ticket: CartTicket,
  isFirstAddonSelected: Schema.Boolean,
  isMultiplyFactorSubTicket: Schema.Boolean,
  seatModifiers: Schema.Array(Schema.Int),
}) {}

// ── items of the other order kinds; quantity 0 removes the line ───────────────────────────────────────────

export class ProductQuantitySet extends Schema.TaggedClass<ProductQuantitySet>()("ProductQuantitySet", {
  v: v1,
  ...meta,
  productId: Schema.Int,
  price: Agorot,
  quantity: Quantity,
}) {}

// ── customer ──────────────────────────────────────────────────────────────────────────────────────────────

export class CustomerInfoSet extends Schema.TaggedClass<CustomerInfoSet>()("CustomerInfoSet", {
  v: v1,
  ...meta,
  customerInfo: CustomerInfo,
}) {}

export class MemberAdded extends Schema.TaggedClass<MemberAdded>()("MemberAdded", {
  v: v1,
  ...meta,
  member: Member,
}) {}

/**
 * The buyer removed a loyalty login (the ticket step's "remove"): the member leaves the cart, and the ids it fixed
 * go to the next available member, if any. Customer details typed on the order stay.
 */
export class MemberRemoved extends Schema.TaggedClass<MemberRemoved>()("MemberRemoved", {
  v: v1,
  ...meta,
  membershipIdentifier: Schema.String,
}) {}

export class LoggedIn extends Schema.TaggedClass<LoggedIn>()("LoggedIn", {
  v: v1,
  ...meta,
  customerInfo: CustomerInfo,
  members: Schema.Array(Member),
}) {}

export class LoggedOut extends Schema.TaggedClass<LoggedOut>()("LoggedOut", { v: v1, ...meta }) {}

// ── payment and order mode ────────────────────────────────────────────────────────────────────────────────

export class VoucherPaymentSet extends Schema.TaggedClass<VoucherPaymentSet>()("VoucherPaymentSet", {
  v: v1,
  ...meta,
  voucherPayment: VoucherPaymentFacts,
}) {}

export class VoucherPaymentCleared extends Schema.TaggedClass<VoucherPaymentCleared>()(
  "VoucherPaymentCleared",
  {
    v: v1,
    ...meta,
  },
) {}

/** An unpaid hold (reserve now, pay later) or back to a regular order. */
export class HoldOrderToggled extends Schema.TaggedClass<HoldOrderToggled>()("HoldOrderToggled", {
  v: v1,
  ...meta,
  isHold: Schema.Boolean,
  /**
   * The pay step's signed-in customer (the `uuid` session, not the cart's loyalty login) showed an active
   * membership when the buyer chose to hold. The server checks it again at commit; absent in older logs.
   */
  memberSignedIn: Schema.optional(Schema.Boolean),
}) {}

// ── step timers: deadlines, computed by the caller from param 665 (see timers.ts) ─────────────────────────

export class StepTimerStarted extends Schema.TaggedClass<StepTimerStarted>()("StepTimerStarted", {
  v: v1,
  ...meta,
  step: OrderStep,
  deadline: IsoInstant,
}) {}

/** The buyer took the expiry offer's "extend": the step gets a later deadline. */
export class StepTimerExtended extends Schema.TaggedClass<StepTimerExtended>()("StepTimerExtended", {
  v: v1,
  ...meta,
  step: OrderStep,
  deadline: IsoInstant,
}) {}

/** The reconciler saw the deadline pass (its `at` must not be before the deadline). */
export class StepTimerExpired extends Schema.TaggedClass<StepTimerExpired>()("StepTimerExpired", {
  v: v1,
  ...meta,
  step: OrderStep,
}) {}

// ── commit ────────────────────────────────────────────────────────────────────────────────────────────────

/** The key travels with `POST /payment/commit`, so a retry after lost signal never makes a second order. */
export class CommitRequested extends Schema.TaggedClass<CommitRequested>()("CommitRequested", {
  v: v1,
  ...meta,
  idempotencyKey: Schema.String,
}) {}

/**
 * Version 2 adds what the pay step needs from the commit answer: the order's status and figures, the deadline
 * the seats stay held until, and the e-document key when a voucher paid it all (version 1 is upgraded in
 * `migrate.ts` with nulls: those orders show the cart's own figures).
 */
export class Committed extends Schema.TaggedClass<Committed>()("Committed", {
  v: v2,
  ...meta,
  idempotencyKey: Schema.String,
  reservationIdentifier: Schema.String,
  ticketIdentifiers: Schema.Array(Schema.String),
  status: OrderStatus.pipe(Schema.withConstructorDefault(Effect.succeed("awaitingPayment" as const))),
  amounts: nullByDefault(OrderAmounts),
  paymentDeadline: nullByDefault(Schema.String),
  documentKey: nullByDefault(Schema.String),
}) {}

/** `error`: the commit answer's error field, passed on as the server wrote it (spec §8 Order and payment). */
export class CommitRejected extends Schema.TaggedClass<CommitRejected>()("CommitRejected", {
  v: v1,
  ...meta,
  idempotencyKey: Schema.String,
  error: Schema.String,
}) {}

// ── payment ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The provider opened a payment for the reservation and the browser is about to leave for its hosted page.
 * Written before leaving, so a buyer who comes back (return redirect, reload, lost signal) finds the payment to
 * ask about instead of opening a second one.
 */
export class PaymentOpened extends Schema.TaggedClass<PaymentOpened>()("PaymentOpened", {
  v: v1,
  ...meta,
  reservationIdentifier: Schema.String,
  paymentId: Schema.String,
  method: PaymentMethod,
  provider: Schema.String,
  amount: Agorot,
  numberOfPayments: Schema.Int,
  paymentFormURL: Schema.String,
}) {}

/**
 * The server's completion said how the payment ended (it asks the provider itself). `failure` is the contract's
 * `PaymentFailureCode` when it failed; `documentKey` opens the e-documents once paid.
 */
export class PaymentSettled extends Schema.TaggedClass<PaymentSettled>()("PaymentSettled", {
  v: v1,
  ...meta,
  reservationIdentifier: Schema.String,
  paymentId: Schema.String,
  outcome: PaymentOutcome,
  orderStatus: OrderStatus,
  failure: Schema.NullOr(Schema.String),
  documentKey: Schema.NullOr(Schema.String),
}) {}

export class CartReset extends Schema.TaggedClass<CartReset>()("CartReset", {
  v: v1,
  ...meta,
  keepCustomerInfo: Schema.Boolean,
}) {}

/** Every cart event, as one schema: decode and encode logs with it (through `migrate.ts` for old ones). */
export const CartEventSchema = Schema.Union([
  CartTypeChosen,
  PresentationSelected,
  PresentationAdded,
  PresentationRemoved,
  SeatLockRequested,
  SeatLocked,
  SeatLockRejected,
  SeatUnlockRequested,
  SeatUnlocked,
  SeatUnlockRejected,
  SeatLockLost,
  SeatHoldsRenewed,
  TicketChosen,
  ProductQuantitySet,
  SystemVoucherQuantitySet,
  MembershipQuantitySet,
  DonationQuantitySet,
  CustomerInfoSet,
  MemberAdded,
  MemberRemoved,
  LoggedIn,
  LoggedOut,
  VoucherPaymentSet,
  VoucherPaymentCleared,
  HoldOrderToggled,
  StepTimerStarted,
  StepTimerExtended,
  StepTimerExpired,
  CommitRequested,
  Committed,
  CommitRejected,
  PaymentOpened,
  PaymentSettled,
  CartReset,
  MembershipSeatHeld,
  MembershipSeatLetGo,
  MembershipTopupChosen,
  VodAccessChosen,
])

export type CartEvent = typeof CartEventSchema.Type
export type CartEventEncoded = typeof CartEventSchema.Encoded
export type CartEventTag = CartEvent["_tag"]
