import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * What is sold and at what price: ticket groups and their tickets (price policies), service charges,
 * products, system-voucher classes, memberships and donations. Every amount is integer agorot.
 *
 * A presentation's ticket groups are its rows in `presentation_ticket_groups` when it has any,
 * otherwise its venue's rows in `venue_ticket_groups`; `presentation_ticket_groups_effective` applies
 * that rule. `section_id` null means every section. A seat's own `default_ticket_group_id` wins over both.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE ticket_groups (
      id integer PRIMARY KEY,
      name jsonb NOT NULL,
      code text NOT NULL UNIQUE,
      sort_order integer NOT NULL DEFAULT 0
    )`
  yield* sql`
    ALTER TABLE seats ADD CONSTRAINT seats_default_ticket_group_fk
      FOREIGN KEY (default_ticket_group_id) REFERENCES ticket_groups (id)`
  yield* sql`
    CREATE TABLE tickets (
      id integer PRIMARY KEY,
      ticket_group_id integer NOT NULL REFERENCES ticket_groups (id),
      -- the kind of price across groups (1 regular, 2 child, ...), what reports group by
      price_policy_id integer NOT NULL,
      name jsonb NOT NULL,
      price_agorot integer NOT NULL CHECK (price_agorot >= 0),
      service_charge_agorot integer NOT NULL DEFAULT 0 CHECK (service_charge_agorot >= 0),
      -- seats one ticket covers (a sofa-for-two ticket is 2); the extra seats are sub-tickets
      multiply_factor integer NOT NULL DEFAULT 1 CHECK (multiply_factor >= 1),
      is_member_only boolean NOT NULL DEFAULT false,
      -- hotel guests and partners type a reference (reference1 required, reference2 optional)
      requires_reference boolean NOT NULL DEFAULT false,
      -- senior citizen benefit: the buyer shows an ID at the entrance
      is_senior boolean NOT NULL DEFAULT false,
      includes_3d_glasses boolean NOT NULL DEFAULT false,
      min_per_order integer NOT NULL DEFAULT 0 CHECK (min_per_order >= 0),
      max_per_order integer CHECK (max_per_order IS NULL OR max_per_order >= min_per_order),
      -- a ticket that may only be sold together with another (a companion ticket needs a wheelchair one)
      requires_ticket_id integer REFERENCES tickets (id),
      is_active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0
    )`
  yield* sql`CREATE INDEX tickets_group_idx ON tickets (ticket_group_id, sort_order)`
  yield* sql`
    CREATE TABLE venue_ticket_groups (
      venue_id integer NOT NULL REFERENCES venues (id),
      section_id integer REFERENCES venue_sections (id),
      ticket_group_id integer NOT NULL REFERENCES ticket_groups (id),
      sort_order integer NOT NULL DEFAULT 0,
      UNIQUE NULLS NOT DISTINCT (venue_id, section_id, ticket_group_id)
    )`
  yield* sql`
    CREATE TABLE presentation_ticket_groups (
      presentation_id integer NOT NULL REFERENCES presentations (id),
      section_id integer REFERENCES venue_sections (id),
      ticket_group_id integer NOT NULL REFERENCES ticket_groups (id),
      sort_order integer NOT NULL DEFAULT 0,
      UNIQUE NULLS NOT DISTINCT (presentation_id, section_id, ticket_group_id)
    )`
  yield* sql`
    CREATE VIEW presentation_ticket_groups_effective AS
      SELECT ptg.presentation_id, ptg.section_id, ptg.ticket_group_id, ptg.sort_order
      FROM presentation_ticket_groups ptg
      UNION ALL
      SELECT p.id, vtg.section_id, vtg.ticket_group_id, vtg.sort_order
      FROM presentations p
      JOIN venue_ticket_groups vtg ON vtg.venue_id = p.venue_id
      WHERE NOT EXISTS (SELECT 1 FROM presentation_ticket_groups o WHERE o.presentation_id = p.id)`
  yield* sql`
    CREATE TABLE service_charges (
      id integer PRIMARY KEY,
      name jsonb NOT NULL DEFAULT '{"he": "דמי טיפול", "en": "Service charge", "ru": "Сервисный сбор"}'::jsonb,
      -- 'booking' is added to orders; 'cancellation' is kept when an order is cancelled (never refunded)
      kind text NOT NULL CHECK (kind IN ('booking', 'cancellation')),
      amount_agorot integer CHECK (amount_agorot >= 0),
      -- basis points: 500 = 5%
      percent_bp integer CHECK (percent_bp BETWEEN 0 AND 10000),
      applies_per text NOT NULL CHECK (applies_per IN ('ticket', 'order')),
      -- null: every location
      location_id integer REFERENCES locations (id),
      is_refundable boolean NOT NULL DEFAULT false,
      CHECK ((amount_agorot IS NULL) <> (percent_bp IS NULL))
    )`
  yield* sql`
    CREATE TABLE products (
      id integer PRIMARY KEY,
      name jsonb NOT NULL,
      category text NOT NULL CHECK (category IN ('popcorn', 'drinks', 'snacks', 'combo', 'glasses', 'sweets')),
      price_agorot integer NOT NULL CHECK (price_agorot >= 0),
      is_delivery_required boolean NOT NULL DEFAULT false,
      is_3d_glasses boolean NOT NULL DEFAULT false,
      image_key text,
      is_active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0
    )`
  yield* sql`
    CREATE TABLE system_voucher_superclasses (
      id integer PRIMARY KEY,
      name jsonb NOT NULL,
      sort_order integer NOT NULL DEFAULT 0
    )`
  yield* sql`
    CREATE TABLE system_voucher_classes (
      id integer PRIMARY KEY,
      superclass_id integer NOT NULL REFERENCES system_voucher_superclasses (id),
      name jsonb NOT NULL,
      terms jsonb NOT NULL DEFAULT '{}'::jsonb,
      -- open price: the buyer chooses an amount between min and max; otherwise see the prices table
      is_open_price boolean NOT NULL DEFAULT false,
      min_price_agorot integer,
      max_price_agorot integer,
      -- tickets the voucher is worth (null: a money balance)
      ticket_quantity integer,
      validity_days integer NOT NULL CHECK (validity_days > 0),
      -- false: sold through customer service only
      is_sold_online boolean NOT NULL DEFAULT true,
      CHECK (NOT is_open_price OR (min_price_agorot IS NOT NULL AND max_price_agorot >= min_price_agorot))
    )`
  yield* sql`
    CREATE TABLE system_voucher_prices (
      id integer PRIMARY KEY,
      system_voucher_class_id integer NOT NULL REFERENCES system_voucher_classes (id),
      name jsonb NOT NULL,
      price_agorot integer NOT NULL CHECK (price_agorot >= 0)
    )`
  yield* sql`
    CREATE TABLE memberships (
      id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name jsonb NOT NULL,
      class_name jsonb NOT NULL,
      -- 1 club (discounts and points), 2 series (a punch card of ticket_quantity entries)
      membership_type_id integer NOT NULL,
      ticket_quantity integer,
      terms jsonb NOT NULL DEFAULT '{}'::jsonb,
      validity_days integer NOT NULL CHECK (validity_days > 0),
      is_sold_online boolean NOT NULL DEFAULT true,
      CHECK (membership_type_id <> 2 OR ticket_quantity > 0)
    )`
  yield* sql`
    CREATE TABLE membership_prices (
      id integer PRIMARY KEY,
      membership_id integer NOT NULL REFERENCES memberships (id),
      price_code text NOT NULL,
      name jsonb NOT NULL,
      price_agorot integer NOT NULL CHECK (price_agorot >= 0),
      currency text NOT NULL DEFAULT 'ILS'
    )`
  yield* sql`
    CREATE TABLE donations (
      id integer PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name jsonb NOT NULL,
      description jsonb NOT NULL DEFAULT '{}'::jsonb
    )`
  yield* sql`
    CREATE TABLE donation_details (
      id integer PRIMARY KEY,
      donation_id integer NOT NULL REFERENCES donations (id),
      -- null together with allows_custom_amount: the donor types the amount
      amount_agorot integer CHECK (amount_agorot > 0),
      allows_custom_amount boolean NOT NULL DEFAULT false,
      min_custom_agorot integer,
      sort_order integer NOT NULL DEFAULT 0,
      CHECK (amount_agorot IS NOT NULL OR allows_custom_amount)
    )`
})
