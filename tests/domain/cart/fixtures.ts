import {
  CartReset,
  CartTypeChosen,
  CommitRejected,
  CommitRequested,
  Committed,
  CustomerInfoSet,
  HoldOrderToggled,
  LoggedIn,
  LoggedOut,
  MemberAdded,
  PaymentOpened,
  PaymentSettled,
  PresentationAdded,
  PresentationRemoved,
  PresentationSelected,
  ProductQuantitySet,
  SeatHoldsRenewed,
  SeatLocked,
  SeatLockLost,
  SeatLockRejected,
  SeatLockRequested,
  SeatUnlocked,
  SeatUnlockRejected,
  SeatUnlockRequested,
  StepTimerExpired,
  StepTimerExtended,
  StepTimerStarted,
  TicketChosen,
  VoucherPaymentCleared,
  VoucherPaymentSet,
} from "../../../src/domain/cart/events.ts"
import type {
  CartTicket,
  CustomerInfo,
  LockedCartSeat,
  LockRejectionReason,
  Member,
  PresentationFacts,
} from "../../../src/domain/cart/facts.ts"
import {
  DonationQuantitySet,
  MembershipQuantitySet,
  SystemVoucherQuantitySet,
} from "../../../src/domain/cart/otherOrderEvents.ts"
import {
  addSeconds,
  agorot,
  type CartType,
  type OrderStep,
  type SeatPlace,
} from "../../../src/domain/cart/values.ts"

/** Shared builders for the cart tests: plain facts with overridable defaults, and a log that numbers itself. */

export const T0 = "2026-11-22T15:00:00.000Z"
/** `minutes` after T0 */
export const at = (minutes: number): string => addSeconds(T0, minutes * 60)

export const presentation = (overrides: Partial<PresentationFacts> = {}): PresentationFacts => ({
  id: 1,
  venueId: 10,
  venueTypeId: 1,
  seatplanId: 100,
  authProfileId: 7,
  businessId: 3,
  locationId: 5,
  dateTime: "2026-11-22T19:30:00+02:00",
  ...overrides,
})

export const ticket = (overrides: Partial<CartTicket> = {}): CartTicket => ({
  ticketId: 501,
  ticketGroupId: 40,
  pricePolicyId: 9,
  price: agorot(4700),
  oldPrice: null,
  serviceCharge: agorot(300),
  multiplyFactor: 1,
  requiresReference: false,
  isMemberOnly: false,
  balance: null,
  code: null,
  membershipLoyaltyId: null,
  membershipLoyaltyTicketId: null,
  memberNumber: null,
  systemVoucher: null,
  discountId: null,
  appliedDiscount: null,
  selectedAddons: [],
  loyaltyRedemptionCustomerId: null,
  ref1: null,
  ref2: null,
  ...overrides,
})

export const place = (x: number, y: number, VenueSectionId = 1): SeatPlace => ({ VenueSectionId, x, y })

export const locked = (
  x: number,
  y: number,
  withTicket: CartTicket | null = null,
  VenueSectionId = 1,
): LockedCartSeat => ({
  VenueSectionId,
  x,
  y,
  RowName: String.fromCharCode(65 + y),
  SeatName: String(x + 1),
  TicketGroupId: null,
  allocationId: null,
  ticket: withTicket,
})

export const customer = (overrides: Partial<CustomerInfo> = {}): CustomerInfo => ({
  CustomerId: 900,
  FirstName: "Dana",
  LastName: "Levi",
  EmailAddress1: "dana@example.com",
  MobileNumber1: "0501234567",
  SSN: null,
  Address1: null,
  Address2: null,
  City: null,
  PostalCode: null,
  DateOfBirth: null,
  IsSMSAllowed: false,
  IsEmailAllowed: true,
  IsMailingAllowed: false,
  ...overrides,
})

export const member = (overrides: Partial<Member> = {}): Member => ({
  name: "Gold",
  membershipId: 61,
  membershipTypeId: 1,
  membershipIdentifier: "M-61",
  memberNumber: "1001",
  customerId: 900,
  balance: 4,
  usedBalance: 0,
  isAvailable: true,
  isExpired: false,
  isNotStarted: false,
  allowMemberSaleTickets: true,
  ...overrides,
})

/**
 * A log under construction: every event gets the next id (`e1`, `e2`, …) and an instant one minute after the
 * previous one, so tests read as a story and `at` never needs to be spelled out.
 */
export const newLog = () => {
  let count = 0
  const meta = () => {
    count += 1
    return { eventId: `e${count}`, at: at(count) }
  }
  return {
    /** the instant the next event will get */
    nextAt: () => at(count + 1),
    cartType: (cartType: CartType) => CartTypeChosen.make({ ...meta(), cartType }),
    select: (facts: PresentationFacts = presentation(), isEnrolling = false) =>
      PresentationSelected.make({ ...meta(), presentation: facts, isEnrolling }),
    add: (facts: PresentationFacts) => PresentationAdded.make({ ...meta(), presentation: facts }),
    remove: (presentationId: number) => PresentationRemoved.make({ ...meta(), presentationId }),
    lockRequested: (commandId: string, presentationId: number, seats: ReadonlyArray<SeatPlace>) =>
      SeatLockRequested.make({ ...meta(), commandId, presentationId, seats }),
    locked: (
      commandId: string,
      presentationId: number,
      seats: ReadonlyArray<LockedCartSeat>,
      expiresAt = at(count + 11),
    ) => SeatLocked.make({ ...meta(), commandId, presentationId, seats, expiresAt }),
    lockRejected: (commandId: string, reason: LockRejectionReason = "lock_seat_error") =>
      SeatLockRejected.make({ ...meta(), commandId, reason }),
    unlockRequested: (commandId: string, presentationId: number, seats: ReadonlyArray<SeatPlace>) =>
      SeatUnlockRequested.make({ ...meta(), commandId, presentationId, seats }),
    unlocked: (commandId: string | null, presentationId: number, seats: ReadonlyArray<SeatPlace>) =>
      SeatUnlocked.make({ ...meta(), commandId, presentationId, seats }),
    unlockRejected: (commandId: string) =>
      SeatUnlockRejected.make({ ...meta(), commandId, reason: "unlock_seat_error" }),
    lockLost: (presentationId: number, seats: ReadonlyArray<SeatPlace>) =>
      SeatLockLost.make({ ...meta(), presentationId, seats }),
    holdsRenewed: (presentationId: number, expiresAt: string) =>
      SeatHoldsRenewed.make({ ...meta(), presentationId, expiresAt }),
    ticketChosen: (
      presentationId: number,
      seat: SeatPlace,
      chosen: CartTicket = ticket(),
      subTicket = false,
    ) =>
      TicketChosen.make({
        ...meta(),
        presentationId,
        seat,
        ticket: chosen,
        isFirstAddonSelected: false,
        isMultiplyFactorSubTicket: subTicket,
        seatModifiers: [],
      }),
    product: (productId: number, price: number, quantity: number) =>
      ProductQuantitySet.make({ ...meta(), productId, price: agorot(price), quantity }),
    voucher: (systemVoucherPriceId: number, price: number, quantity: number) =>
      SystemVoucherQuantitySet.make({
        ...meta(),
        systemVoucherId: 70,
        systemVoucherPriceId,
        price: agorot(price),
        quantity,
      }),
    membership: (membershipPriceId: number, price: number, quantity: number) =>
      MembershipQuantitySet.make({
        ...meta(),
        membershipId: 61,
        membershipPriceId,
        currencyId: 1,
        price: agorot(price),
        quantity,
        isTopup: false,
        references: [],
      }),
    donation: (
      donationDetailId: number,
      amount: number,
      quantity: number,
      customAmount: number | null = null,
    ) =>
      DonationQuantitySet.make({
        ...meta(),
        donationId: 80,
        donationDetailId,
        amount: agorot(amount),
        customAmount: customAmount === null ? null : agorot(customAmount),
        quantity,
      }),
    customerInfo: (info: CustomerInfo = customer()) =>
      CustomerInfoSet.make({ ...meta(), customerInfo: info }),
    memberAdded: (added: Member = member()) => MemberAdded.make({ ...meta(), member: added }),
    loggedIn: (info: CustomerInfo = customer(), members: ReadonlyArray<Member> = [member()]) =>
      LoggedIn.make({ ...meta(), customerInfo: info, members }),
    loggedOut: () => LoggedOut.make(meta()),
    voucherPayment: (balance: number, id = 1) =>
      VoucherPaymentSet.make({
        ...meta(),
        voucherPayment: {
          id,
          systemVoucher: `REF-${id}`,
          systemVoucherItemId: 10 + id,
          balance: agorot(balance),
        },
      }),
    voucherPaymentCleared: () => VoucherPaymentCleared.make(meta()),
    hold: (isHold: boolean, memberSignedIn?: boolean) =>
      HoldOrderToggled.make({
        ...meta(),
        isHold,
        ...(memberSignedIn === undefined ? {} : { memberSignedIn }),
      }),
    timerStarted: (step: OrderStep, deadline: string) => StepTimerStarted.make({ ...meta(), step, deadline }),
    timerExtended: (step: OrderStep, deadline: string) =>
      StepTimerExtended.make({ ...meta(), step, deadline }),
    timerExpired: (step: OrderStep) => StepTimerExpired.make({ ...meta(), step }),
    commitRequested: (idempotencyKey = "k1") => CommitRequested.make({ ...meta(), idempotencyKey }),
    committed: (idempotencyKey = "k1", reservationIdentifier = "R-1", ticketIdentifiers = ["T-1"]) =>
      Committed.make({ ...meta(), idempotencyKey, reservationIdentifier, ticketIdentifiers }),
    commitRejected: (idempotencyKey = "k1", error = "ORDER_ALREADY_PAID") =>
      CommitRejected.make({ ...meta(), idempotencyKey, error }),
    reset: (keepCustomerInfo = false) => CartReset.make({ ...meta(), keepCustomerInfo }),
    paymentOpened: (reservationIdentifier = "R-1", paymentId = "P-1") =>
      PaymentOpened.make({
        ...meta(),
        reservationIdentifier,
        paymentId,
        method: "card",
        provider: "sandbox-card",
        amount: agorot(5000),
        numberOfPayments: 1,
        paymentFormURL: `/sandbox/card/${paymentId}`,
      }),
    paymentSettled: (
      outcome: "paid" | "failed" | "cancelled",
      options: { reservationIdentifier?: string; paymentId?: string; failure?: string | null } = {},
    ) =>
      PaymentSettled.make({
        ...meta(),
        reservationIdentifier: options.reservationIdentifier ?? "R-1",
        paymentId: options.paymentId ?? "P-1",
        outcome,
        orderStatus:
          outcome === "paid" ? "paid" : options.failure === "seatHoldLost" ? "voided" : "awaitingPayment",
        failure: options.failure ?? null,
        documentKey: outcome === "paid" ? "doc-key" : null,
      }),
  }
}
export type Log = ReturnType<typeof newLog>

/** Select a presentation and hold seats in it, each with the given auto-selected ticket (or none). */
export const seated = (
  log: Log,
  facts: PresentationFacts,
  seats: ReadonlyArray<SeatPlace>,
  withTicket: CartTicket | null = ticket(),
) => [
  log.select(facts),
  log.lockRequested(`lock-${facts.id}`, facts.id, seats),
  log.locked(
    `lock-${facts.id}`,
    facts.id,
    seats.map((s) => locked(s.x, s.y, withTicket, s.VenueSectionId)),
  ),
]
