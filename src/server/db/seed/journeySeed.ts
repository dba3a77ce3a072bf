import { Temporal } from "@js-temporal/polyfill"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { DEMO_CUSTOMER_EMAIL } from "./demoCustomer.ts"
import {
  JOURNEY_AREA_MOBILES,
  JOURNEY_CUSTOMER_MOBILES,
  JOURNEY_ENROL_MOBILES,
  JOURNEY_OFFLINE_LOCATION,
  JOURNEY_PROJECTS,
  JOURNEY_VOD_MOBILES,
  JOURNEY_VOD_VENUE_ID,
  JOURNEY_WAIVER_MOBILES,
  JOURNEY_XSS_MOBILES,
  journeyAreaVoucher,
  journeyEnrolMember,
  journeyMember,
  journeyOfflinePresentationId,
  journeySlots,
  journeyVodPresentationId,
  journeyVoucher,
  XSS_FIRST_NAME,
  XSS_LAST_NAME,
  XSS_REFERENCE,
} from "./journeys.ts"
import type { PresentationRow, Schedule } from "./schedule.ts"
import { toInstant } from "./schedule.ts"
import { COLUMNS, insertRows } from "./write.ts"

/** Journeys buy tomorrow morning: on sale whatever the hour of today the run starts at, 23:59 included. */
const JOURNEY_DAY_OFFSET = 1
const FIRST_START = Temporal.PlainTime.from("09:00")

/**
 * One presentation per journey and project (journeys.ts), each at a minute of its own tomorrow morning, of a
 * feature the schedule shows in that hall (so it is a film the hall plays, with the hall's partner and
 * profile), never 3D and always on sale. No sales are laid down for them: the hall is empty.
 */
export const journeyPresentations = (
  schedule: Schedule,
  today: Temporal.PlainDate,
): ReadonlyArray<PresentationRow> => {
  const day = today.add({ days: JOURNEY_DAY_OFFSET })
  const fromTomorrow = toInstant(day, "00:00").toString()
  return journeySlots().map(({ journey, id, spec }, n) => {
    const shown = schedule.presentations.find(
      (p) => p.venue_id === spec.venueId && p.is_on_sale && p.starts_at >= fromTomorrow,
    )
    if (shown === undefined) throw new Error(`journey ${journey}: hall ${spec.venueId} shows nothing ahead`)
    return {
      ...shown,
      id,
      starts_at: toInstant(day, FIRST_START.add({ minutes: n }).toString()).toString(),
      is_on_sale: true,
      is_3d: false,
      new_booking_url: null,
    }
  })
}

/**
 * Writes the journeys' presentations, each project's own copies of the vouchers and members they spend, and the
 * sign-in journeys' own customers.
 */
export const writeJourneys = (presentations: ReadonlyArray<PresentationRow>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* insertRows("presentations", COLUMNS.presentations, presentations)
    for (const { journey, project, id, spec } of journeySlots()) {
      if (spec.imageMapHtml !== undefined)
        yield* sql`UPDATE presentations SET image_map_html = ${spec.imageMapHtml} WHERE id = ${id}`
      for (const voucher of spec.vouchers ?? [])
        yield* sql`
          INSERT INTO system_vouchers (reference, system_voucher_class_id, customer_id, balance_agorot,
            tickets_left, starts_on, ends_on, status, created_at)
          SELECT ${journeyVoucher(voucher, project)}, system_voucher_class_id, customer_id, balance_agorot,
            tickets_left, starts_on, ends_on, status, created_at
          FROM system_vouchers WHERE reference = ${voucher}`
      if (spec.member !== undefined)
        yield* sql`
          INSERT INTO members (customer_id, membership_id, member_number, balance, used_balance, points_balance,
            start_date, end_date, allow_member_sale_tickets)
          SELECT customer_id, membership_id, ${journeyMember(journey, project)}, balance, used_balance,
            points_balance, start_date, end_date, allow_member_sale_tickets
          FROM members WHERE member_number = ${spec.member}`
    }
    // the VOD journey's titles premiere at midnight of the server's today in Jerusalem: their 48-hour window is
    // open whatever the hour the run starts at, so the bought title plays at once
    for (const project of JOURNEY_PROJECTS)
      yield* sql`
        INSERT INTO presentations (id, feature_id, venue_id, starts_at, auth_profile_id, business_id, is_on_sale,
          is_3d, new_booking_url)
        SELECT ${journeyVodPresentationId(project)}, feature_id, venue_id,
          date_trunc('day', marquee_now() AT TIME ZONE 'Asia/Jerusalem') AT TIME ZONE 'Asia/Jerusalem',
          auth_profile_id, business_id, true, false, NULL
        FROM presentations WHERE venue_id = ${JOURNEY_VOD_VENUE_ID} ORDER BY id LIMIT 1`
    // issue 19: the offline-venue journey's cinema, offline for sales, its hall and a showing per project
    const offline = JOURNEY_OFFLINE_LOCATION
    yield* sql`
      INSERT INTO locations (id, name, city, address, is_head_office, is_online, card_provider, latitude, longitude)
      SELECT ${offline.id}, ${JSON.stringify(offline.name)}::jsonb, city, address, false, false, card_provider,
        latitude, longitude
      FROM locations WHERE id = (SELECT location_id FROM venues WHERE id = ${offline.copiesVenueId})`
    yield* sql`
      INSERT INTO venues (id, location_id, name, venue_type_id, seatplan_id, seating_policy_id, view_area_filename)
      SELECT ${offline.venueId}, ${offline.id}, name, venue_type_id, seatplan_id, seating_policy_id,
        view_area_filename
      FROM venues WHERE id = ${offline.copiesVenueId}`
    for (const project of JOURNEY_PROJECTS)
      yield* sql`
        INSERT INTO presentations (id, feature_id, venue_id, starts_at, auth_profile_id, business_id, is_on_sale,
          is_3d, new_booking_url)
        SELECT ${journeyOfflinePresentationId(project)}, feature_id, ${offline.venueId},
          (date_trunc('day', marquee_now() AT TIME ZONE 'Asia/Jerusalem') + interval '1 day 22 hours 30 minutes')
            AT TIME ZONE 'Asia/Jerusalem',
          auth_profile_id, business_id, true, false, NULL
        FROM presentations WHERE venue_id = ${offline.copiesVenueId} AND NOT is_3d ORDER BY id LIMIT 1`
    // issue 19: the waiver journeys' showings ask for the child waiver
    for (const { id, spec } of journeySlots())
      if (spec.waiver === true) yield* sql`UPDATE presentations SET requires_waiver = true WHERE id = ${id}`
    for (const mobile of [
      ...Object.values(JOURNEY_CUSTOMER_MOBILES),
      ...Object.values(JOURNEY_VOD_MOBILES),
      ...Object.values(JOURNEY_WAIVER_MOBILES),
    ])
      yield* sql`
        INSERT INTO customers (first_name, last_name, ssn_sealed, mobile, created_at)
        SELECT first_name, last_name, ssn_sealed, ${mobile}, created_at FROM customers
        WHERE email = ${DEMO_CUSTOMER_EMAIL}`
    // the enrolment journey's members: its own customer's copy of the demo's club member 90000001
    for (const project of JOURNEY_PROJECTS) {
      const mobile = JOURNEY_ENROL_MOBILES[project]
      yield* sql`
        INSERT INTO customers (first_name, last_name, ssn_sealed, mobile, created_at)
        SELECT first_name, last_name, ssn_sealed, ${mobile}, created_at FROM customers
        WHERE email = ${DEMO_CUSTOMER_EMAIL}`
      yield* sql`
        INSERT INTO members (customer_id, membership_id, member_number, balance, used_balance, points_balance,
          start_date, end_date, allow_member_sale_tickets)
        SELECT (SELECT id FROM customers WHERE mobile = ${mobile}), membership_id, ${journeyEnrolMember(project)},
          balance, used_balance, 0, start_date, end_date, allow_member_sale_tickets
        FROM members WHERE member_number = '90000001'`
    }
    // the area's journeys: a customer each and a voucher of their own to make a replacement
    for (const project of JOURNEY_PROJECTS) {
      const mobile = JOURNEY_AREA_MOBILES[project]
      yield* sql`
        INSERT INTO customers (first_name, last_name, ssn_sealed, mobile, created_at)
        SELECT first_name, last_name, ssn_sealed, ${mobile}, created_at FROM customers
        WHERE email = ${DEMO_CUSTOMER_EMAIL}`
      yield* sql`
        INSERT INTO system_vouchers (reference, system_voucher_class_id, customer_id, balance_agorot, tickets_left,
          starts_on, ends_on, status, is_for_replacement, created_at, initial_balance_agorot, initial_tickets,
          paid_agorot)
        SELECT ${journeyAreaVoucher(project)}, system_voucher_class_id,
          (SELECT id FROM customers WHERE mobile = ${mobile} ORDER BY id DESC LIMIT 1), balance_agorot, tickets_left,
          starts_on, ends_on, status, is_for_replacement, created_at, initial_balance_agorot, initial_tickets,
          paid_agorot
        FROM system_vouchers WHERE reference = 'AREA-D-FULL'`
    }
    yield* writeXssJourney
  })

/** The XSS journey's customers and partner (journeys.ts, JOURNEY_XSS_MOBILES): names and a reference as payloads. */
const writeXssJourney = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const mobile of Object.values(JOURNEY_XSS_MOBILES))
    yield* sql`
      INSERT INTO customers (first_name, last_name, ssn_sealed, mobile, created_at)
      SELECT ${XSS_FIRST_NAME}, ${XSS_LAST_NAME}, ssn_sealed, ${mobile}, created_at FROM customers
      WHERE email = ${DEMO_CUSTOMER_EMAIL}`
  const [agent] = yield* sql<{ readonly id: number }>`
    INSERT INTO customers (first_name, last_name, created_at)
    SELECT ${XSS_FIRST_NAME}, ${XSS_LAST_NAME}, created_at FROM customers WHERE email = ${DEMO_CUSTOMER_EMAIL}
    RETURNING id`
  yield* sql`
    INSERT INTO ticket_reference_options (ticket_id, reference1, quantity, business_id, agent_customer_id)
    SELECT id, ${XSS_REFERENCE}, 5, 1, ${agent?.id ?? null} FROM tickets WHERE requires_reference ORDER BY id LIMIT 1`
})
