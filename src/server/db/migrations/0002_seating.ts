import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Seats of reserved sections, and the seat groups (sofas, beds) whose seats are sold together.
 * General-admission sections have no seats: their `venue_sections.capacity` is the whole story.
 * For a reserved section `capacity` equals its number of seats (the seed keeps them equal), so
 * dashboards can sum capacities without counting seats.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // lets seats and groups prove that their section belongs to the same seatplan
  yield* sql`ALTER TABLE venue_sections ADD CONSTRAINT venue_sections_id_seatplan_key UNIQUE (id, seatplan_id)`
  yield* sql`
    CREATE TABLE seat_groups (
      id integer PRIMARY KEY,
      seatplan_id integer NOT NULL,
      section_id integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('sofa', 'bed')),
      seat_count integer NOT NULL CHECK (seat_count > 1),
      FOREIGN KEY (section_id, seatplan_id) REFERENCES venue_sections (id, seatplan_id),
      UNIQUE (id, seatplan_id)
    )`
  yield* sql`
    CREATE TABLE seats (
      id integer PRIMARY KEY,
      seatplan_id integer NOT NULL REFERENCES seatplans (id),
      section_id integer NOT NULL,
      seat_group_id integer,
      row_name text NOT NULL,
      seat_name text NOT NULL,
      -- hall units; the screen is at the top (small y), rows grow downwards
      x double precision NOT NULL,
      y double precision NOT NULL,
      -- display and adjacency order: seats with consecutive seat_index in one row are neighbours
      -- unless an aisle separates them (different section or a gap in x)
      row_index integer NOT NULL,
      seat_index integer NOT NULL,
      is_premium boolean NOT NULL DEFAULT false,
      is_wheelchair boolean NOT NULL DEFAULT false,
      is_companion boolean NOT NULL DEFAULT false,
      is_limited_view boolean NOT NULL DEFAULT false,
      -- overrides the section's ticket groups for this seat (VIP sofas and beds, premium seats);
      -- the foreign key is added by the commerce migration, which creates ticket_groups
      default_ticket_group_id integer,
      FOREIGN KEY (section_id, seatplan_id) REFERENCES venue_sections (id, seatplan_id),
      FOREIGN KEY (seat_group_id, seatplan_id) REFERENCES seat_groups (id, seatplan_id),
      UNIQUE (seatplan_id, x, y),
      UNIQUE (section_id, row_name, seat_name)
    )`
  yield* sql`CREATE INDEX seats_seatplan_idx ON seats (seatplan_id, section_id, row_index, seat_index)`
  yield* sql`CREATE INDEX seats_group_idx ON seats (seat_group_id) WHERE seat_group_id IS NOT NULL`
})
