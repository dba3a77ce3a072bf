import type { RunningServer } from "../../_support/testServer.ts"

/**
 * The sales rows as stored, with no rule of the reports applied: every sold ticket and every product line of
 * every order, whatever its payment state. The tests apply "paid, not cancelled, not location 1, in scope" and
 * the business date (Intl, Asia/Jerusalem) themselves, independently of src/server/staff/ReportsRepo.ts.
 */
export interface RawTicket {
  readonly reservationId: number
  readonly paymentStatus: string
  readonly status: string
  readonly businessId: number
  readonly locationId: number
  readonly pointOfSaleId: number
  readonly purchasedMs: number
  readonly cancelled: boolean
  readonly price: number
  readonly presentationId: number
  readonly featureId: number
  readonly showMs: number
}

export interface RawProduct {
  readonly reservationId: number
  readonly paymentStatus: string
  readonly status: string
  readonly businessId: number
  readonly locationId: number
  readonly pointOfSaleId: number
  readonly purchasedMs: number
  readonly productId: number
  readonly category: string
  readonly quantity: number
  readonly total: number
}

const dateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Jerusalem",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
})
const hourFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Jerusalem",
  hour: "2-digit",
  hourCycle: "h23",
})

export const jerusalemDate = (ms: number): string => dateFormat.format(ms)
export const jerusalemHour = (ms: number): string => hourFormat.format(ms).padStart(2, "0")

/** Tickets bought, or of shows, between the two instants (a generous window around the report's dates). */
export const rawTickets = (server: RunningServer, fromIso: string, toIso: string) =>
  server
    .query<Record<string, unknown>>(
      `SELECT r.id AS "reservationId", r.payment_status AS "paymentStatus", r.status, r.business_id AS "businessId",
         r.location_id AS "locationId", r.point_of_sale_id AS "pointOfSaleId",
         (extract(epoch FROM r.purchased_at) * 1000)::float8 AS "purchasedMs",
         t.cancelled_at IS NOT NULL AS cancelled, t.price_agorot AS price, p.id AS "presentationId",
         p.feature_id AS "featureId", (extract(epoch FROM p.starts_at) * 1000)::float8 AS "showMs"
       FROM sold_tickets t JOIN reservations r ON r.id = t.reservation_id JOIN presentations p ON p.id = t.presentation_id
       WHERE (r.purchased_at >= $1::timestamptz AND r.purchased_at < $2::timestamptz)
          OR (p.starts_at >= $1::timestamptz AND p.starts_at < $2::timestamptz)`,
      [fromIso, toIso],
    )
    .then((rows) => rows.map((row) => numeric(row) as unknown as RawTicket))

export const rawProducts = (server: RunningServer, fromIso: string, toIso: string) =>
  server
    .query<Record<string, unknown>>(
      `SELECT r.id AS "reservationId", r.payment_status AS "paymentStatus", r.status, r.business_id AS "businessId",
         r.location_id AS "locationId", r.point_of_sale_id AS "pointOfSaleId",
         (extract(epoch FROM r.purchased_at) * 1000)::float8 AS "purchasedMs",
         ps.product_id AS "productId", pr.category, ps.quantity, ps.total_agorot AS total
       FROM product_sales ps JOIN reservations r ON r.id = ps.reservation_id JOIN products pr ON pr.id = ps.product_id
       WHERE r.purchased_at >= $1::timestamptz AND r.purchased_at < $2::timestamptz`,
      [fromIso, toIso],
    )
    .then((rows) => rows.map((row) => numeric(row) as unknown as RawProduct))

/** PostgreSQL answers bigint sums and some ints as strings: the tests compare numbers. */
const numeric = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) && key !== "category"
        ? Number(value)
        : value,
    ]),
  )

/** The rule every report states: paid, not cancelled, never location 1, in the allowed businesses. */
export const counts = (
  row: { paymentStatus: string; status: string; locationId: number; businessId: number },
  businessIds: ReadonlyArray<number>,
) =>
  row.paymentStatus === "paid" &&
  row.status === "active" &&
  row.locationId !== 1 &&
  businessIds.includes(row.businessId)

/** Sums keyed by `key`, as `Map<key, {Quantity, AmountAgorot}>`. */
export const sumBy = <A>(
  rows: ReadonlyArray<A>,
  key: (row: A) => string,
  quantity: (row: A) => number,
  amount: (row: A) => number,
) => {
  const out = new Map<string, { Quantity: number; AmountAgorot: number }>()
  for (const row of rows) {
    const k = key(row)
    const sum = out.get(k) ?? { Quantity: 0, AmountAgorot: 0 }
    out.set(k, { Quantity: sum.Quantity + quantity(row), AmountAgorot: sum.AmountAgorot + amount(row) })
  }
  return out
}
