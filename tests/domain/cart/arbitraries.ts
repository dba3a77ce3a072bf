import fc from "fast-check"
import {
  type CartEvent,
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
import {
  DonationQuantitySet,
  MembershipQuantitySet,
  SystemVoucherQuantitySet,
} from "../../../src/domain/cart/otherOrderEvents.ts"
import { addSeconds, agorot, CartType, OrderStep } from "../../../src/domain/cart/values.ts"
import { at, customer, locked, member, place, presentation, ticket } from "./fixtures.ts"

/**
 * Valid-ish logs: events drawn from a small world (five presentations, eight seats, five tickets, a few command
 * ids and keys) so that they collide often: the same seat locked twice, a verdict for a forgotten command, a
 * commit after commit, an item of the wrong kind. Each template gets its event id and instant from its place in
 * the log, so instants always move forward as they do in a real log.
 */

type Meta = { readonly eventId: string; readonly at: string }
type Template = (meta: Meta) => CartEvent

const presentations = [
  presentation({ id: 1 }),
  presentation({ id: 2 }),
  presentation({ id: 3, authProfileId: 8 }),
  presentation({ id: 4, businessId: 4 }),
  presentation({ id: 5, venueTypeId: 101 }),
]
const tickets = [
  ticket(),
  ticket({ ticketId: 601, multiplyFactor: 2, price: agorot(9000) }),
  ticket({ ticketId: 701, systemVoucher: "SV-1", price: agorot(0), serviceCharge: agorot(0) }),
  ticket({ ticketId: 801, balance: 2, price: agorot(3900) }),
  ticket({ ticketId: 901, requiresReference: true, price: agorot(2500), serviceCharge: agorot(150) }),
]

/** Mostly presentations 1 and 2 (compatible), so seats pile up; sometimes 3–5, so the rules get to refuse. */
const pick = <T>(often: T, sometimes: T, rarely: ReadonlyArray<T>) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(often) },
    { weight: 3, arbitrary: fc.constant(sometimes) },
    { weight: 2, arbitrary: fc.constantFrom(...rarely) },
  )
const presentationId = pick(1, 2, [3, 4, 5])
const aPresentation = pick(presentations[0]!, presentations[1]!, presentations.slice(2))
const isEnrolling = fc.oneof(
  { weight: 3, arbitrary: fc.constant(false) },
  { weight: 1, arbitrary: fc.constant(true) },
)
const aPlace = fc
  .record({ x: fc.integer({ min: 0, max: 3 }), y: fc.integer({ min: 0, max: 1 }) })
  .map((p) => place(p.x, p.y))
const places = fc.uniqueArray(aPlace, { minLength: 1, maxLength: 3, selector: (p) => `${p.x}/${p.y}` })
const aTicket = fc.constantFrom(...tickets)
const maybeTicket = fc.option(aTicket, { nil: null })
const commandId = fc.constantFrom("c0", "c1", "c2", "c3")
const key = fc.constantFrom("k0", "k1", "k2")
const step = fc.constantFrom(...OrderStep.literals)
const quantity = fc.integer({ min: 0, max: 6 })
const minutes = fc.integer({ min: -2, max: 20 })
const later = (meta: Meta, by: number) => addSeconds(meta.at, by * 60)

/** `enrolling`: how PresentationSelected chooses its flag; an enrolment log keeps several presentations. */
const templates = (enrolling: fc.Arbitrary<boolean>) =>
  fc.oneof(
    {
      weight: 1,
      arbitrary: fc.constantFrom(...CartType.literals).map(
        (cartType): Template =>
          (m) =>
            CartTypeChosen.make({ ...m, cartType }),
      ),
    },
    {
      weight: 4,
      arbitrary: fc.tuple(aPresentation, enrolling).map(
        ([facts, isEnrolling]): Template =>
          (m) =>
            PresentationSelected.make({ ...m, presentation: facts, isEnrolling }),
      ),
    },
    {
      weight: 2,
      arbitrary: aPresentation.map(
        (facts): Template =>
          (m) =>
            PresentationAdded.make({ ...m, presentation: facts }),
      ),
    },
    {
      weight: 1,
      arbitrary: presentationId.map(
        (id): Template =>
          (m) =>
            PresentationRemoved.make({ ...m, presentationId: id }),
      ),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(commandId, presentationId, places).map(
        ([c, p, seats]): Template =>
          (m) =>
            SeatLockRequested.make({ ...m, commandId: c, presentationId: p, seats }),
      ),
    },
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          commandId,
          presentationId,
          fc.array(fc.tuple(aPlace, maybeTicket), { minLength: 1, maxLength: 3 }),
          minutes,
        )
        .map(
          ([c, p, seats, by]): Template =>
            (m) =>
              SeatLocked.make({
                ...m,
                commandId: c,
                presentationId: p,
                seats: seats.map(([s, t]) => locked(s.x, s.y, t)),
                expiresAt: later(m, by),
              }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          commandId,
          fc.constantFrom(
            "lock_seat_error",
            "singleSeatError",
            "RECAPTCHA_REQUIRED",
          ) as fc.Arbitrary<"lock_seat_error">,
        )
        .map(
          ([c, reason]): Template =>
            (m) =>
              SeatLockRejected.make({ ...m, commandId: c, reason }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(commandId, presentationId, places).map(
        ([c, p, seats]): Template =>
          (m) =>
            SeatUnlockRequested.make({ ...m, commandId: c, presentationId: p, seats }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.option(commandId, { nil: null }), presentationId, places).map(
        ([c, p, seats]): Template =>
          (m) =>
            SeatUnlocked.make({ ...m, commandId: c, presentationId: p, seats }),
      ),
    },
    {
      weight: 1,
      arbitrary: commandId.map(
        (c): Template =>
          (m) =>
            SeatUnlockRejected.make({ ...m, commandId: c, reason: "unlock_seat_error" }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(presentationId, places).map(
        ([p, seats]): Template =>
          (m) =>
            SeatLockLost.make({ ...m, presentationId: p, seats }),
      ),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(presentationId, aPlace, aTicket, fc.boolean()).map(
        ([p, s, t, sub]): Template =>
          (m) =>
            TicketChosen.make({
              ...m,
              presentationId: p,
              seat: s,
              ticket: t,
              isFirstAddonSelected: false,
              isMultiplyFactorSubTicket: sub,
              seatModifiers: [],
            }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), quantity).map(
        ([id, q]): Template =>
          (m) =>
            ProductQuantitySet.make({ ...m, productId: id, price: agorot(1000 * id), quantity: q }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), quantity).map(
        ([id, q]): Template =>
          (m) =>
            SystemVoucherQuantitySet.make({
              ...m,
              systemVoucherId: 70,
              systemVoucherPriceId: id,
              price: agorot(5000),
              quantity: q,
            }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 0, max: 2 })).map(
        ([id, q]): Template =>
          (m) =>
            MembershipQuantitySet.make({
              ...m,
              membershipId: 61,
              membershipPriceId: id,
              currencyId: 1,
              price: agorot(9000),
              quantity: q,
              isTopup: false,
              references: [],
            }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 1, max: 2 }),
          quantity,
          fc.option(fc.integer({ min: 100, max: 9000 }), { nil: null }),
        )
        .map(
          ([id, q, custom]): Template =>
            (m) =>
              DonationQuantitySet.make({
                ...m,
                donationId: 80,
                donationDetailId: id,
                amount: agorot(2000),
                customAmount: custom === null ? null : agorot(custom),
                quantity: q,
              }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.constant((m: Meta) =>
        CustomerInfoSet.make({ ...m, customerInfo: customer({ CustomerId: null }) }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 3 }), fc.boolean()).map(
        ([id, available]): Template =>
          (m) =>
            MemberAdded.make({
              ...m,
              member: member({ membershipId: id, membershipIdentifier: `M-${id}`, isAvailable: available }),
            }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constant((m: Meta) =>
        LoggedIn.make({ ...m, customerInfo: customer(), members: [member()] }),
      ),
    },
    { weight: 1, arbitrary: fc.constant((m: Meta) => LoggedOut.make(m)) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 0, max: 20000 })).map(
        ([id, balance]): Template =>
          (m) =>
            VoucherPaymentSet.make({
              ...m,
              voucherPayment: {
                id,
                systemVoucher: `REF-${id}`,
                systemVoucherItemId: id,
                balance: agorot(balance),
              },
            }),
      ),
    },
    { weight: 1, arbitrary: fc.constant((m: Meta) => VoucherPaymentCleared.make(m)) },
    {
      weight: 1,
      arbitrary: fc.boolean().map(
        (isHold): Template =>
          (m) =>
            HoldOrderToggled.make({ ...m, isHold }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(step, minutes).map(
        ([s, by]): Template =>
          (m) =>
            StepTimerStarted.make({ ...m, step: s, deadline: later(m, by) }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(step, minutes).map(
        ([s, by]): Template =>
          (m) =>
            StepTimerExtended.make({ ...m, step: s, deadline: later(m, by) }),
      ),
    },
    {
      weight: 1,
      arbitrary: step.map(
        (s): Template =>
          (m) =>
            StepTimerExpired.make({ ...m, step: s }),
      ),
    },
    {
      weight: 2,
      arbitrary: key.map(
        (k): Template =>
          (m) =>
            CommitRequested.make({ ...m, idempotencyKey: k }),
      ),
    },
    {
      weight: 2,
      arbitrary: key.map(
        (k): Template =>
          (m) =>
            Committed.make({
              ...m,
              idempotencyKey: k,
              // by key, so that payments (below) sometimes name the reservation the log holds
              reservationIdentifier: `R-${k}`,
              ticketIdentifiers: [`T-${m.eventId}`],
            }),
      ),
    },
    {
      weight: 1,
      arbitrary: key.map(
        (k): Template =>
          (m) =>
            CommitRejected.make({ ...m, idempotencyKey: k, error: "lastCommit" }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          key,
          fc.constantFrom("P-1", "P-2"),
          fc.constantFrom("card", "blik") as fc.Arbitrary<"card" | "blik">,
        )
        .map(
          ([k, paymentId, method]): Template =>
            (m) =>
              PaymentOpened.make({
                ...m,
                reservationIdentifier: `R-${k}`,
                paymentId,
                method,
                provider: "sandbox",
                amount: agorot(5000),
                numberOfPayments: 1,
                paymentFormURL: `/sandbox/${paymentId}`,
              }),
        ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          key,
          fc.constantFrom("P-1", "P-2"),
          fc.constantFrom("paid", "failed", "cancelled") as fc.Arbitrary<"paid" | "failed" | "cancelled">,
          fc.boolean(),
        )
        .map(
          ([k, paymentId, outcome, voided]): Template =>
            (m) =>
              PaymentSettled.make({
                ...m,
                reservationIdentifier: `R-${k}`,
                paymentId,
                outcome,
                orderStatus: outcome === "paid" ? "paid" : voided ? "voided" : "awaitingPayment",
                failure: outcome === "paid" ? null : "declined",
                documentKey: outcome === "paid" ? `doc-${paymentId}` : null,
              }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.boolean().map(
        (keep): Template =>
          (m) =>
            CartReset.make({ ...m, keepCustomerInfo: keep }),
      ),
    },
  )

const logOf = (template: fc.Arbitrary<Template>) =>
  fc
    .array(template, { maxLength: 80, size: "medium" })
    .map((made) => made.map((make, i) => make({ eventId: `e${i + 1}`, at: at(i + 1) })))

/** Ticket orders with the odd enrolment, and enrolments, where presentations gather and can clash. */
export const cartLog = fc.oneof(logOf(templates(isEnrolling)), logOf(templates(fc.constant(true))))
