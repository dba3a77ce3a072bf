import { Effect, Result } from "effect"
import {
  CommitAnswersRefused as CommitAnswersBody,
  CommitFailed as CommitFailedBody,
  ContactNotVerified as ContactNotVerifiedBody,
  InstalmentsNotAllowed as InstalmentsNotAllowedBody,
  LoyaltyMemberNotProven as LoyaltyMemberNotProvenBody,
} from "../../api/CommitRefusals.ts"
import { type CommitRequest, CommitResult } from "../../api/PaymentApi.ts"
import { toCommitCart } from "../../domain/cart/commitCart.ts"
import { CommitRejected, CommitRequested, Committed } from "../../domain/cart/events.ts"
import type { Reservation } from "../../domain/cart/state.ts"
import { agorot } from "../../domain/cart/values.ts"
import { termsSatisfied } from "../../domain/order/agreements.ts"
import { partnerFor, referralParams } from "../lib/referral.ts"
import {
  commonRefusal,
  decodeAs,
  fromTransport,
  type HumanCheckState,
  humanCheckState,
  retryLostAnswers,
} from "./answers.ts"
import {
  answersRefusal,
  CartNotReady,
  CartStorageFailed,
  ContactNotVerified,
  commitFailure,
  InstalmentsNotAllowed,
  LoyaltyMemberNotProven,
  type PlaceOrderError,
  SeatHoldLost,
  TermsConfirmationRequired,
  UnableToProcessOrder,
} from "./errors.ts"
import { type HumanCheck, PaymentCart, PaymentHttp } from "./ports.ts"

/**
 * `placeOrder`: the cart's held seats become a reservation awaiting payment (spec §7 `POST /payment/commit`).
 *
 * The intent goes into the log first (`CommitRequested`, whose event id is the idempotency key), then the
 * request, then the verdict (`Committed` / `CommitRejected`). A lost answer is retried with the same key, and a
 * reload with a pending commit resends it with the same key, so a buyer who loses signal never makes a second
 * order. Once the log holds a reservation, nothing is committed again.
 */

export interface PlaceOrderOptions {
  /** the terms checkbox (spec §9: required and never pre-ticked, unless the site's flags say otherwise) */
  readonly termsAccepted: boolean
  /** the site's `termsRequired` flag: without it, an order goes on unticked (the server checks the same flag) */
  readonly termsRequired?: boolean
  /** what the customer step asked that the commit carries (additional terms accepted, invoice details) */
  readonly answers?: Pick<CommitRequest, "additionalTerms" | "invoice" | "waiver">
  /** spec §9: payments default to 1 instalment */
  readonly numberOfPayments: number
  /** the presentation's booking fees per order or per ticket beyond each ticket's own (the server checks it) */
  readonly globalServiceCharge?: number
  readonly miniSiteUrl?: string
  /** spec `saveMagCard`: a logged-in customer asks the provider to keep the card they pay with */
  readonly saveMagCard?: boolean
  /** food alone: the cinema it is collected at (an order with a showing takes the showing's) */
  readonly locationId?: number
}

/** The order as the pay step needs it, from the log's reservation. */
export interface PlacedOrder {
  readonly reservationIdentifier: string
  readonly status: Reservation["status"]
  readonly amountDue: number | null
  readonly paymentDeadline: string | null
  readonly documentKey: string | null
}

const placed = (reservation: Reservation): PlacedOrder => ({
  reservationIdentifier: reservation.identifier,
  status: reservation.status,
  amountDue: reservation.amounts?.amountDue ?? null,
  paymentDeadline: reservation.paymentDeadline,
  documentKey: reservation.documentKey,
})

/** A commit request a server may answer 200 twice for (same key), so it is safe to send again. */
const sendCommit = (body: unknown, idempotencyKey: string, human: HumanCheckState) =>
  Effect.gen(function* () {
    const http = yield* PaymentHttp
    const cart = yield* PaymentCart
    const token = cart.cartToken()
    const recaptchaToken = yield* human.token(token)
    const answer = yield* http
      .send({
        method: "POST",
        path: "/payment/commit",
        headers: { "idempotency-key": idempotencyKey, ...(token === null ? {} : { "x-cart-token": token }) },
        body: { ...(body as object), ...(recaptchaToken === undefined ? {} : { recaptchaToken }) },
      })
      .pipe(Effect.mapError(fromTransport))
    if (answer.status === 200) {
      const result = decodeAs(CommitResult, answer.body)
      return result === undefined ? yield* new UnableToProcessOrder() : result
    }
    const instalments = decodeAs(InstalmentsNotAllowedBody, answer.body)
    if (instalments !== undefined) return yield* new InstalmentsNotAllowed({ allowed: instalments.allowed })
    const unverified = decodeAs(ContactNotVerifiedBody, answer.body)
    if (unverified !== undefined) return yield* new ContactNotVerified({ channel: unverified.channel })
    if (decodeAs(LoyaltyMemberNotProvenBody, answer.body) !== undefined)
      return yield* new LoyaltyMemberNotProven()
    const refused = decodeAs(CommitFailedBody, answer.body)
    if (refused !== undefined) return yield* commitFailure(refused.code)
    const answers = decodeAs(CommitAnswersBody, answer.body)
    return yield* answers === undefined ? commonRefusal(answer) : answersRefusal(answers.code)
  }).pipe(Effect.mapError(human.noteRefusal))

const appendOrFail = (events: Parameters<PaymentCart["Service"]["append"]>[0]) =>
  Effect.gen(function* () {
    const cart = yield* PaymentCart
    return yield* cart.append(events).pipe(Effect.mapError(() => new CartStorageFailed()))
  })

const placeOrderFn = Effect.fn("placeOrder")(function* (options: PlaceOrderOptions) {
  const cart = yield* PaymentCart
  const before = cart.state()
  if (before.reservation !== null) {
    if (before.reservation.status === "voided") return yield* new SeatHoldLost()
    return placed(before.reservation)
  }
  if (!termsSatisfied({ termsRequired: options.termsRequired ?? true }, options.termsAccepted))
    return yield* new TermsConfirmationRequired()

  // issue 19: the partner or integration link this showing's order came through (the server checks both)
  const firstShowing = before.presentations[0]?.seats[0]?.presentationId
  const referral = firstShowing === undefined ? {} : referralParams(firstShowing)
  const built = toCommitCart(before, {
    referralMiniSiteId: firstShowing === undefined ? null : (partnerFor(firstShowing)?.id ?? null),
    numberOfPayments: options.numberOfPayments,
    globalServiceCharge: agorot(options.globalServiceCharge ?? 0),
    saveMagCard: options.saveMagCard ?? false,
    locationId: options.locationId ?? null,
  })
  if (Result.isFailure(built)) return yield* new CartNotReady({ reason: built.failure.reason })

  // resume a commit whose answer never came (a reload, lost signal) under its own key
  let idempotencyKey = before.commit?.status === "pending" ? before.commit.idempotencyKey : null
  if (idempotencyKey === null) {
    const meta = cart.meta()
    idempotencyKey = meta.eventId
    yield* appendOrFail([CommitRequested.make({ ...meta, idempotencyKey })])
  }
  const key = idempotencyKey
  const body = {
    cart: built.success,
    termsAccepted: options.termsAccepted,
    ...options.answers,
    ...(options.miniSiteUrl === undefined ? {} : { miniSiteUrl: options.miniSiteUrl }),
    ...referral,
  }

  const result = yield* retryLostAnswers(sendCommit(body, key, humanCheckState())).pipe(
    Effect.tapError((error) =>
      // a refusal is final for this key; a lost answer leaves the commit pending for a retry with it
      error._tag === "NetworkLost" || error._tag === "CartStorageFailed"
        ? Effect.void
        : appendOrFail([
            CommitRejected.make({
              ...cart.meta(),
              idempotencyKey: key,
              error: error._tag === "CommitFailed" ? error.code : error._tag,
            }),
          ]).pipe(Effect.ignore),
    ),
  )

  const after = yield* appendOrFail([
    Committed.make({
      ...cart.meta(),
      idempotencyKey: key,
      reservationIdentifier: result.reservationIdentifier,
      ticketIdentifiers: result.ticketIdentifiers,
      status: result.status,
      amounts: {
        total: agorot(result.total),
        serviceCharge: agorot(result.serviceCharge),
        voucherAmount: agorot(result.voucherAmount),
        amountDue: agorot(result.amountDue),
      },
      paymentDeadline: result.paymentDeadline,
      documentKey: result.documentKey,
    }),
  ])
  // the log's reservation is the truth: if another tab recorded one first, that one stands
  const reservation = after.reservation
  if (reservation === null) return yield* new CartStorageFailed()
  if (reservation.status === "voided") return yield* new SeatHoldLost()
  return placed(reservation)
})

/** The error channel, spelled out: every failure by tag. */
export type PlaceOrder = (
  options: PlaceOrderOptions,
) => Effect.Effect<PlacedOrder, PlaceOrderError, PaymentCart | PaymentHttp | HumanCheck>
export const placeOrder: PlaceOrder = placeOrderFn
