import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { countSms, takeSmsOrRefuse } from "../notifications/smsAllowance.ts"

/**
 * Messages to buyers go through the `outbox` table, written in the same transaction as the change they report,
 * so an order is never paid without its confirmation queued (nor confirmed without being paid). The sender
 * (src/server/notifications/OutboxSender.ts) delivers rows and sets `sent_at`; payloads name a template and its
 * values, never finished text, plus the buyer's `locale` (`reservations.locale`, set when the payment form is
 * opened; 'he' when not known), so the sender renders them in the buyer's language. Every SMS queued here counts in
 * the day's SMS allowance (src/server/notifications/smsAllowance.ts): the ticket send a caller asks for is refused
 * past it, the messages that report money moved are counted and always queued.
 */

/** The SMS rows a statement queued (`RETURNING kind, recipient`), counted in the day's allowance. */
const countQueuedSms = (rows: ReadonlyArray<{ kind: string; recipient: string }>) =>
  countSms(rows.filter((row) => row.kind === "sms").map((row) => row.recipient))

/** The e-ticket page's path for an order's document key (spec `/edocument/{documentKey}`). */
export const eTicketPath = (documentKey: string): string => `/edocument/${documentKey}`

/** Confirmation by SMS and e-mail with the e-ticket link, from the contact details typed at commit. */
export const enqueuePaidConfirmation = Effect.fn("Outbox.paidConfirmation")(function* (
  reservationId: number,
) {
  const sql = yield* SqlClient.SqlClient
  const queued = yield* sql<{ kind: string; recipient: string }>`
    INSERT INTO outbox (kind, recipient, payload, reservation_id)
    SELECT m.kind, m.recipient,
      jsonb_build_object('template', 'orderPaid', 'reservationIdentifier', r.identifier,
        'eTicketPath', '/edocument/' || r.document_key, 'firstName', r.contact->>'firstName',
        'locale', coalesce(r.locale, 'he')),
      r.id
    FROM reservations r
    CROSS JOIN LATERAL (VALUES ('sms', r.contact->>'mobile'), ('email', r.contact->>'email')) AS m (kind, recipient)
    WHERE r.id = ${reservationId} AND r.document_key IS NOT NULL AND m.recipient IS NOT NULL
    RETURNING kind, recipient`
  yield* countQueuedSms(queued)
}, Effect.orDie)

/** The buyer was charged but the order could not be completed: the money went back (spec §8). */
export const enqueueRefundNotice = Effect.fn("Outbox.refundNotice")(function* (
  reservationId: number,
  reason: string,
) {
  const sql = yield* SqlClient.SqlClient
  const queued = yield* sql<{ kind: string; recipient: string }>`
    INSERT INTO outbox (kind, recipient, payload, reservation_id)
    SELECT m.kind, m.recipient,
      jsonb_build_object('template', 'paymentRefunded', 'reservationIdentifier', r.identifier, 'reason', ${reason}::text,
        'firstName', r.contact->>'firstName', 'locale', coalesce(r.locale, 'he')),
      r.id
    FROM reservations r
    CROSS JOIN LATERAL (VALUES ('sms', r.contact->>'mobile'), ('email', r.contact->>'email')) AS m (kind, recipient)
    WHERE r.id = ${reservationId} AND m.recipient IS NOT NULL
    RETURNING kind, recipient`
  yield* countQueuedSms(queued)
}, Effect.orDie)

/**
 * Spec §8 "send tickets to mobile": the e-ticket link by SMS to the number given, refused (`SmsDailyLimit`) when
 * the phone's day or the chain's `budget` is spent.
 */
export const enqueueTicketsSms = Effect.fn("Outbox.ticketsSms")(function* (
  reservationId: number,
  mobile: string,
  budget: number,
) {
  const sql = yield* SqlClient.SqlClient
  yield* takeSmsOrRefuse({ mobile, budget })
  yield* sql`
    INSERT INTO outbox (kind, recipient, payload, reservation_id)
    SELECT 'sms', ${mobile},
      jsonb_build_object('template', 'sendTickets', 'reservationIdentifier', r.identifier,
        'eTicketPath', '/edocument/' || r.document_key, 'locale', coalesce(r.locale, 'he')),
      r.id
    FROM reservations r WHERE r.id = ${reservationId}`.pipe(Effect.orDie)
})

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
  const queued = yield* sql<{ kind: string; recipient: string }>`
    INSERT INTO outbox (kind, recipient, payload, reservation_id)
    SELECT m.kind, m.recipient,
      jsonb_build_object('template', 'cancellationRefunded', 'reservationIdentifier', r.identifier,
        'refundAgorot', ${refund}::int, 'method', ${method}::text, 'firstName', r.contact->>'firstName',
        'locale', coalesce(r.locale, 'he')),
      r.id
    FROM reservations r
    CROSS JOIN LATERAL (VALUES ('sms', r.contact->>'mobile'), ('email', r.contact->>'email')) AS m (kind, recipient)
    WHERE r.id = ${reservationId} AND m.recipient IS NOT NULL
    RETURNING kind, recipient`
  yield* countQueuedSms(queued)
}, Effect.orDie)
