import {
  applyCustomerInfoSet,
  applyHoldOrderToggled,
  applyLoggedIn,
  applyLoggedOut,
  applyMemberAdded,
  applyMemberRemoved,
  applyVoucherPaymentCleared,
  applyVoucherPaymentSet,
} from "./applyCustomer.ts"
import {
  applyCartTypeChosen,
  applyDonationQuantitySet,
  applyMembershipQuantitySet,
  applyPresentationAdded,
  applyPresentationRemoved,
  applyPresentationSelected,
  applyProductQuantitySet,
  applySystemVoucherQuantitySet,
  applyVodAccessChosen,
} from "./applyItems.ts"
import {
  applyMembershipSeatHeld,
  applyMembershipSeatLetGo,
  applyMembershipTopupChosen,
} from "./applyMembership.ts"
import {
  applyCartReset,
  applyCommitRejected,
  applyCommitRequested,
  applyCommitted,
  applyStepTimerExpired,
  applyStepTimerExtended,
  applyStepTimerStarted,
} from "./applyOrder.ts"
import { applyPaymentOpened, applyPaymentSettled } from "./applyPayment.ts"
import {
  applySeatHoldsRenewed,
  applySeatLocked,
  applySeatLockLost,
  applySeatLockRejected,
  applySeatLockRequested,
  applySeatUnlocked,
  applySeatUnlockRejected,
  applySeatUnlockRequested,
  applyTicketChosen,
} from "./applySeats.ts"
import type { CartEvent, CartEventTag } from "./events.ts"
import { type Cart, initialCart } from "./state.ts"
import { withDerived } from "./totals.ts"

/**
 * The cart is a pure fold over its log: `fold(events)` gives the projection the UI reads. Total by design: no
 * event throws; one that breaks a rule is recorded in `rejections` and changes nothing else. The handler table
 * is typed by tag, so a new event that has no handler is a compile error.
 */

type Handlers = {
  readonly [Tag in CartEventTag]: (cart: Cart, event: Extract<CartEvent, { _tag: Tag }>) => Cart
}

const handlers: Handlers = {
  CartTypeChosen: applyCartTypeChosen,
  PresentationSelected: applyPresentationSelected,
  PresentationAdded: applyPresentationAdded,
  PresentationRemoved: applyPresentationRemoved,
  SeatLockRequested: applySeatLockRequested,
  SeatLocked: applySeatLocked,
  SeatLockRejected: applySeatLockRejected,
  SeatUnlockRequested: applySeatUnlockRequested,
  SeatUnlocked: applySeatUnlocked,
  SeatUnlockRejected: applySeatUnlockRejected,
  SeatLockLost: applySeatLockLost,
  SeatHoldsRenewed: applySeatHoldsRenewed,
  TicketChosen: applyTicketChosen,
  ProductQuantitySet: applyProductQuantitySet,
  SystemVoucherQuantitySet: applySystemVoucherQuantitySet,
  MembershipQuantitySet: applyMembershipQuantitySet,
  DonationQuantitySet: applyDonationQuantitySet,
  CustomerInfoSet: applyCustomerInfoSet,
  MemberAdded: applyMemberAdded,
  MemberRemoved: applyMemberRemoved,
  LoggedIn: applyLoggedIn,
  LoggedOut: applyLoggedOut,
  VoucherPaymentSet: applyVoucherPaymentSet,
  VoucherPaymentCleared: applyVoucherPaymentCleared,
  HoldOrderToggled: applyHoldOrderToggled,
  StepTimerStarted: applyStepTimerStarted,
  StepTimerExtended: applyStepTimerExtended,
  StepTimerExpired: applyStepTimerExpired,
  CommitRequested: applyCommitRequested,
  Committed: applyCommitted,
  CommitRejected: applyCommitRejected,
  PaymentOpened: applyPaymentOpened,
  PaymentSettled: applyPaymentSettled,
  CartReset: applyCartReset,
  MembershipSeatHeld: applyMembershipSeatHeld,
  MembershipSeatLetGo: applyMembershipSeatLetGo,
  MembershipTopupChosen: applyMembershipTopupChosen,
  VodAccessChosen: applyVodAccessChosen,
}

/** One event onto the cart. The derived figures (totals, used balance) are recomputed from the lines each time. */
export const apply = (cart: Cart, event: CartEvent): Cart => {
  const handler = handlers[event._tag] as (cart: Cart, event: CartEvent) => Cart
  const next = handler(cart, event)
  return withDerived({ ...next, eventCount: cart.eventCount + 1 })
}

/** `from` lets replay start at a stored snapshot instead of the first event. */
export const fold = (events: Iterable<CartEvent>, from: Cart = initialCart): Cart => {
  let cart = from
  for (const event of events) cart = apply(cart, event)
  return cart
}
