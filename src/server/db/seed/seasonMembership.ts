import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SeedPlan } from "./plan.ts"

/**
 * The demo's membership with a season seat (issue 16, migration 0037): a four-entry series whose seat is the same
 * seat of one hall for that hall's next four showings after the seed's today (the first hall, by id, of a
 * non-VOD venue with reserved seats that has four). Sold online at the chain's online shop like the others.
 */
export const SEASON_MEMBERSHIP_ID = 4

const text = (he: string, en: string, ru: string) => JSON.stringify({ he, en, ru })

export const writeSeasonMembership = (plan: SeedPlan) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const from = plan.options.today.add({ days: 1 }).toString()
    const halls = yield* sql<{ id: number }>`
      SELECT p.venue_id AS id FROM presentations p JOIN venues v ON v.id = p.venue_id
      WHERE v.venue_type_id < 100 AND EXISTS (SELECT 1 FROM seats s WHERE s.seatplan_id = v.seatplan_id)
        AND p.starts_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Jerusalem')
      GROUP BY p.venue_id HAVING count(*) >= 4 ORDER BY p.venue_id LIMIT 1`
    const hall = halls[0]
    if (hall === undefined) return
    yield* sql`
      INSERT INTO memberships (id, code, name, class_name, membership_type_id, ticket_quantity, terms,
        validity_days, is_sold_online, seat_venue_id)
      VALUES (${SEASON_MEMBERSHIP_ID}, 'SEASON4',
        ${text("מנוי עונתי עם מושב קבוע", "Season membership with your own seat", "Сезонный абонемент со своим местом")}::jsonb,
        ${text("מנוי עונתי", "Season membership", "Сезонный абонемент")}::jsonb, 2, 4,
        ${text("אותו מושב בכל ארבע ההקרנות של הסדרה.", "The same seat at all four showings of the series.", "Одно и то же место на всех четырёх сеансах серии.")}::jsonb,
        120, true, ${hall.id})`
    yield* sql`
      INSERT INTO membership_prices (id, membership_id, price_code, name, price_agorot, currency)
      VALUES (41, ${SEASON_MEMBERSHIP_ID}, 'SEASON4', ${text("4 הקרנות", "4 showings", "4 сеанса")}::jsonb, 48000, 'ILS')`
    yield* sql`
      INSERT INTO membership_presentations (membership_id, presentation_id)
      SELECT ${SEASON_MEMBERSHIP_ID}, p.id FROM presentations p
      WHERE p.venue_id = ${hall.id} AND p.starts_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Jerusalem')
      ORDER BY p.starts_at, p.id LIMIT 4`
  })
