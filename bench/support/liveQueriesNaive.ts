/**
 * The live-queries benchmark's baselines: each dashboard call's numbers computed by a naive query straight over
 * the raw rows — seat allocations for attendance, sold tickets and product sales for the reports — as a system
 * without rollups or purpose-built indexes must: the bench runs them with index scans turned off for its own
 * transaction (`SET LOCAL enable_indexscan = off` and friends), so PostgreSQL reads every row of the tables they
 * name. They run straight on the database, without HTTP, JSON or a session check: the baseline has the advantage.
 *
 * Parameters, by position: $1 first business date, $2 last business date (both `YYYY-MM-DD`, Asia/Jerusalem),
 * $3 location id or null, $4 feature id or null, $5 presentation id or null. Businesses: the demo admin's (1, 2);
 * location 1, the head office, is in no row (spec §9).
 */

const FROM_DAY = (column: string) =>
  `${column} >= ($1::date)::timestamp AT TIME ZONE 'Asia/Jerusalem'
   AND ${column} < ($2::date + 1)::timestamp AT TIME ZONE 'Asia/Jerusalem'`

/** sold and held seats per presentation shown in the window (the attendance drill, the strip and v2) */
const attendance = `
  SELECT p.id, count(*) FILTER (WHERE a.kind = 'sale') AS sold,
    count(*) FILTER (WHERE a.kind = 'hold' AND a.expires_at > marquee_now()) AS held
  FROM seat_allocations a
  JOIN presentations p ON p.id = a.presentation_id
  JOIN venues v ON v.id = p.venue_id
  WHERE p.business_id IN (1, 2) AND v.location_id <> 1 AND ${FROM_DAY("p.starts_at")}
    AND ($3::int IS NULL OR v.location_id = $3::int) AND ($4::int IS NULL OR p.feature_id = $4::int)
    AND ($5::int IS NULL OR p.id = $5::int)
  GROUP BY p.id`

const paidTickets = (window: string) => `
  FROM reservations r
  JOIN sold_tickets t ON t.reservation_id = r.id
  JOIN presentations p ON p.id = t.presentation_id
  WHERE r.payment_status = 'paid' AND r.status = 'active' AND r.business_id IN (1, 2) AND r.location_id <> 1
    AND t.cancelled_at IS NULL AND ${FROM_DAY(window)}
    AND ($3::int IS NULL OR r.location_id = $3::int) AND ($4::int IS NULL OR p.feature_id = $4::int)
    AND ($5::int IS NULL OR p.id = $5::int)`

/** ticket sales grouped by `key`, dated by the purchase */
const tickets = (key: string) =>
  `SELECT ${key}, count(*), sum(t.price_agorot) ${paidTickets("r.purchased_at")} GROUP BY ${key}`

const DATE = "to_char(r.purchased_at AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD')"

/** product sales grouped by `key`, dated by the purchase */
const products = (key: string) => `
  SELECT ${key}, sum(ps.quantity), sum(ps.total_agorot)
  FROM reservations r
  JOIN product_sales ps ON ps.reservation_id = r.id
  JOIN products pp ON pp.id = ps.product_id
  WHERE r.payment_status = 'paid' AND r.status = 'active' AND r.business_id IN (1, 2) AND r.location_id <> 1
    AND ${FROM_DAY("r.purchased_at")} AND ($3::int IS NULL OR r.location_id = $3::int)
    AND ($4::int IS NULL OR ps.presentation_id IN (SELECT id FROM presentations WHERE feature_id = $4::int))
    AND ($5::int IS NULL OR ps.presentation_id = $5::int)
  GROUP BY ${key}`

/** tickets and products per point of sale */
const pointsOfSale = `
  SELECT r.point_of_sale_id, count(DISTINCT r.id), sum(t.price_agorot)
  ${paidTickets("r.purchased_at")}
  GROUP BY r.point_of_sale_id`

/** sold tickets per ticket reference, dated by the purchase */
const referenceSales = `
  SELECT o.id, count(*), sum(st.price_agorot)
  FROM sold_tickets st
  JOIN reservations r ON r.id = st.reservation_id
  JOIN ticket_reference_options o ON o.ticket_id = st.ticket_id AND upper(o.reference1) = upper(st.reference1)
  WHERE r.payment_status = 'paid' AND r.business_id IN (1, 2) AND o.business_id IN (1, 2)
    AND ${FROM_DAY("r.purchased_at")} AND ($3::int IS NULL OR r.location_id = $3::int)
    AND ($4::int IS NULL OR st.presentation_id IN (SELECT id FROM presentations WHERE feature_id = $4::int))
    AND ($5::int IS NULL OR st.presentation_id = $5::int)
  GROUP BY o.id`

export const NAIVE = {
  attendance,
  locationTickets: tickets(`${DATE}, r.location_id`),
  featureTickets: tickets(`${DATE}, p.feature_id`),
  presentationSales: `SELECT t.presentation_id, count(*), sum(t.price_agorot) ${paidTickets("p.starts_at")}
    GROUP BY t.presentation_id`,
  topFeatures: tickets("p.feature_id"),
  salesByHour: tickets("to_char(r.purchased_at AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD HH24')"),
  /** the hours chart: the range's tickets by hour of the day, every day together */
  salesPerHourOfDay: tickets("to_char(r.purchased_at AT TIME ZONE 'Asia/Jerusalem', 'HH24')"),
  pointsOfSale,
  topProducts: products("ps.product_id"),
  concessions: products(`${DATE}, r.location_id, pp.category`),
  referenceSales,
} as const

export type NaiveQuery = keyof typeof NAIVE

/** Statements that make a transaction's plans naive: no index may be read. */
export const NAIVE_SETTINGS = [
  "SET LOCAL enable_indexscan = off",
  "SET LOCAL enable_indexonlyscan = off",
  "SET LOCAL enable_bitmapscan = off",
] as const
