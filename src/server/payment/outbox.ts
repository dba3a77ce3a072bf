import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Messages to buyers go through the `outbox` table, written in the same transaction as the change they report,
 * so an order is never paid without its confirmation queued (nor confirmed without being paid). The sender
 * (src/server/notifications/OutboxSender.ts) delivers rows and sets `sent_at`; payloads name a template and its
 * values, never finished text, plus the buyer's `locale` (`reservations.locale`, set when the payment form is
 * opened; 'he' when not known), so the sender renders them in the buyer's language.
 */

/** The e-ticket page's path for an order's document key (spec `/edocument/{documentKey}`). */
export const eTicketPath = (documentKey: string): string => `/edocument/${documentKey}`

/** Confirmation by SMS and e-mail with the e-ticket link, from the contact details typed at commit. */
export const enqueuePaidConfirmation = Effect.fn("Outbox.paidConfirmation")(function* (
  reservationId: number,
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    INSERT INTO outbox (kind, recipient, payload, reservation_id)
    SELECT m.kind, m.recipient,
      jsonb_build_object('template', 'orderPaid', 'reservationIdentifier', r.identifier,
        'eTicketPath', '/edocument/' || r.document_key, 'firstName', r.contact->>'firstName',
        'locale', coalesce(r.locale, 'he')),
      r.id
    FROM reservations r
    CROSS JOIN LATERAL (VALUES ('sms', r.contact->>'mobile'), ('email', r.contact->>'email')) AS m (kind, recipient)
    WHERE r.id = ${reservationId} AND r.document_key IS NOT NULL AND m.recipient IS NOT NULL`
}, Effect.orDie)

/** The buyer was charged but the order could not be completed: the money went back (spec §8). */
export const enqueueRefundNotice = Effect.fn("Outbox.refundNotice")(function* (
  reservationId: number,
  reason: string,
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    INSERT INTO outbox (kind, recipient, payload, reservation_id)
    SELECT m.kind, m.recipient,
      jsonb_build_object('template', 'paymentRefunded', 'reservationIdentifier', r.identifier, 'reason', ${reason}::text,
        'firstName', r.contact->>'firstName', 'locale', coalesce(r.locale, 'he')),
      r.id
    FROM reservations r
    CROSS JOIN LATERAL (VALUES ('sms', r.contact->>'mobile'), ('email', r.contact->>'email')) AS m (kind, recipient)
    WHERE r.id = ${reservationId} AND m.recipient IS NOT NULL`
}, Effect.orDie)

/** Spec §8 "send tickets to mobile": the e-ticket link by SMS to the number given. */
export const enqueueTicketsSms = Effect.fn("Outbox.ticketsSms")(function* (
  reservationId: number,
  mobile: string,
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    INSERT INTO outbox (kind, recipient, payload, reservation_id)
    SELECT 'sms', ${mobile},
      jsonb_build_object('template', 'sendTickets', 'reservationIdentifier', r.identifier,
        'eTicketPath', '/edocument/' || r.document_key, 'locale', coalesce(r.locale, 'he')),
      r.id
    FROM reservations r WHERE r.id = ${reservationId}`
}, Effect.orDie)

/**
 * Issue 15: a cancellation from the customer area refunded `refund` agorot, to the card that paid or to
 * transaction credit (`method`): the notice goes to the order's contact by SMS and e-mail.
 */
export const enqueueCancellationNotice = Effect.fn("Outbox.cancellationNotice")(function* (
  reservationId: number,
  refund: number,
  method: "originalPayment" | "transactionCredit",
) {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    INSERT INTO outbox (kind, recipient, payload, reservation_id)
    SELECT m.kind, m.recipient,
      jsonb_build_object('template', 'cancellationRefunded', 'reservationIdentifier', r.identifier,
        'refundAgorot', ${refund}::int, 'method', ${method}::text, 'firstName', r.contact->>'firstName',
        'locale', coalesce(r.locale, 'he')),
      r.id
    FROM reservations r
    CROSS JOIN LATERAL (VALUES ('sms', r.contact->>'mobile'), ('email', r.contact->>'email')) AS m (kind, recipient)
    WHERE r.id = ${reservationId} AND m.recipient IS NOT NULL`
}, Effect.orDie)
