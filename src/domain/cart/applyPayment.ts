import type { PaymentOpened, PaymentSettled } from "./events.ts"
import { canOpenPayment, canSettlePayment } from "./rules.ts"
import { type Cart, guarded, type Reservation } from "./state.ts"

/** Payments of the reservation: opened before the buyer leaves for the provider, settled by the completion. */

const withReservation = (cart: Cart, change: (reservation: Reservation) => Reservation): Cart =>
  cart.reservation === null ? cart : { ...cart, reservation: change(cart.reservation) }

/** The same payment recorded again (a retried append) keeps its first record. */
export const applyPaymentOpened = (cart: Cart, event: PaymentOpened): Cart =>
  guarded(cart, event, canOpenPayment(cart, event.reservationIdentifier, event.paymentId), () =>
    withReservation(cart, (reservation) =>
      reservation.payment?.paymentId === event.paymentId && reservation.payment.status === "open"
        ? reservation
        : {
            ...reservation,
            payment: {
              paymentId: event.paymentId,
              method: event.method,
              provider: event.provider,
              amount: event.amount,
              numberOfPayments: event.numberOfPayments,
              paymentFormURL: event.paymentFormURL,
              openedAt: event.at,
              status: "open",
              failure: null,
            },
          },
    ),
  )

/**
 * The server's word on the payment and the order: paid (with the e-document key), or failed / cancelled, after
 * which the order either still awaits payment (the buyer may try again) or was voided (its seats are gone).
 */
export const applyPaymentSettled = (cart: Cart, event: PaymentSettled): Cart =>
  guarded(cart, event, canSettlePayment(cart, event.reservationIdentifier, event.paymentId), () =>
    withReservation(cart, (reservation) => ({
      ...reservation,
      status: event.orderStatus,
      documentKey: event.documentKey ?? reservation.documentKey,
      payment:
        reservation.payment === null
          ? null
          : { ...reservation.payment, status: event.outcome, failure: event.failure },
    })),
  )
