import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Orders awaiting payment, payments, the webhook inbox, the notification outbox and voucher redemptions.
 *
 * - An order is a `reservations` row with a `payment_status`: 'awaitingPayment' from commit until a provider
 *   captured the amount due, then 'paid' (terminal) or 'voided' (terminal, seats freed). Rows written before
 *   this migration (the seeded history) were paid at the counter or online, so they default to 'paid'.
 * - `sold_tickets` are written at commit (their ids are the ticket identifiers); a voided order's tickets get
 *   `cancelled_at`. Seat availability is counted from `seat_allocations` only, so an unpaid order's tickets
 *   never count as sold; anything that sums sales must filter `payment_status = 'paid'`.
 * - `seat_allocations.reservation_id` ties a cart's holds to its order at commit, with `expires_at` moved to
 *   the payment deadline. The guard trigger below keeps the seat-hold functions of migrations 0006–0007 (which
 *   know nothing of orders) from releasing or shortening those holds; only order code, which changes
 *   `reservation_id` or `kind`, does. An order hold that lapsed and is taken over by another cart loses its
 *   `reservation_id`, so a payment arriving afterwards finds the seat gone and voids the order.
 * - `provider_events`: UNIQUE (provider, event_id) makes a webhook delivered twice one row.
 * - `sandbox_payments` is the sandbox providers' own ledger (what the provider knows), kept apart from our
 *   `payments` (what we learned from the provider); the server asks it the way it would ask a real provider.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE reservations
      ADD COLUMN payment_status text NOT NULL DEFAULT 'paid'
        CHECK (payment_status IN ('awaitingPayment', 'paid', 'voided')),
      ADD COLUMN presentation_id integer REFERENCES presentations (id),
      ADD COLUMN cart_token text,
      -- what the idempotency key was used for: a hash of the commit's cart
      ADD COLUMN commit_fingerprint text,
      ADD COLUMN payment_deadline timestamptz,
      ADD COLUMN amount_due_agorot bigint NOT NULL DEFAULT 0 CHECK (amount_due_agorot >= 0),
      ADD COLUMN voucher_agorot bigint NOT NULL DEFAULT 0 CHECK (voucher_agorot >= 0),
      ADD COLUMN document_key text UNIQUE,
      ADD COLUMN paid_at timestamptz,
      -- the payment that paid it: any other captured payment of the order is given back
      ADD COLUMN paid_payment_id text,
      ADD COLUMN voided_at timestamptz,
      -- why an order was voided: a PaymentFailureCode (seatHoldLost, orderCancelled, ...)
      ADD COLUMN failure text,
      -- the buyer's contact details as typed at commit (a guest has no customers row)
      ADD COLUMN contact jsonb,
      -- discount codes whose use the commit counted (given back if the order is voided)
      ADD COLUMN discount_code_ids integer[] NOT NULL DEFAULT '{}',
      ADD CONSTRAINT reservations_awaiting_has_deadline
        CHECK (payment_status <> 'awaitingPayment' OR payment_deadline IS NOT NULL)`
  yield* sql`CREATE INDEX reservations_awaiting_idx ON reservations (payment_deadline)
    WHERE payment_status = 'awaitingPayment'`
  yield* sql`CREATE INDEX reservations_cart_idx ON reservations (cart_token) WHERE cart_token IS NOT NULL`

  yield* sql`ALTER TABLE seat_allocations ADD COLUMN reservation_id bigint REFERENCES reservations (id)`
  yield* sql`CREATE INDEX seat_allocations_reservation_idx ON seat_allocations (reservation_id)
    WHERE reservation_id IS NOT NULL`

  // The seat-hold functions touch rows by cart only. For a row tied to an order:
  //  - a release by the cart is skipped while the order's deadline has not passed;
  //  - a re-hold by the same cart never shortens the payment deadline;
  //  - a takeover by another cart (only possible once the deadline passed) unties the row from the order.
  // Order code says what it means by changing reservation_id or kind, which passes through unchanged.
  yield* sql`
    CREATE FUNCTION seat_allocations_order_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF OLD.reservation_id IS NOT NULL AND OLD.kind = 'hold' AND OLD.expires_at > now() THEN
          RETURN NULL;
        END IF;
        RETURN OLD;
      END IF;
      IF OLD.reservation_id IS NULL OR NEW.reservation_id IS DISTINCT FROM OLD.reservation_id
        OR NEW.kind <> OLD.kind THEN
        RETURN NEW;
      END IF;
      IF NEW.cart_token IS DISTINCT FROM OLD.cart_token THEN
        NEW.reservation_id := NULL;
        RETURN NEW;
      END IF;
      IF NEW.kind = 'hold' THEN
        NEW.expires_at := greatest(OLD.expires_at, NEW.expires_at);
      END IF;
      RETURN NEW;
    END
    $$`
  yield* sql`
    CREATE TRIGGER seat_allocations_order_guard BEFORE UPDATE OR DELETE ON seat_allocations
      FOR EACH ROW EXECUTE FUNCTION seat_allocations_order_guard()`

  yield* sql`
    CREATE TABLE payments (
      id text PRIMARY KEY,
      reservation_id bigint NOT NULL REFERENCES reservations (id),
      provider text NOT NULL,
      method text NOT NULL CHECK (method IN ('card', 'paypal', 'blik', 'redirect')),
      amount_agorot bigint NOT NULL CHECK (amount_agorot > 0),
      number_of_payments integer NOT NULL DEFAULT 1 CHECK (number_of_payments >= 1),
      state text NOT NULL CHECK (state IN ('awaitingEntry', 'awaitingVerification', 'processing',
        'awaitingBankApp', 'captured', 'failed', 'cancelled', 'refunded')),
      failure text,
      provider_reference text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, provider_reference)
    )`
  yield* sql`CREATE INDEX payments_reservation_idx ON payments (reservation_id)`
  yield* sql`CREATE INDEX payments_open_idx ON payments (created_at)
    WHERE state NOT IN ('failed', 'cancelled', 'refunded')`

  yield* sql`
    CREATE TABLE provider_events (
      id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      provider text NOT NULL,
      event_id text NOT NULL,
      payload jsonb NOT NULL,
      signature_ok boolean NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      processed_at timestamptz,
      UNIQUE (provider, event_id)
    )`
  yield* sql`CREATE INDEX provider_events_unprocessed_idx ON provider_events (received_at)
    WHERE processed_at IS NULL`

  yield* sql`
    CREATE TABLE outbox (
      id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('sms', 'email')),
      recipient text NOT NULL,
      -- template and its values; the sender renders it in the buyer's language
      payload jsonb NOT NULL,
      reservation_id bigint REFERENCES reservations (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`
  yield* sql`CREATE INDEX outbox_unsent_idx ON outbox (created_at) WHERE sent_at IS NULL`
  yield* sql`CREATE INDEX outbox_reservation_idx ON outbox (reservation_id) WHERE reservation_id IS NOT NULL`

  // system_vouchers comes from migration 0008 (discount codes and vouchers); the foreign key is added when
  // that table is there, so this migration also runs on a database that does not have it yet.
  yield* sql`
    CREATE TABLE voucher_redemptions (
      id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      voucher_id bigint NOT NULL,
      reservation_id bigint NOT NULL REFERENCES reservations (id),
      amount_agorot bigint NOT NULL CHECK (amount_agorot > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      reversed_at timestamptz,
      UNIQUE (voucher_id, reservation_id)
    )`
  yield* sql`CREATE INDEX voucher_redemptions_reservation_idx ON voucher_redemptions (reservation_id)`
  yield* sql`
    DO $$
    BEGIN
      IF to_regclass('system_vouchers') IS NOT NULL THEN
        ALTER TABLE voucher_redemptions ADD CONSTRAINT voucher_redemptions_voucher_fk
          FOREIGN KEY (voucher_id) REFERENCES system_vouchers (id);
      END IF;
    END
    $$`

  yield* sql`
    CREATE TABLE sandbox_payments (
      reference text PRIMARY KEY,
      provider text NOT NULL,
      merchant_payment_id text NOT NULL,
      method text NOT NULL,
      amount_agorot bigint NOT NULL,
      max_instalments integer NOT NULL DEFAULT 1,
      instalments integer NOT NULL DEFAULT 1,
      state text NOT NULL,
      failure text,
      -- a promotion valid only for cards of these BINs (null: any card)
      allowed_bins text[],
      card_last4 text,
      return_url text NOT NULL,
      -- the provider's notification settings for this payment: tests turn delivery off to play a crash
      deliver_webhooks boolean NOT NULL DEFAULT true,
      code text,
      code_expires_at timestamptz,
      confirm_by timestamptz,
      payer_id text,
      token text,
      event_seq integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, merchant_payment_id)
    )`
})
