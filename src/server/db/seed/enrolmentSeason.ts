import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { SeedPlan } from "./plan.ts"
import { SEASON_MEMBERSHIP_ID } from "./seasonMembership.ts"
import { TICKET_GROUP } from "./ticketGroupIds.ts"

/**
 * The demo's season to enrol in (issue 16, migration 0038): season 1 of the club membership 1, which the demo
 * customer's member 90000001 holds. Four showings of one standard hall from the seed's day after tomorrow (not the
 * season membership's hall): the first required and included (MembershipPayableAmount 0, on the member seat), the
 * second optional and included, the third optional at 15.00 ILS, the fourth optional with its price overridden to
 * 25.00 ILS. Priced by payable amounts, with the member seat; the standard group offered and the default.
 */
export const ENROL_SEASON_ID = 1
export const ENROL_MEMBERSHIP_ID = 1

const text = (he: string, en: string, ru: string) => JSON.stringify({ he, en, ru })

export const writeEnrolmentSeason = (plan: SeedPlan) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const from = plan.options.today.add({ days: 2 }).toString()
    const halls = yield* sql<{ id: number }>`
      SELECT p.venue_id AS id FROM presentations p JOIN venues v ON v.id = p.venue_id
      WHERE v.venue_type_id < 100 AND EXISTS (SELECT 1 FROM seats s WHERE s.seatplan_id = v.seatplan_id)
        AND p.venue_id IS DISTINCT FROM (SELECT seat_venue_id FROM memberships WHERE id = ${SEASON_MEMBERSHIP_ID})
        AND EXISTS (SELECT 1 FROM presentation_ticket_groups_effective g
          WHERE g.presentation_id = p.id AND g.ticket_group_id = ${TICKET_GROUP.standard})
        AND p.starts_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Jerusalem') AND p.is_on_sale AND NOT p.is_3d
      GROUP BY p.venue_id HAVING count(*) >= 4 ORDER BY p.venue_id LIMIT 1`
    const hall = halls[0]
    if (hall === undefined) return
    yield* sql`
      INSERT INTO enrolment_seasons (id, membership_id, name, venue_id, is_skip_member_seat, is_pricing_per_ticket,
        default_ticket_group_id, ticket_group_ids)
      VALUES (${ENROL_SEASON_ID}, ${ENROL_MEMBERSHIP_ID},
        ${text("עונת הקולנוע של המועדון", "The club's cinema season", "Киносезон клуба")}::jsonb, ${hall.id},
        false, false, ${TICKET_GROUP.standard}, ${`{${TICKET_GROUP.standard}}`}::integer[])`
    const showings = yield* sql<{ id: number }>`
      SELECT p.id FROM presentations p
      WHERE p.venue_id = ${hall.id} AND p.is_on_sale AND NOT p.is_3d
        AND p.starts_at >= (${from}::date::timestamp AT TIME ZONE 'Asia/Jerusalem')
      ORDER BY p.starts_at, p.id LIMIT 4`
    // [required, payable, override price]
    const terms: ReadonlyArray<readonly [boolean, number, number | null]> = [
      [true, 0, null],
      [false, 0, null],
      [false, 1500, null],
      [false, 0, 2500],
    ]
    for (const [i, showing] of showings.entries()) {
      const [required, payable, override] = terms[i] ?? [false, 0, null]
      yield* sql`
        INSERT INTO enrolment_season_presentations (season_id, presentation_id, is_required,
          membership_payable_agorot, is_price_override, price_agorot)
        VALUES (${ENROL_SEASON_ID}, ${showing.id}, ${required}, ${payable}, ${override !== null}, ${override})`
    }
  })
