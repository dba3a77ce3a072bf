import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { ConfirmationShowing } from "../../api/ReservationsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import type { BrandCode } from "../../domain/shared/brands.ts"
import { localized } from "../localized.ts"
import { toChainIso } from "../time.ts"

/**
 * Every showing of a ticket order, earliest first, as its confirmation and e-document name them (issue 16: one
 * order may hold several). Read from the order's tickets (`sold_tickets.presentation_id`, one per seat) and its
 * own `reservations.presentation_id` (the earliest showing), so an order whose tickets were all cancelled still
 * names its showing. Empty for the other order kinds.
 */
export const showingsOf = Effect.fn("Confirmation.showingsOf")(function* (orderId: number, lang: LocaleCode) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    id: number
    featureName: string
    startsAtMs: number
    duration: number | null
    venueName: string
    locationName: string
    locationBrand: BrandCode | null
  }>`
    SELECT p.id, ${localized(sql, "f.name", lang)} AS "featureName",
      (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs", f.duration_minutes AS duration,
      ${localized(sql, "v.name", lang)} AS "venueName", ${localized(sql, "l.name", lang)} AS "locationName",
      l.brand AS "locationBrand"
    FROM presentations p
    JOIN features f ON f.id = p.feature_id
    JOIN venues v ON v.id = p.venue_id
    JOIN locations l ON l.id = v.location_id
    WHERE p.id IN (SELECT st.presentation_id FROM sold_tickets st WHERE st.reservation_id = ${orderId}
      UNION SELECT r.presentation_id FROM reservations r WHERE r.id = ${orderId})
    ORDER BY p.starts_at, p.id`
  return rows.map(
    (row): ConfirmationShowing => ({
      id: row.id,
      featureName: row.featureName,
      dateTime: toChainIso(row.startsAtMs),
      durationMinutes: row.duration,
      venueName: row.venueName,
      locationName: row.locationName,
      locationBrand: row.locationBrand,
    }),
  )
}, Effect.orDie)
