import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { EnrolMemberNotFound, type EnrolMembership, type EnrolSeason } from "../../api/EnrolApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"
import { liveEnrolment, openSeason, seasonIdsOf, validMember } from "./season.ts"

/**
 * `GET /enroll/{membershipId}`: spec §3 "Enrol membership" for the signed-in customer's member valid today, one
 * entry per open season with showings ahead, each with the ticket groups it offers (public tickets only) and what
 * the member is enrolled in already.
 */

const iso = (ms: number) => new Date(ms).toISOString()

/** The public tickets of the season's groups, by group, cheapest first. */
export const seasonTickets = Effect.fn("EnrolOffer.tickets")(function* (
  groupIds: ReadonlyArray<number>,
  lang: LocaleCode,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    groupId: number
    groupName: string
    ticketId: number | null
    name: string | null
    price: number | null
  }>`
    SELECT g.id AS "groupId", ${localized(sql, "g.name", lang)} AS "groupName", t.id AS "ticketId",
      ${localized(sql, "t.name", lang)} AS name, t.price_agorot AS price
    FROM ticket_groups g LEFT JOIN tickets t ON t.ticket_group_id = g.id AND t.is_active AND NOT t.is_member_only
      AND NOT t.requires_reference AND t.multiply_factor = 1
    WHERE g.id IN ${sql.in(groupIds)}
    ORDER BY g.sort_order, g.id, t.price_agorot, t.id`
  const groups = new Map<
    number,
    { ticketGroupId: number; name: string; tickets: Array<{ ticketId: number; name: string; price: number }> }
  >()
  for (const row of rows) {
    const group = groups.get(row.groupId) ?? { ticketGroupId: row.groupId, name: row.groupName, tickets: [] }
    groups.set(row.groupId, group)
    if (row.ticketId !== null)
      group.tickets.push({ ticketId: row.ticketId, name: row.name ?? "", price: row.price ?? 0 })
  }
  return [...groups.values()]
}, Effect.orDie)

export const enrolOffer = Effect.fn("EnrolOffer")(function* (
  customerId: number,
  membershipId: number,
  memberNumber: string | null,
  lang: LocaleCode,
) {
  const sql = yield* SqlClient.SqlClient
  const member = yield* validMember(customerId, membershipId, memberNumber)
  if (Option.isNone(member)) return yield* new EnrolMemberNotFound({ error: "memberNotFound" })
  const names = yield* sql<{ name: string }>`
    SELECT ${localized(sql, "name", lang)} AS name FROM memberships WHERE id = ${membershipId}`.pipe(
    Effect.orDie,
  )
  const seasons: Array<EnrolSeason> = []
  for (const seasonId of yield* seasonIdsOf(membershipId)) {
    const found = yield* openSeason(membershipId, seasonId)
    if (Option.isNone(found)) continue
    const season = found.value
    const details = yield* sql<{ name: string; presentationId: number; featureName: string }>`
      SELECT ${localized(sql, "s.name", lang)} AS name, p.id AS "presentationId",
        ${localized(sql, "f.name", lang)} AS "featureName"
      FROM enrolment_seasons s JOIN enrolment_season_presentations sp ON sp.season_id = s.id
        JOIN presentations p ON p.id = sp.presentation_id JOIN features f ON f.id = p.feature_id
      WHERE s.id = ${seasonId}`.pipe(Effect.orDie)
    const featureOf = new Map(details.map((d) => [d.presentationId, d.featureName]))
    const enrolled = yield* liveEnrolment(seasonId, member.value.id)
    const seats = Option.isNone(enrolled)
      ? []
      : yield* sql<{ PresentationId: number; RowName: string; SeatName: string }>`
          SELECT ois.presentation_id AS "PresentationId", s.row_name AS "RowName", s.seat_name AS "SeatName"
          FROM order_item_seats ois JOIN seats s ON s.id = ois.seat_id
          JOIN presentations p ON p.id = ois.presentation_id
          -- a showing's ticket cancelled in the customer area lost its seat (the allocation, so the link is null)
          WHERE ois.reservation_id = ${enrolled.value.reservationId} AND ois.allocation_id IS NOT NULL
          ORDER BY p.starts_at, p.id`.pipe(Effect.orDie)
    seasons.push({
      SeasonId: season.id,
      Name: details[0]?.name ?? "",
      venueId: season.venueId,
      seatplanId: season.seatplanId,
      IsSkipMemberSeat: season.isSkipMemberSeat,
      IsPricingPerTicket: season.isPricingPerTicket,
      DefaultTicketGroupId: season.defaultTicketGroupId,
      TicketGroups: yield* seasonTickets(season.ticketGroupIds, lang),
      Presentations: season.showings.map((s) => ({
        PresentationId: s.presentationId,
        IsRequired: s.isRequired,
        MembershipPayableAmount: s.payable,
        PresentationDetail: { IsPriceOverride: s.isPriceOverride, Price: s.price },
        featureName: featureOf.get(s.presentationId) ?? "",
        startsAt: iso(s.startsAtMs),
      })),
      enrolled: Option.isNone(enrolled)
        ? null
        : { reservationIdentifier: enrolled.value.identifier, status: enrolled.value.status, seats },
    })
  }
  // open seasons with showings ahead at a cinema offline for sales: closed (openSeason), named for the browser
  const offline = yield* sql<{ name: string }>`
    SELECT DISTINCT ${localized(sql, "l.name", lang)} AS name
    FROM enrolment_seasons s JOIN venues v ON v.id = s.venue_id JOIN locations l ON l.id = v.location_id
    WHERE s.membership_id = ${membershipId} AND s.is_open AND NOT l.is_online
      AND EXISTS (SELECT 1 FROM enrolment_season_presentations sp JOIN presentations p ON p.id = sp.presentation_id
        WHERE sp.season_id = s.id AND p.starts_at > marquee_now() AND p.is_on_sale)
    ORDER BY name`.pipe(Effect.orDie)
  return {
    MembershipId: membershipId,
    membershipName: names[0]?.name ?? "",
    memberNumber: member.value.memberNumber,
    seasons,
    offlineCinemas: offline.map((row) => row.name),
  } satisfies EnrolMembership
})
