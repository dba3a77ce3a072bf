import { Temporal } from "@js-temporal/polyfill"
import { Effect, type Layer, ManagedRuntime, Option } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { orderIdentifier } from "../../../src/domain/order/orderIdentifier.ts"
import { ORDER_IDENTIFIER_SECRET, orderCodeRound } from "../../../src/server/db/orderIdentifiers.ts"
import { seedDatabase, seedIfEmpty } from "../../../src/server/db/seed/seed.ts"
import { createDatabase, dropDatabase, migratedLayer, postgresAvailable } from "./pgTestDatabase.ts"

// Runs against the local PostgreSQL server. Without one it is skipped on a laptop, but fails under CI.
const available = await postgresAvailable()
if (!available && process.env.CI)
  throw new Error("PostgreSQL at 127.0.0.1:5432 (or TEST_PG_URL) is unreachable")

const today = Temporal.PlainDate.from("2026-03-27")
const options = { seed: 11, scale: 1, today }

type Runtime = ManagedRuntime.ManagedRuntime<SqlClient.SqlClient, unknown>
const databases: Array<{ name: string; runtime: Runtime }> = []

const openDatabase = async () => {
  const name = await createDatabase()
  const runtime = ManagedRuntime.make(migratedLayer(name) as Layer.Layer<SqlClient.SqlClient, unknown>)
  databases.push({ name, runtime })
  return runtime
}

const query = <A extends object>(runtime: Runtime, text: string) =>
  runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return yield* sql.unsafe<A>(text)
    }),
  )

const one = async <A extends object>(runtime: Runtime, text: string) => (await query<A>(runtime, text))[0]!

const DIGESTED = [
  "locations",
  "features",
  "venues",
  "venue_sections",
  "seats",
  "presentations",
  "tickets",
  "customers",
  "members",
  "reservations",
  "seat_allocations",
  "sold_tickets",
  "product_sales",
]
const digest = (runtime: Runtime) =>
  one<{ digest: string }>(
    runtime,
    `SELECT md5(string_agg(d, '|' ORDER BY n)) AS digest FROM (${DIGESTED.map(
      (table, n) => `SELECT ${n} AS n, md5(string_agg(t::text, ',' ORDER BY t.id)) AS d FROM ${table} t`,
    ).join(" UNION ALL ")}) x`,
  ).then((r) => r.digest)

describe.skipIf(!available)("seedDatabase on PostgreSQL", () => {
  let db: Runtime

  beforeAll(async () => {
    db = await openDatabase()
    await db.runPromise(seedDatabase(options))
  }, 120_000)

  afterAll(async () => {
    for (const { name, runtime } of databases) {
      await runtime.dispose()
      await dropDatabase(name)
    }
  }, 60_000)

  it("writes the same rows for the same options", async () => {
    const again = await openDatabase()
    const summary = await again.runPromise(seedDatabase(options))
    expect(summary.soldTickets).toBeGreaterThan(20000)
    expect(await digest(again)).toBe(await digest(db))
  }, 120_000)

  it("leaves a seeded database alone in seedIfEmpty", async () => {
    expect(Option.isNone(await db.runPromise(seedIfEmpty(options)))).toBe(true)
  })

  it("has the required locations, venues and seats", async () => {
    const r = await one<Record<string, boolean | string>>(
      db,
      `SELECT
        (SELECT count(*) FROM locations WHERE id IN (1, 1173, 1181)) = 3 AS locations,
        (SELECT card_provider FROM locations WHERE id = 1181) = 'secondary' AS secondary,
        (SELECT array_agg(DISTINCT venue_type_id ORDER BY venue_type_id) FROM venues WHERE venue_type_id > 100)::text AS vod,
        (SELECT max(n) FROM (SELECT count(*) n FROM seats GROUP BY seatplan_id) x) >= 20000 AS huge,
        (SELECT array_agg(DISTINCT kind ORDER BY kind) FROM seat_groups)::text AS groups,
        (SELECT bool_and(EXISTS (SELECT 1 FROM seats c WHERE c.section_id = w.section_id AND c.row_index = w.row_index
           AND abs(c.seat_index - w.seat_index) = 1 AND c.is_companion)) FROM seats w WHERE w.is_wheelchair) AS companions,
        EXISTS (SELECT 1 FROM seats WHERE is_limited_view) AS limited,
        (SELECT bool_and(vs.capacity = (SELECT count(*) FROM seats s WHERE s.section_id = vs.id))
           FROM venue_sections vs WHERE vs.is_reserved) AS reserved_capacity`,
    )
    expect(r).toEqual({
      locations: true,
      secondary: true,
      vod: "{101,102,103,104}",
      huge: true,
      groups: "{bed,sofa}",
      companions: true,
      limited: true,
      reserved_capacity: true,
    })
    const modes = await query<{ mode: string }>(
      db,
      `SELECT DISTINCT CASE WHEN bool_or(vs.is_reserved) AND bool_or(NOT vs.is_reserved) THEN 'mixed'
          WHEN bool_or(vs.is_reserved) THEN 'reserved'
          WHEN count(*) = 1 THEN 'singleGA' ELSE 'multiGA' END AS mode
        FROM venues v JOIN venue_sections vs ON vs.seatplan_id = v.seatplan_id GROUP BY v.id ORDER BY 1`,
    )
    expect(modes.map((m) => m.mode)).toEqual(["mixed", "multiGA", "reserved", "singleGA"])
  })

  it("shows something on every day of the window, in every venue", async () => {
    const r = await one<{ days: number; idle_venues: number }>(
      db,
      `SELECT
        (SELECT count(DISTINCT (starts_at AT TIME ZONE 'Asia/Jerusalem')::date) FROM presentations
          WHERE (starts_at AT TIME ZONE 'Asia/Jerusalem')::date BETWEEN '2026-03-13' AND '2026-04-10')::integer AS days,
        (SELECT count(*) FROM venues v WHERE NOT EXISTS (SELECT 1 FROM presentations p WHERE p.venue_id = v.id))::integer
          AS idle_venues`,
    )
    expect(r).toEqual({ days: 29, idle_venues: 0 })
    const ticketGroups = await one<{ missing: number }>(
      db,
      `SELECT count(*)::integer AS missing FROM presentations p
        WHERE NOT EXISTS (SELECT 1 FROM presentation_ticket_groups_effective e WHERE e.presentation_id = p.id)`,
    )
    expect(ticketGroups.missing).toBe(0)
  })

  it("never sells a seat twice or a section beyond capacity, and totals add up", async () => {
    const r = await one<Record<string, number>>(
      db,
      `SELECT
        (SELECT count(*) FROM (SELECT 1 FROM sold_tickets WHERE seat_id IS NOT NULL
           GROUP BY presentation_id, seat_id HAVING count(*) > 1) x)::integer AS twice,
        (SELECT count(*) FROM (SELECT 1 FROM sold_tickets st JOIN venue_sections vs ON vs.id = st.section_id
           GROUP BY st.presentation_id, vs.id HAVING count(*) > max(vs.capacity)) x)::integer AS over,
        (SELECT count(*) FROM sold_tickets st JOIN presentations p ON p.id = st.presentation_id
           JOIN venues v ON v.id = p.venue_id JOIN seats s ON s.id = st.seat_id
           WHERE s.seatplan_id <> v.seatplan_id)::integer AS wrong_hall,
        (SELECT count(*) FROM reservations r
           JOIN (SELECT reservation_id, sum(price_agorot) AS n FROM sold_tickets GROUP BY 1) t ON t.reservation_id = r.id
           LEFT JOIN (SELECT reservation_id, sum(total_agorot) AS n FROM product_sales GROUP BY 1) p
             ON p.reservation_id = r.id
           WHERE r.total_agorot <> r.service_charge_agorot + t.n + COALESCE(p.n, 0))::integer AS bad_totals,
        (SELECT count(*) FROM sold_tickets st JOIN presentations p ON p.id = st.presentation_id
           WHERE st.scanned_at IS NOT NULL AND p.starts_at > '2026-03-26T22:00:00Z')::integer AS scanned_future`,
    )
    expect(r).toEqual({ twice: 0, over: 0, wrong_hall: 0, bad_totals: 0, scanned_future: 0 })
  })

  it("gives every reservation the identifier the commit would write for its id, under the database's key", async () => {
    const rows = await query<{ id: number; identifier: string }>(
      db,
      "SELECT id::float8 AS id, identifier FROM reservations",
    )
    const { value } = await one<{ value: string }>(
      db,
      `SELECT value FROM server_secrets WHERE name = '${ORDER_IDENTIFIER_SECRET}'`,
    )
    const round = orderCodeRound(value)
    expect(rows.length).toBeGreaterThan(100)
    expect(rows.filter((r) => r.identifier !== orderIdentifier(r.id, round))).toEqual([])
  })

  it("moves identity sequences past the seeded ids", async () => {
    const r = await one<{ id: number }>(
      db,
      `INSERT INTO customers (first_name, last_name, created_at) VALUES ('Test', 'Customer', now()) RETURNING id`,
    )
    expect(r.id).toBeGreaterThan(1500)
  })
})
