import type { CommitCart, CommitEnrolLine } from "../../../src/domain/cart/commitCart.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { buyerCart } from "../payment/_payment.ts"

/**
 * Shared steps of the enrolment tests: a season of the test's own (membership 1, whose member the demo customer
 * holds) over future showings of one hall, seats free in all of them, the seat calls and the commit cart.
 */

export const MEMBERSHIP = 1

export interface SeasonStage {
  readonly seasonId: number
  readonly venueId: number
  readonly seatplanId: number
  /** the season's showings, in start order */
  readonly showings: ReadonlyArray<number>
  readonly seats: ReadonlyArray<{ id: number; sectionId: number; x: number; y: number }>
  /** a public ticket of the standard group (1) and its price */
  readonly ticket: { readonly id: number; readonly price: number }
}

let seasons = 100

export interface SeasonTerms {
  readonly required?: ReadonlyArray<boolean>
  readonly payable?: ReadonlyArray<number>
  readonly override?: ReadonlyArray<number | null>
  readonly skipMemberSeat?: boolean
  readonly perTicket?: boolean
}

/** A season of `count` showings (default 3; the first required) in a hall none of `used` is in. */
export const seasonStage = async (
  server: RunningServer,
  used: Array<number>,
  terms: SeasonTerms = {},
  count = 3,
): Promise<SeasonStage> => {
  const halls = await server.query<{ venueId: number; seatplanId: number; showings: Array<number> }>(
    `SELECT v.id AS "venueId", v.seatplan_id AS "seatplanId",
       (array_agg(p.id ORDER BY p.starts_at, p.id))[1:${count}] AS showings
     FROM presentations p JOIN venues v ON v.id = p.venue_id
     WHERE p.starts_at > marquee_now() + interval '1 day' AND v.seatplan_id IS NOT NULL AND v.venue_type_id < 100
       AND p.is_on_sale AND NOT (p.id = ANY ($1::int[]))
       AND EXISTS (SELECT 1 FROM presentation_ticket_groups_effective g WHERE g.presentation_id = p.id
         AND g.ticket_group_id = 1)
       AND NOT EXISTS (SELECT 1 FROM enrolment_season_presentations sp WHERE sp.presentation_id = p.id)
     GROUP BY v.id, v.seatplan_id HAVING count(*) >= ${count} ORDER BY v.id LIMIT 1`,
    [`{${used.join(",")}}`],
  )
  const hall = halls[0]
  if (hall === undefined) throw new Error("no hall with future showings")
  used.push(...hall.showings)
  seasons += 1
  const seasonId = seasons * 1000 + (process.pid % 1000)
  await server.query(
    `INSERT INTO enrolment_seasons (id, membership_id, name, venue_id, is_skip_member_seat, is_pricing_per_ticket,
       default_ticket_group_id, ticket_group_ids)
     VALUES ($1, $2, '{"he":"עונה","en":"Season"}'::jsonb, $3, $4, $5, 1, '{1}')`,
    [seasonId, MEMBERSHIP, hall.venueId, terms.skipMemberSeat ?? false, terms.perTicket ?? false],
  )
  for (const [i, showing] of hall.showings.entries()) {
    const override = terms.override?.[i] ?? null
    await server.query(
      `INSERT INTO enrolment_season_presentations (season_id, presentation_id, is_required,
         membership_payable_agorot, is_price_override, price_agorot) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        seasonId,
        showing,
        terms.required?.[i] ?? i === 0,
        terms.payable?.[i] ?? 0,
        override !== null,
        override,
      ],
    )
  }
  const seats = await server.query<SeasonStage["seats"][number]>(
    `SELECT s.id, s.section_id AS "sectionId", s.seat_index AS x, s.row_index AS y
     FROM seats s JOIN venue_sections vs ON vs.id = s.section_id
     WHERE s.seatplan_id = $1 AND vs.is_reserved AND NOT EXISTS (
       SELECT 1 FROM seat_allocations a WHERE a.seat_id = s.id AND a.presentation_id = ANY ($2::int[]))
     ORDER BY s.section_id, s.row_index DESC, s.seat_index LIMIT 4`,
    [hall.seatplanId, `{${hall.showings.join(",")}}`],
  )
  const tickets = await server.query<{ id: number; price: number }>(
    `SELECT id, price_agorot AS price FROM tickets WHERE ticket_group_id = 1 AND is_active AND NOT is_member_only
       AND NOT requires_reference AND multiply_factor = 1 ORDER BY price_agorot, id LIMIT 1`,
  )
  return { seasonId, ...hall, seats, ticket: tickets[0] as SeasonStage["ticket"] }
}

const json = { "content-type": "application/json" }

/** `PUT /api/enroll/1/lock-seat` (or unlock): seat `i` in `presentationId` (null: the member seat). */
export const enrolSeatCall = (
  server: RunningServer,
  auth: { readonly cart: string; readonly uuid: string },
  stage: SeasonStage,
  i: number,
  presentationId: number | null,
  options: { readonly action?: "lock" | "unlock"; readonly selections?: ReadonlyArray<number> } = {},
) => {
  const seat = stage.seats[i] as SeasonStage["seats"][number]
  return fetch(`${server.baseUrl}/api/enroll/${MEMBERSHIP}/${options.action ?? "lock"}-seat`, {
    method: "PUT",
    headers: { ...json, "x-cart-token": auth.cart, uuid: auth.uuid },
    body: JSON.stringify({
      venueId: stage.venueId,
      seatplanId: stage.seatplanId,
      sectionId: seat.sectionId,
      x: seat.x,
      y: seat.y,
      ticketGroupId: 1,
      seasonId: stage.seasonId,
      presentationId,
      selections: options.selections ?? stage.showings,
    }),
  })
}

/** The commit cart of an enrolment: showing `n` of the stage on seat `seats[n]`, at `amounts[n]` (default 0). */
export const enrolCart = (
  stage: SeasonStage,
  memberNumber: string,
  picks: ReadonlyArray<{ readonly showing: number; readonly seat: number; readonly amount?: number }>,
  line: Partial<CommitEnrolLine> = {},
): CommitCart =>
  buyerCart({
    enrolment: {
      membershipId: MEMBERSHIP,
      memberNumber,
      seasonId: stage.seasonId,
      ticketGroupId: 1,
      ticketId: null,
      presentations: picks.map((pick) => {
        const seat = stage.seats[pick.seat] as SeasonStage["seats"][number]
        return {
          presentationId: stage.showings[pick.showing] as number,
          seat: { VenueSectionId: seat.sectionId, XCoordinate: seat.x, YCoordinate: seat.y },
          amount: (pick.amount ?? 0) as never,
        }
      }),
      ...line,
    },
  } as Partial<CommitCart>)

/** Who holds seat `seatId` in the stage's showings. */
export const holders = (server: RunningServer, stage: SeasonStage, seatId: number) =>
  server.query<{ presentationId: number; cart: string | null; kind: string }>(
    `SELECT presentation_id AS "presentationId", cart_token AS cart, kind FROM seat_allocations
     WHERE seat_id = $1 AND presentation_id = ANY ($2::int[]) AND (kind = 'sale' OR expires_at > marquee_now())
     ORDER BY presentation_id`,
    [seatId, `{${stage.showings.join(",")}}`],
  )

/** A member of membership 1 valid today for the customer with this mobile; its number. */
export const memberFor = async (server: RunningServer, mobile: string): Promise<string> => {
  const number = String(95_000_000 + Math.floor(Math.random() * 4_000_000))
  await server.query(
    `INSERT INTO members (customer_id, membership_id, member_number, start_date, end_date)
     SELECT id, $2, $3, (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date - 10,
       (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date + 300
     FROM customers WHERE mobile = $1 ORDER BY id LIMIT 1`,
    [mobile, MEMBERSHIP, number],
  )
  return number
}
