import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Partners (issue 19, spec §1 "A mini-site lets partners prompt for ticket references", §7 Mini-site and
 * `/integration`):
 *
 * - `mini_sites`: a partner's site at `/mini-site/{url}`. Its buyers buy only the partner's presentations
 *   (`mini_site_presentations`) at the partner's prices: one ticket group of its own (`ticket_group_id`, unique:
 *   a group belongs to one partner), whose tickets ask for the partner's references (`ticket_reference_options`).
 *   The group is deliberately not in `presentation_ticket_groups`: the ordinary site never offers it.
 *   `integration_secret` signs the partner's integration links (HMAC-SHA256, src/server/miniSite/README.md); a
 *   partner without one sends no links.
 * - `integrations`: one row per accepted integration link, the id the buyer's order carries, valid until
 *   `expires_at`.
 * - `reservations.referral_mini_site_id` / `integration_id`: where the order came from, set by the commit from
 *   what the server checked itself (never from the cart's own `referralMiniSiteId`).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE mini_sites (
      id integer PRIMARY KEY,
      url text NOT NULL UNIQUE CHECK (url ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
      name jsonb NOT NULL,
      ticket_group_id integer NOT NULL UNIQUE REFERENCES ticket_groups (id),
      integration_secret text CHECK (length(integration_secret) >= 16),
      is_active boolean NOT NULL DEFAULT true
    )`
  yield* sql`
    CREATE TABLE mini_site_presentations (
      mini_site_id integer NOT NULL REFERENCES mini_sites (id),
      presentation_id integer NOT NULL REFERENCES presentations (id),
      PRIMARY KEY (mini_site_id, presentation_id)
    )`
  yield* sql`CREATE INDEX mini_site_presentations_presentation_idx ON mini_site_presentations (presentation_id)`
  yield* sql`
    CREATE TABLE integrations (
      id text PRIMARY KEY,
      mini_site_id integer NOT NULL REFERENCES mini_sites (id),
      ret text NOT NULL,
      link_ts bigint NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL CHECK (expires_at > created_at)
    )`
  yield* sql`
    ALTER TABLE reservations
      ADD COLUMN referral_mini_site_id integer REFERENCES mini_sites (id),
      ADD COLUMN integration_id text REFERENCES integrations (id)`
})
