import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * The catalogue: where and what is shown. Localised names are JSONB objects keyed by locale
 * (`{"he": "…", "en": "…", "ru": "…"}`); readers fall back to English, then Hebrew.
 * Money is never stored here; see the commerce migration (integer agorot).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE locations (
      id integer PRIMARY KEY,
      name jsonb NOT NULL,
      city jsonb NOT NULL,
      address jsonb NOT NULL,
      -- head office (id 1) is a location for sales channels but never appears in dashboards
      is_head_office boolean NOT NULL DEFAULT false,
      is_online boolean NOT NULL DEFAULT true,
      -- 'default' or 'secondary': locations 1173 and 1181 use the second card provider
      card_provider text NOT NULL DEFAULT 'default' CHECK (card_provider IN ('default', 'secondary')),
      latitude double precision,
      longitude double precision
    )`
  yield* sql`
    CREATE TABLE feature_categories (
      id integer PRIMARY KEY,
      name jsonb NOT NULL
    )`
  yield* sql`
    CREATE TABLE features (
      id integer PRIMARY KEY,
      name jsonb NOT NULL,
      synopsis jsonb NOT NULL DEFAULT '{}'::jsonb,
      category_id integer NOT NULL REFERENCES feature_categories (id),
      -- ISO 639-1 codes: original spoken language, dubbing language (null = not dubbed), subtitle language
      language text NOT NULL,
      dubbing text,
      subtitles text,
      duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
      release_date date NOT NULL,
      age_rating text NOT NULL DEFAULT 'all',
      is_3d boolean NOT NULL DEFAULT false
    )`
  yield* sql`
    CREATE TABLE seatplans (
      id integer PRIMARY KEY,
      name text NOT NULL,
      -- screen position in hall units, the focal point for best-available
      screen_x double precision NOT NULL DEFAULT 0,
      screen_y double precision NOT NULL DEFAULT 0,
      width double precision NOT NULL DEFAULT 0,
      height double precision NOT NULL DEFAULT 0
    )`
  yield* sql`
    CREATE TABLE venues (
      id integer PRIMARY KEY,
      location_id integer NOT NULL REFERENCES locations (id),
      name jsonb NOT NULL,
      -- 101..104 are video-on-demand types; other values are physical halls
      venue_type_id integer NOT NULL,
      seatplan_id integer REFERENCES seatplans (id),
      -- 3 = block seats that would leave a single isolated seat
      seating_policy_id integer NOT NULL DEFAULT 3,
      view_area_filename text
    )`
  yield* sql`CREATE INDEX venues_location_idx ON venues (location_id)`
  yield* sql`
    CREATE TABLE venue_sections (
      id integer PRIMARY KEY,
      seatplan_id integer NOT NULL REFERENCES seatplans (id),
      name jsonb NOT NULL,
      -- reserved sections have seats; general-admission sections have a capacity only
      is_reserved boolean NOT NULL,
      capacity integer NOT NULL CHECK (capacity >= 0),
      sort_order integer NOT NULL DEFAULT 0
    )`
  yield* sql`CREATE INDEX venue_sections_seatplan_idx ON venue_sections (seatplan_id)`
  yield* sql`
    CREATE TABLE presentations (
      id integer PRIMARY KEY,
      feature_id integer NOT NULL REFERENCES features (id),
      venue_id integer NOT NULL REFERENCES venues (id),
      starts_at timestamptz NOT NULL,
      auth_profile_id integer NOT NULL DEFAULT 1,
      business_id integer NOT NULL DEFAULT 1,
      -- false once sales close (shown as "ticket sales ended")
      is_on_sale boolean NOT NULL DEFAULT true,
      is_3d boolean NOT NULL DEFAULT false,
      new_booking_url text
    )`
  yield* sql`CREATE INDEX presentations_starts_at_idx ON presentations (starts_at)`
  yield* sql`CREATE INDEX presentations_feature_idx ON presentations (feature_id, starts_at)`
  yield* sql`CREATE INDEX presentations_venue_idx ON presentations (venue_id, starts_at)`
})
