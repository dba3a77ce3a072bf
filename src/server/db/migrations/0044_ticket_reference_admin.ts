import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Live monitoring's ticket-reference administration (issue 18, spec §7 TicketReferencePromptAdmin).
 *
 * - `ticket_reference_options.business_id`: the business whose agreement the reference is (a hotel deal of the
 *   chain is not the Haifa stage's). Staff read and edit only references of their own businesses. Rows made
 *   before this migration belong to business 1, the chain, which is whose they were.
 * - `agent_customer_id`: the agent (spec §3 ticket-agent rows' CustomerId): the partner's customer account the
 *   reference was given to; null for a reference given to nobody in particular.
 * - `reference2`: the option's note (the spec's edit call sends one with the quantity).
 * - `updated_at`, `updated_by`: who last changed the quantity, and when (server clock).
 * - `sold_tickets (ticket_id, upper(reference1))` partial index: a reference's sales without scanning every ticket.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE ticket_reference_options
      ADD COLUMN business_id integer NOT NULL DEFAULT 1,
      ADD COLUMN agent_customer_id integer REFERENCES customers (id),
      ADD COLUMN reference2 text,
      ADD COLUMN updated_at timestamptz,
      ADD COLUMN updated_by integer REFERENCES staff_users (id)`
  yield* sql`CREATE INDEX ticket_reference_options_business_idx ON ticket_reference_options (business_id, agent_customer_id)`
  yield* sql`
    CREATE INDEX sold_tickets_reference_idx ON sold_tickets (ticket_id, upper(reference1))
      WHERE reference1 IS NOT NULL`
})
