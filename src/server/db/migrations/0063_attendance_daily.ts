import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Cinema attendance per business day (issue 18: the 29-day strip and attendance by date ≥ 10 × faster than counting
 * every showing's seats). `attendance_daily` holds, per business day of the show (Asia/Jerusalem), business and
 * venue, how many showings there are and their sold seats (migration 0062's `presentation_sold_seats`). The venue
 * gives the rest at query time, from tables of a few rows: its location (location 1 left out) and its capacity
 * (showings × the seatplan's capacity; a venue without seats is no attendance).
 *
 * Kept in the same transaction by statement-level triggers: a showing added, removed or moved to another day,
 * business or venue moves its count and its sold seats; a change of a showing's sold seats (0062's trigger, itself
 * fired by 0061's) adds the difference to the showing's day. Nothing reads or writes `seat_allocations`: live holds
 * are still counted from their index when the strip is read.
 */

const DAY = (at: string) => `(${at} AT TIME ZONE 'Asia/Jerusalem')::date`

/** adds signed rows (business_date, business_id, venue_id, presentations, sold) into attendance_daily */
const addInto = (rows: string) => `
  INSERT INTO attendance_daily AS s (business_date, business_id, venue_id, presentations, sold)
  SELECT d.business_date, d.business_id, d.venue_id, sum(d.presentations), sum(d.sold)
  FROM ${rows} d
  GROUP BY 1, 2, 3
  HAVING sum(d.presentations) <> 0 OR sum(d.sold) <> 0
  ON CONFLICT (business_date, business_id, venue_id) DO UPDATE
    SET presentations = s.presentations + EXCLUDED.presentations, sold = s.sold + EXCLUDED.sold`

/** each showing of `table` (presentations' columns) as a signed row with its sold seats */
const showings = (sign: number, table: string, where = "true") => `
  SELECT ${DAY("p.starts_at")} AS business_date, p.business_id, p.venue_id, ${sign} AS presentations,
    ${sign} * coalesce(ss.sold, 0) AS sold
  FROM ${table} p LEFT JOIN presentation_sold_seats ss ON ss.presentation_id = p.id
  WHERE ${where}`

/** showings whose day, business or venue changed in this statement */
const MOVED = `p.id IN (SELECT a.id FROM added a JOIN removed b ON b.id = a.id
  WHERE (${DAY("a.starts_at")}, a.business_id, a.venue_id) IS DISTINCT FROM (${DAY("b.starts_at")}, b.business_id, b.venue_id))`

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql.unsafe(`
    CREATE TABLE attendance_daily (
      business_date date NOT NULL,
      business_id integer NOT NULL,
      venue_id integer NOT NULL,
      presentations bigint NOT NULL DEFAULT 0,
      sold bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (business_date, business_id, venue_id)
    )`)
  yield* sql.unsafe(addInto(`(${showings(1, "presentations")})`))

  yield* sql.unsafe(`
    CREATE FUNCTION presentations_attendance() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${addInto(`(${showings(1, "added")})`)};
      ELSIF TG_OP = 'DELETE' THEN
        ${addInto(`(${showings(-1, "removed")})`)};
      ELSIF EXISTS (SELECT 1 FROM added p WHERE ${MOVED}) THEN
        ${addInto(`(${showings(1, "added", MOVED)} UNION ALL ${showings(-1, "removed", MOVED)})`)};
      END IF;
      RETURN NULL;
    END
    $$`)
  yield* sql.unsafe(`
    CREATE TRIGGER presentations_attendance_insert AFTER INSERT ON presentations REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION presentations_attendance()`)
  yield* sql.unsafe(`
    CREATE TRIGGER presentations_attendance_update AFTER UPDATE ON presentations
      REFERENCING OLD TABLE AS removed NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION presentations_attendance()`)
  yield* sql.unsafe(`
    CREATE TRIGGER presentations_attendance_delete AFTER DELETE ON presentations REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION presentations_attendance()`)

  // a showing's sold seats changed (0062): the difference goes to the showing's day as it is now
  const soldChange = (rows: string) => `(
    SELECT ${DAY("p.starts_at")} AS business_date, p.business_id, p.venue_id, 0 AS presentations, d.sold
    FROM (${rows}) d JOIN presentations p ON p.id = d.presentation_id)`
  yield* sql.unsafe(`
    CREATE FUNCTION presentation_sold_seats_attendance() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${addInto(soldChange("SELECT presentation_id, sold FROM added"))};
      ELSE
        ${addInto(
          soldChange(
            "SELECT presentation_id, sold FROM added UNION ALL SELECT presentation_id, -sold FROM removed",
          ),
        )};
      END IF;
      RETURN NULL;
    END
    $$`)
  yield* sql.unsafe(`
    CREATE TRIGGER presentation_sold_seats_attendance_insert AFTER INSERT ON presentation_sold_seats
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION presentation_sold_seats_attendance()`)
  yield* sql.unsafe(`
    CREATE TRIGGER presentation_sold_seats_attendance_update AFTER UPDATE ON presentation_sold_seats
      REFERENCING OLD TABLE AS removed NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION presentation_sold_seats_attendance()`)
})
