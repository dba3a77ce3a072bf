import { describe, expect, it } from "vitest"
import { bothDatabases, useTestServer } from "../../_support/databases.ts"
import type { RunningServer } from "../../_support/testServer.ts"

/**
 * Migration 0061's rollups, 0062's daily sums and sold seats and 0063's attendance per day, which the reports and
 * attendance read, against the raw rows they sum, on both databases: equal after the seed, and still equal after
 * every kind of write that moves a sale — tickets cancelled, orders cancelled, voided, paid late and moved to
 * another hour, a showing given to another film, day or venue, a showing added and one removed, a ticket and a
 * product added.
 */
const databases = bothDatabases("salesrollups")

/** rows of `raw` missing from `rolled` plus rows of `rolled` missing from `raw` (zero sums are no rows) */
const differences = async (server: RunningServer, raw: string, rolled: string) => {
  const [row] = await server.query<{ missing: number; extra: number; rows: number }>(
    `WITH raw AS (${raw}), rolled AS (${rolled})
     SELECT (SELECT count(*) FROM (SELECT * FROM raw EXCEPT SELECT * FROM rolled) a)::int AS missing,
       (SELECT count(*) FROM (SELECT * FROM rolled EXCEPT SELECT * FROM raw) b)::int AS extra,
       (SELECT count(*) FROM raw)::int AS rows`,
  )
  return row
}

const DAY = "(r.purchased_at AT TIME ZONE 'Asia/Jerusalem')::date"
const HOUR = "extract(hour FROM r.purchased_at AT TIME ZONE 'Asia/Jerusalem')::smallint"
const COUNTS = "r.payment_status = 'paid' AND r.status = 'active'"

const rollupsMatch = async (server: RunningServer) => {
  const tickets = await differences(
    server,
    `SELECT ${DAY}, ${HOUR}, r.business_id, r.location_id, r.point_of_sale_id, p.feature_id,
       count(*)::bigint, sum(t.price_agorot)::bigint
     FROM reservations r JOIN sold_tickets t ON t.reservation_id = r.id JOIN presentations p ON p.id = t.presentation_id
     WHERE ${COUNTS} AND t.cancelled_at IS NULL GROUP BY 1, 2, 3, 4, 5, 6`,
    `SELECT business_date, sale_hour, business_id, location_id, point_of_sale_id, feature_id, quantity, amount_agorot
     FROM ticket_sales_rollup WHERE quantity <> 0 OR amount_agorot <> 0`,
  )
  const products = await differences(
    server,
    `SELECT ${DAY}, ${HOUR}, r.business_id, r.location_id, r.point_of_sale_id, ps.product_id,
       coalesce(p.feature_id, 0), sum(ps.quantity)::bigint, sum(ps.total_agorot)::bigint
     FROM reservations r JOIN product_sales ps ON ps.reservation_id = r.id
     LEFT JOIN presentations p ON p.id = ps.presentation_id
     WHERE ${COUNTS} GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    `SELECT business_date, sale_hour, business_id, location_id, point_of_sale_id, product_id, feature_id, quantity,
       amount_agorot FROM product_sales_rollup WHERE quantity <> 0 OR amount_agorot <> 0`,
  )
  const orders = await differences(
    server,
    `SELECT ${DAY}, ${HOUR}, r.business_id, r.location_id, r.point_of_sale_id, count(*)::bigint
     FROM reservations r WHERE ${COUNTS} GROUP BY 1, 2, 3, 4, 5`,
    `SELECT business_date, sale_hour, business_id, location_id, point_of_sale_id, quantity
     FROM order_sales_rollup WHERE quantity <> 0`,
  )
  const showings = await differences(
    server,
    `SELECT t.presentation_id, r.business_id, r.location_id, count(*)::bigint, sum(t.price_agorot)::bigint
     FROM reservations r JOIN sold_tickets t ON t.reservation_id = r.id
     WHERE ${COUNTS} AND t.cancelled_at IS NULL GROUP BY 1, 2, 3`,
    `SELECT presentation_id, business_id, location_id, quantity, amount_agorot
     FROM presentation_ticket_sales WHERE quantity <> 0 OR amount_agorot <> 0`,
  )
  return { tickets, products, orders, showings, ...(await dailyMatch(server)) }
}

const SHOW_DAY = "(p.starts_at AT TIME ZONE 'Asia/Jerusalem')::date"
const PAID_TICKETS = `reservations r JOIN sold_tickets t ON t.reservation_id = r.id
  WHERE ${COUNTS} AND t.cancelled_at IS NULL`

/** migrations 0062 and 0063: the daily sums and each showing's sold seats, against the raw rows too */
const dailyMatch = async (server: RunningServer) => {
  const ticketsDaily = await differences(
    server,
    `SELECT ${DAY}, r.business_id, r.location_id, p.feature_id, count(*)::bigint, sum(t.price_agorot)::bigint
     FROM reservations r JOIN sold_tickets t ON t.reservation_id = r.id JOIN presentations p ON p.id = t.presentation_id
     WHERE ${COUNTS} AND t.cancelled_at IS NULL GROUP BY 1, 2, 3, 4`,
    `SELECT business_date, business_id, location_id, feature_id, quantity, amount_agorot
     FROM ticket_sales_daily WHERE quantity <> 0 OR amount_agorot <> 0`,
  )
  const ticketsHourly = await differences(
    server,
    `SELECT ${DAY}, ${HOUR}, r.business_id, r.location_id, count(*)::bigint, sum(t.price_agorot)::bigint
     FROM ${PAID_TICKETS} GROUP BY 1, 2, 3, 4`,
    `SELECT business_date, sale_hour, business_id, location_id, quantity, amount_agorot
     FROM ticket_sales_hourly WHERE quantity <> 0 OR amount_agorot <> 0`,
  )
  const productsDaily = await differences(
    server,
    `SELECT ${DAY}, r.business_id, r.location_id, ps.product_id, sum(ps.quantity)::bigint, sum(ps.total_agorot)::bigint
     FROM reservations r JOIN product_sales ps ON ps.reservation_id = r.id WHERE ${COUNTS} GROUP BY 1, 2, 3, 4`,
    `SELECT business_date, business_id, location_id, product_id, quantity, amount_agorot
     FROM product_sales_daily WHERE quantity <> 0 OR amount_agorot <> 0`,
  )
  const KEYS = "business_date, business_id, location_id, point_of_sale_id"
  const pointsOfSale = await differences(
    server,
    `SELECT ${KEYS}, coalesce(o.n, 0)::bigint, coalesce(t.amount, 0)::bigint, coalesce(p.amount, 0)::bigint
     FROM (SELECT ${DAY} AS business_date, r.business_id, r.location_id, r.point_of_sale_id, count(*) AS n
       FROM reservations r WHERE ${COUNTS} GROUP BY 1, 2, 3, 4) o
     FULL JOIN (SELECT ${DAY} AS business_date, r.business_id, r.location_id, r.point_of_sale_id,
       sum(t.price_agorot) AS amount FROM ${PAID_TICKETS} GROUP BY 1, 2, 3, 4) t USING (${KEYS})
     FULL JOIN (SELECT ${DAY} AS business_date, r.business_id, r.location_id, r.point_of_sale_id,
       sum(ps.total_agorot) AS amount FROM reservations r JOIN product_sales ps ON ps.reservation_id = r.id
       WHERE ${COUNTS} GROUP BY 1, 2, 3, 4) p USING (${KEYS})`,
    `SELECT ${KEYS}, orders, ticket_agorot, product_agorot FROM point_of_sale_daily
     WHERE orders <> 0 OR ticket_agorot <> 0 OR product_agorot <> 0`,
  )
  const soldSeats = await differences(
    server,
    `SELECT t.presentation_id, count(*)::bigint FROM ${PAID_TICKETS} GROUP BY 1`,
    "SELECT presentation_id, sold FROM presentation_sold_seats WHERE sold <> 0",
  )
  const attendance = await differences(
    server,
    `SELECT ${SHOW_DAY}, p.business_id, p.venue_id, count(*)::bigint, coalesce(sum(x.n), 0)::bigint
     FROM presentations p
     LEFT JOIN (SELECT t.presentation_id, count(*) AS n FROM ${PAID_TICKETS} GROUP BY 1) x ON x.presentation_id = p.id
     GROUP BY 1, 2, 3`,
    `SELECT business_date, business_id, venue_id, presentations, sold FROM attendance_daily
     WHERE presentations <> 0 OR sold <> 0`,
  )
  return { ticketsDaily, ticketsHourly, productsDaily, pointsOfSale, soldSeats, attendance }
}

const DAILY = [
  "ticketsDaily",
  "ticketsHourly",
  "productsDaily",
  "pointsOfSale",
  "soldSeats",
  "attendance",
] as const

const exact = { missing: 0, extra: 0 }

describe.each(databases)("sales rollups on $name", ({ start }) => {
  const { isUp, live } = useTestServer(start)

  // twenty comparisons over the whole seed and a dozen writes that move thousands of rollup rows
  it("equal the raw rows after the seed and after every write that moves a sale", {
    timeout: 240_000,
  }, async ({ skip }) => {
    if (!isUp()) return skip()
    const server = live()
    const seeded = await rollupsMatch(server)
    expect(seeded.tickets).toMatchObject(exact)
    expect(seeded.tickets?.rows).toBeGreaterThan(1000)
    expect(seeded.products).toMatchObject(exact)
    expect(seeded.orders).toMatchObject(exact)
    expect(seeded.showings).toMatchObject(exact)
    for (const name of DAILY) expect({ name, ...seeded[name] }).toMatchObject({ name, ...exact })
    expect(seeded.attendance?.rows).toBeGreaterThan(100)

    // a late payment of an unpaid order, one moved an hour and a half, others cancelled or voided, single
    // tickets cancelled, a showing given to another film, one more ticket and product in a paid order
    await server.query(
      `UPDATE reservations SET payment_status = 'voided', voided_at = marquee_now()
       WHERE id IN (SELECT id FROM reservations WHERE payment_status = 'paid' ORDER BY id LIMIT 40)`,
    )
    await server.query(
      `UPDATE reservations SET payment_status = 'paid'
       WHERE id IN (SELECT id FROM reservations WHERE payment_status = 'voided' ORDER BY id LIMIT 5)`,
    )
    await server.query(
      `UPDATE reservations SET status = 'cancelled', cancelled_at = marquee_now()
       WHERE id IN (SELECT id FROM reservations WHERE status = 'active' ORDER BY id DESC LIMIT 30)`,
    )
    await server.query(
      `UPDATE reservations SET purchased_at = purchased_at + interval '90 minutes',
         location_id = (SELECT location_id FROM points_of_sale WHERE id = reservations.point_of_sale_id)
       WHERE id % 17 = 3`,
    )
    await server.query(`UPDATE sold_tickets SET cancelled_at = marquee_now() WHERE id % 23 = 5`)
    await server.query(`UPDATE sold_tickets SET scanned_at = marquee_now() WHERE id % 29 = 7`)
    await server.query(
      `UPDATE presentations SET feature_id = (SELECT min(id) FROM features) WHERE id IN
         (SELECT presentation_id FROM sold_tickets ORDER BY id LIMIT 3)`,
    )
    await server.query(
      `INSERT INTO sold_tickets (reservation_id, presentation_id, ticket_id, ticket_group_id, price_agorot)
       SELECT reservation_id, presentation_id, ticket_id, ticket_group_id, price_agorot + 100 FROM sold_tickets
       WHERE id IN (SELECT max(id) FROM sold_tickets)`,
    )
    await server.query(
      `INSERT INTO product_sales (reservation_id, product_id, presentation_id, location_id, sold_at, quantity,
         unit_price_agorot, total_agorot)
       SELECT reservation_id, product_id, presentation_id, location_id, sold_at, 2, unit_price_agorot,
         2 * unit_price_agorot FROM product_sales WHERE id IN (SELECT min(id) FROM product_sales)`,
    )
    // showings moved to another day and another venue, one added, one without sales removed
    await server.query(
      `UPDATE presentations SET starts_at = starts_at + interval '1 day' WHERE id IN
         (SELECT presentation_id FROM sold_tickets ORDER BY id DESC LIMIT 2)`,
    )
    await server.query(
      `UPDATE presentations SET venue_id = (SELECT max(id) FROM venues) WHERE id IN
         (SELECT presentation_id FROM sold_tickets ORDER BY id LIMIT 2 OFFSET 40)`,
    )
    await server.query(
      `INSERT INTO presentations (id, feature_id, venue_id, starts_at, business_id)
       SELECT (SELECT max(id) FROM presentations) + n, feature_id, venue_id, starts_at + n * interval '3 hours',
         business_id
       FROM (SELECT * FROM presentations ORDER BY id LIMIT 1) p CROSS JOIN generate_series(1, 2) AS n`,
    )
    await server.query("DELETE FROM presentations WHERE id = (SELECT max(id) FROM presentations)")
    const after = await rollupsMatch(server)
    expect(after.tickets).toMatchObject(exact)
    expect(after.products).toMatchObject(exact)
    expect(after.orders).toMatchObject(exact)
    expect(after.showings).toMatchObject(exact)
    for (const name of DAILY) expect({ name, ...after[name] }).toMatchObject({ name, ...exact })
  })
})
