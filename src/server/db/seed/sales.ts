import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { orderIdentifiersTableSql, seedOrderIdentifierKey } from "../orderIdentifiers.ts"
import { GLASSES_PRODUCT_ID } from "./commerce.ts"
import type { SeedPlan } from "./plan.ts"
import { TICKET_GROUP } from "./ticketGroupIds.ts"
import { insertRows } from "./write.ts"

/**
 * Past and advance sales, generated set-based inside PostgreSQL so a million tickets take seconds,
 * not a million round trips. Every choice is a hash of ids and the seed (`hashint8extended`, stable
 * across PostgreSQL versions), never `random()`, so the same plan gives the same rows.
 *
 * Seats are sold in blocks (a sofa or bed, or a run of one to four neighbours in a row) and each
 * sold block is one reservation; a block is sold when its hash falls under the presentation's
 * planned occupancy. A seat belongs to one block, so no seat is sold twice and no presentation is
 * sold beyond capacity; general-admission sections sell a prefix of their capacity.
 */
export const writeSales = (plan: SeedPlan) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const salt = plan.options.seed * 1000
    // a non-negative 31-bit hash of a bigint expression; `n` separates independent choices
    const h = (expr: string, n: number) => `(hashint8extended((${expr})::bigint, ${salt + n}) & 2147483647)`
    const run = (statement: string, params: ReadonlyArray<unknown> = []) => sql.unsafe(statement, params)

    yield* run("CREATE TEMP TABLE seed_plan (presentation_id integer PRIMARY KEY, occ integer NOT NULL)")
    yield* run(
      "CREATE TEMP TABLE seed_ticket_mix (ticket_group_id integer, ticket_id integer, lo integer, hi integer)",
    )
    yield* run(
      "CREATE TEMP TABLE seed_product_mix (product_id integer, price_agorot integer, lo integer, hi integer)",
    )
    yield* run(
      "CREATE TEMP TABLE seed_pos_mix (location_id integer, point_of_sale_id integer, channel text, lo integer, hi integer)",
    )
    yield* insertRows(
      "seed_plan",
      [
        ["presentation_id", "integer"],
        ["occ", "integer"],
      ],
      plan.schedule.salesPlan.map((p) => ({ presentation_id: p.presentation_id, occ: p.occupancy_permille })),
      20000,
    )
    const ranges = [
      ["lo", "integer"],
      ["hi", "integer"],
    ] as const
    yield* insertRows(
      "seed_ticket_mix",
      [["ticket_group_id", "integer"], ["ticket_id", "integer"], ...ranges],
      plan.mixes.tickets,
    )
    yield* insertRows(
      "seed_product_mix",
      [["product_id", "integer"], ["price_agorot", "integer"], ...ranges],
      plan.mixes.products,
    )
    yield* insertRows(
      "seed_pos_mix",
      [["location_id", "integer"], ["point_of_sale_id", "integer"], ["channel", "text"], ...ranges],
      plan.mixes.pointsOfSale,
    )
    yield* run("ANALYZE seed_plan")

    // each presentation section's first ticket group (3D presentations override their venue's groups)
    yield* run(`
      CREATE TEMP TABLE seed_section_group AS
      SELECT DISTINCT ON (e.presentation_id, vs.id) e.presentation_id, vs.id AS section_id, e.ticket_group_id
      FROM presentation_ticket_groups_effective e
      JOIN presentations p ON p.id = e.presentation_id
      JOIN venues v ON v.id = p.venue_id
      JOIN venue_sections vs ON vs.seatplan_id = v.seatplan_id AND (e.section_id IS NULL OR e.section_id = vs.id)
      ORDER BY e.presentation_id, vs.id, e.sort_order`)
    yield* run("CREATE INDEX ON seed_section_group (presentation_id, section_id)")

    // candidate tickets: `unit` is unique within a presentation, `block` is the reservation it joins
    yield* run(`
      CREATE TEMP TABLE seed_units AS
      WITH pres AS (
        SELECT p.id AS presentation_id, v.seatplan_id, sp.occ
        FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN seed_plan sp ON sp.presentation_id = p.id
      ), reserved AS (
        SELECT pres.presentation_id, pres.occ, s.section_id, s.id AS seat_id, s.default_ticket_group_id,
          s.id::bigint AS unit,
          CASE WHEN s.seat_group_id IS NOT NULL THEN -s.seat_group_id::bigint
          ELSE s.section_id::bigint * 1000000 + s.row_index * 1000
            + s.seat_index / (1 + ${h("pres.presentation_id::bigint * 100000000 + s.section_id * 1000 + s.row_index", 1)} % 4)
          END AS block
        FROM pres JOIN seats s ON s.seatplan_id = pres.seatplan_id
      )
      SELECT presentation_id, section_id, seat_id, default_ticket_group_id, unit, block FROM reserved
      WHERE ${h("presentation_id::bigint * 1000000000 + block", 2)} % 1000 < occ
      UNION ALL
      SELECT pres.presentation_id, vs.id, NULL, NULL, vs.id::bigint * 1000000 + g,
        vs.id::bigint * 1000000 + g / (2 + pres.presentation_id % 3)
      FROM pres
      JOIN venue_sections vs ON vs.seatplan_id = pres.seatplan_id AND NOT vs.is_reserved
      CROSS JOIN LATERAL generate_series(0, vs.capacity * pres.occ / 1000 - 1) AS g
      UNION ALL
      SELECT pres.presentation_id, NULL, NULL, ${TICKET_GROUP.vod}, g, g
      FROM pres CROSS JOIN LATERAL generate_series(1, pres.occ / 25) AS g
      WHERE pres.seatplan_id IS NULL`)

    // the tickets, each priced from its group's sales mix; ids follow (presentation, block, unit)
    yield* run(`
      CREATE TEMP TABLE seed_sold AS
      SELECT row_number() OVER (ORDER BY u.presentation_id, u.block, u.unit) AS id,
        u.presentation_id, u.block, u.unit, u.section_id, u.seat_id, m.ticket_id, t.ticket_group_id,
        t.price_agorot, t.service_charge_agorot, t.requires_reference
      FROM seed_units u
      LEFT JOIN seed_section_group sg ON sg.presentation_id = u.presentation_id AND sg.section_id = u.section_id
      JOIN seed_ticket_mix m ON m.ticket_group_id = COALESCE(u.default_ticket_group_id, sg.ticket_group_id)
        AND ${h("u.presentation_id::bigint * 1000000000 + u.unit", 3)} % 1000 >= m.lo
        AND ${h("u.presentation_id::bigint * 1000000000 + u.unit", 3)} % 1000 < m.hi
      JOIN tickets t ON t.id = m.ticket_id`)

    const customerCount = plan.people.customers.length
    yield* run(
      `
      CREATE TEMP TABLE seed_res AS
      WITH blocks AS (
        SELECT presentation_id, block, count(*)::integer AS n, sum(price_agorot)::bigint AS price,
          sum(service_charge_agorot)::bigint AS ticket_service
        FROM seed_sold GROUP BY presentation_id, block
      ), numbered AS (
        SELECT row_number() OVER (ORDER BY b.presentation_id, b.block) AS id, b.*,
          p.starts_at, p.is_3d, p.business_id, p.auth_profile_id, v.location_id, v.venue_type_id
        FROM blocks b JOIN presentations p ON p.id = b.presentation_id JOIN venues v ON v.id = p.venue_id
      ), placed AS (
        SELECT n.*, pm.point_of_sale_id, pm.channel,
          (pm.channel IN ('web', 'mobile')) AS online,
          (${h("n.id", 14)} % 1000 < 15) AS cancelled,
          CASE
            WHEN pm.channel IN ('box_office', 'kiosk') AND n.starts_at < $1::timestamptz
              THEN n.starts_at - make_interval(mins => (5 + ${h("n.id", 13)} % 90)::integer)
            WHEN n.starts_at - make_interval(mins => (20 + ${h("n.id", 13)} % 10080)::integer) < $1::timestamptz
              THEN n.starts_at - make_interval(mins => (20 + ${h("n.id", 13)} % 10080)::integer)
            ELSE $1::timestamptz - make_interval(mins => (1 + ${h("n.id", 13)} % 4320)::integer)
          END AS purchased_at
        FROM numbered n
        JOIN seed_pos_mix pm ON pm.location_id = n.location_id
          AND ${h("n.id", 12)} % 1000 >= pm.lo AND ${h("n.id", 12)} % 1000 < pm.hi
      )
      SELECT pl.*,
        CASE WHEN ${h("pl.id", 10)} % 100 < (CASE WHEN pl.online THEN 70 ELSE 15 END)
          THEN 1 + ${h("pl.id", 11)} % ${customerCount} END AS customer_id,
        CASE WHEN pl.online THEN pl.ticket_service ELSE 0 END
          + CASE WHEN pl.online THEN COALESCE(sc.amount_agorot, pl.price * sc.percent_bp / 10000, 0) ELSE 0 END
          AS service_charge
      FROM placed pl
      LEFT JOIN service_charges sc ON sc.kind = 'booking' AND sc.applies_per = 'order' AND sc.location_id = pl.location_id`,
      [plan.salesCutoff],
    )
    yield* run("CREATE UNIQUE INDEX ON seed_res (presentation_id, block)")

    // concessions with a third of cinema orders, and 3D glasses for most 3D orders
    yield* run(`
      CREATE TEMP TABLE seed_products AS
      SELECT r.id AS reservation_id, line, pm.product_id, r.presentation_id, r.location_id, r.purchased_at,
        1 + ${h("r.id * 10 + line", 21)} % GREATEST(1, r.n / 2) AS quantity, pm.price_agorot
      FROM seed_res r
      CROSS JOIN LATERAL generate_series(1, 1 + ${h("r.id", 20)} % 3) AS line
      JOIN seed_product_mix pm ON ${h("r.id * 10 + line", 22)} % 1000 >= pm.lo
        AND ${h("r.id * 10 + line", 22)} % 1000 < pm.hi
      WHERE r.venue_type_id < 100 AND ${h("r.id", 23)} % 100 < 33
      UNION ALL
      SELECT r.id, 0, p.id, r.presentation_id, r.location_id, r.purchased_at, r.n, p.price_agorot
      FROM seed_res r JOIN products p ON p.id = ${GLASSES_PRODUCT_ID}
      WHERE r.is_3d AND ${h("r.id", 24)} % 100 < 45`)

    // the identifiers the commit would write for these ids, under the database's key (src/server/db/orderIdentifiers.ts)
    const key = yield* seedOrderIdentifierKey(plan.options.seed)
    yield* run(orderIdentifiersTableSql("seed_identifiers", "seed_res", key))
    yield* run(`
      INSERT INTO reservations (id, identifier, customer_id, location_id, point_of_sale_id, business_id,
        auth_profile_id, purchased_at, status, is_hold, cancelled_at, total_agorot, service_charge_agorot)
      SELECT r.id, si.identifier, r.customer_id, r.location_id, r.point_of_sale_id,
        r.business_id, r.auth_profile_id, r.purchased_at,
        CASE WHEN r.cancelled THEN 'cancelled' ELSE 'active' END, false,
        CASE WHEN r.cancelled THEN r.purchased_at + make_interval(hours => (1 + ${h("r.id", 15)} % 24)::integer) END,
        r.price + r.service_charge + COALESCE(ps.total, 0), r.service_charge
      FROM seed_res r
      JOIN seed_identifiers si ON si.id = r.id
      LEFT JOIN (
        SELECT reservation_id, sum(quantity * price_agorot)::bigint AS total FROM seed_products GROUP BY reservation_id
      ) ps ON ps.reservation_id = r.id
      ORDER BY r.id`)

    // cancelled orders gave their seats back: they keep tickets for history but no allocation
    yield* run(`
      INSERT INTO seat_allocations (id, presentation_id, section_id, seat_id, ga_slot, kind, expires_at, created_at)
      SELECT s.id, s.presentation_id, s.section_id, s.seat_id,
        CASE WHEN s.seat_id IS NULL THEN
          row_number() OVER (PARTITION BY s.presentation_id, s.section_id, s.seat_id IS NULL ORDER BY s.id) - 1
        END,
        'sale', NULL, r.purchased_at
      FROM seed_sold s JOIN seed_res r ON r.presentation_id = s.presentation_id AND r.block = s.block
      WHERE s.section_id IS NOT NULL AND NOT r.cancelled
      ORDER BY s.id`)

    // the sales rollups' triggers (migration 0061) join each statement's new rows to the orders just written:
    // without statistics the planner takes this transaction's hundreds of thousands of orders for a few pages
    yield* run("ANALYZE reservations, presentations")

    yield* run(
      `
      INSERT INTO sold_tickets (id, reservation_id, presentation_id, section_id, seat_id, allocation_id, ticket_id,
        ticket_group_id, price_agorot, service_charge_agorot, member_id, reference1, reference2, scanned_at, cancelled_at)
      SELECT s.id, r.id, s.presentation_id, s.section_id, s.seat_id,
        CASE WHEN s.section_id IS NOT NULL AND NOT r.cancelled THEN s.id END,
        s.ticket_id, s.ticket_group_id, s.price_agorot,
        CASE WHEN r.online THEN s.service_charge_agorot ELSE 0 END, NULL,
        CASE WHEN s.requires_reference THEN 'HTL-' || (10000 + ${h("s.id", 30)} % 90000)::text END, NULL,
        CASE WHEN NOT r.cancelled AND s.section_id IS NOT NULL AND r.starts_at < $1::timestamptz
          AND ${h("s.id", 31)} % 100 < 88
          THEN r.starts_at - make_interval(mins => (${h("s.id", 32)} % 45)::integer) END,
        CASE WHEN r.cancelled THEN r.purchased_at + make_interval(hours => (1 + ${h("r.id", 15)} % 24)::integer) END
      FROM seed_sold s JOIN seed_res r ON r.presentation_id = s.presentation_id AND r.block = s.block
      ORDER BY s.id`,
      [plan.salesCutoff],
    )

    yield* run(`
      INSERT INTO product_sales (id, reservation_id, product_id, presentation_id, location_id, sold_at, quantity,
        unit_price_agorot, total_agorot)
      SELECT row_number() OVER (ORDER BY reservation_id, line), reservation_id, product_id,
        presentation_id, location_id, purchased_at, quantity, price_agorot, quantity * price_agorot
      FROM seed_products`)

    for (const table of [
      "seed_identifiers",
      "seed_products",
      "seed_res",
      "seed_sold",
      "seed_units",
      "seed_section_group",
    ]) {
      yield* run(`DROP TABLE ${table}`)
    }
    for (const table of ["seed_plan", "seed_ticket_mix", "seed_product_mix", "seed_pos_mix"]) {
      yield* run(`DROP TABLE ${table}`)
    }
  })
