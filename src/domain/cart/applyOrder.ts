import type {
  CartReset,
  CommitRejected,
  CommitRequested,
  Committed,
  StepTimerExpired,
  StepTimerExtended,
  StepTimerStarted,
} from "./events.ts"
import {
  canExpireTimer,
  canExtendTimer,
  canRecordCommit,
  canRecordCommitRejection,
  canRequestCommit,
  canStartTimer,
} from "./rules.ts"
import { type Cart, guarded, initialCart, type StepTimer } from "./state.ts"
import type { OrderStep } from "./values.ts"

/** Step timers, the commit, and reset. */

const setTimer = (cart: Cart, step: OrderStep, timer: StepTimer): Cart => ({
  ...cart,
  timers: { ...cart.timers, [step]: timer },
})

/** Restarting a step (the buyer came back to it) replaces its deadline. */
export const applyStepTimerStarted = (cart: Cart, event: StepTimerStarted): Cart =>
  guarded(cart, event, canStartTimer(event.at, event.deadline), () =>
    setTimer(cart, event.step, { startedAt: event.at, deadline: event.deadline, expiredAt: null }),
  )

export const applyStepTimerExtended = (cart: Cart, event: StepTimerExtended): Cart =>
  guarded(cart, event, canExtendTimer(cart, event.step, event.deadline), () => {
    const timer = cart.timers[event.step]
    return timer === undefined
      ? cart
      : setTimer(cart, event.step, { ...timer, deadline: event.deadline, expiredAt: null })
  })

/** A second report of the same expiry keeps the first instant. */
export const applyStepTimerExpired = (cart: Cart, event: StepTimerExpired): Cart =>
  guarded(cart, event, canExpireTimer(cart, event.step, event.at), () => {
    const timer = cart.timers[event.step]
    return timer === undefined || timer.expiredAt !== null
      ? cart
      : setTimer(cart, event.step, { ...timer, expiredAt: event.at })
  })

/** A retry with the key already pending is the same request and changes nothing. */
export const applyCommitRequested = (cart: Cart, event: CommitRequested): Cart =>
  guarded(cart, event, canRequestCommit(cart, event.idempotencyKey), () =>
    cart.commit?.status === "pending"
      ? cart
      : {
          ...cart,
          commit: { status: "pending", idempotencyKey: event.idempotencyKey, requestedAt: event.at },
        },
  )

/**
 * Spec §4: after commit the reservation and ticket identifiers are stored. The server is the authority on the
 * order, so its answer is taken even if this cart lost track of the request; a second answer is refused.
 */
export const applyCommitted = (cart: Cart, event: Committed): Cart =>
  guarded(cart, event, canRecordCommit(cart), () => ({
    ...cart,
    commit: null,
    reservation: {
      identifier: event.reservationIdentifier,
      ticketIdentifiers: event.ticketIdentifiers,
      idempotencyKey: event.idempotencyKey,
      committedAt: event.at,
      status: event.status,
      amounts: event.amounts,
      paymentDeadline: event.paymentDeadline,
      documentKey: event.documentKey,
      payment: null,
    },
  }))

/** A refusal ends the pending commit, so the buyer may try again with a new key. */
export const applyCommitRejected = (cart: Cart, event: CommitRejected): Cart =>
  guarded(cart, event, canRecordCommitRejection(cart, event.idempotencyKey), () => ({
    ...cart,
    commit: { status: "rejected", idempotencyKey: event.idempotencyKey, error: event.error },
  }))

/**
 * Spec §4: reset clears everything, optionally keeping customer info (with the memberships that came with it).
 * The event count keeps running: it numbers the log, not the order.
 */
export const applyCartReset = (cart: Cart, event: CartReset): Cart =>
  event.keepCustomerInfo
    ? {
        ...initialCart,
        customerInfo: cart.customerInfo,
        members: cart.members,
        membershipLoyaltyId: cart.membershipLoyaltyId,
        membershipIdentifier: cart.membershipIdentifier,
        eventCount: cart.eventCount,
      }
    : { ...initialCart, eventCount: cart.eventCount }
