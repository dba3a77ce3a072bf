import { Temporal } from "@js-temporal/polyfill"
import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { MembershipCatalogue, MembershipPrice } from "../../api/MembershipsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { memberState, renewalOffered } from "../../domain/customerArea/states.ts"
import { currencyIdOf } from "../../domain/shared/currencyIds.ts"
import { localized } from "../localized.ts"
import { chainToday } from "../time.ts"

/**
 * `GET /api/memberships`: what is on sale (memberships sold online, each with its prices; a membership without a
 * price cannot be bought and is left out), and for a signed-in customer their own members of those memberships,
 * to top up or renew. "Near expiry" is the customer area's window (MEMBERSHIP_RENEWAL_WINDOW_DAYS, default 30
 * days: an active membership whose last day is at most that many days away), so both screens offer the same.
 */

/** Spec §9: max membership quantity per order. */
export const MAX_MEMBERSHIPS_PER_ORDER = 1

const pricesOf = Effect.fn("Memberships.prices")(function* (lang: LocaleCode) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{
    id: number
    membershipId: number
    name: string
    price: number
    currency: string
    code: string
  }>`
    SELECT mp.id, mp.membership_id AS "membershipId", ${localized(sql, "mp.name", lang)} AS name,
      mp.price_agorot AS price, mp.currency, mp.price_code AS code
    FROM membership_prices mp JOIN memberships m ON m.id = mp.membership_id
    WHERE m.is_sold_online ORDER BY mp.membership_id, mp.price_agorot, mp.id`
  const byMembership = new Map<number, Array<MembershipPrice>>()
  for (const row of rows) {
    const price: MembershipPrice = {
      MembershipPriceId: row.id,
      Name: row.name,
      Price: row.price,
      currency: row.currency,
      currencyId: currencyIdOf(row.currency) ?? 0,
      PriceCode: row.code,
      selectedQuantity: 0,
      usedQuantity: 0,
      references: [],
      SystemVoucherReference: null,
      DiscountId: null,
    }
    byMembership.set(row.membershipId, [...(byMembership.get(row.membershipId) ?? []), price])
  }
  return byMembership
})

export const membershipCatalogue = Effect.fn("Memberships.catalogue")(function* (
  lang: LocaleCode,
  customerId: number | null,
  renewalWindowDays: number,
) {
  const sql = yield* SqlClient.SqlClient
  const prices = yield* pricesOf(lang)
  const rows = yield* sql<{
    id: number
    code: string
    name: string
    className: string
    typeId: number
    ticketQuantity: number | null
    validityDays: number
    terms: string
    venueId: number | null
    seatplanId: number | null
    hasSeries: boolean
  }>`
      SELECT m.id, m.code, ${localized(sql, "m.name", lang)} AS name,
        ${localized(sql, "m.class_name", lang)} AS "className", m.membership_type_id AS "typeId",
        m.ticket_quantity AS "ticketQuantity", m.validity_days AS "validityDays",
        ${localized(sql, "m.terms", lang)} AS terms, m.seat_venue_id AS "venueId", v.seatplan_id AS "seatplanId",
        EXISTS (SELECT 1 FROM membership_presentations mp JOIN presentations p ON p.id = mp.presentation_id
          WHERE mp.membership_id = m.id AND p.starts_at > marquee_now()) AS "hasSeries"
      FROM memberships m LEFT JOIN venues v ON v.id = m.seat_venue_id
      WHERE m.is_sold_online ORDER BY m.id`
  // a membership with a seat whose series has no showing left cannot be sold: there is no seat to give
  const memberships = rows
    .filter((m) => (prices.get(m.id)?.length ?? 0) > 0 && (m.venueId === null || m.hasSeries))
    .map((m) => ({
      MembershipId: m.id,
      Code: m.code,
      Name: m.name,
      ClassName: m.className,
      MembershipTypeId: m.typeId,
      ticketQuantity: m.ticketQuantity,
      validityDays: m.validityDays,
      terms: m.terms,
      maxQuantity: MAX_MEMBERSHIPS_PER_ORDER,
      hasSeat: m.venueId !== null,
      venueId: m.venueId,
      seatplanId: m.venueId === null ? null : m.seatplanId,
      prices: prices.get(m.id) ?? [],
    }))
  const todayDate = chainToday(Temporal.Instant.fromEpochMilliseconds(yield* Clock.currentTimeMillis))
  const today = todayDate.toString()
  const lastOfferDay = todayDate.add({ days: renewalWindowDays }).toString()
  const members =
    customerId === null
      ? []
      : yield* sql<{
          memberNumber: string
          membershipId: number
          name: string
          typeId: number
          startDate: string
          endDate: string
          balance: number
        }>`
            SELECT mb.member_number AS "memberNumber", mb.membership_id AS "membershipId",
              ${localized(sql, "m.name", lang)} AS name, m.membership_type_id AS "typeId",
              mb.start_date::text AS "startDate", mb.end_date::text AS "endDate", mb.balance
            FROM members mb JOIN memberships m ON m.id = mb.membership_id
            WHERE mb.customer_id = ${customerId} AND m.is_sold_online
            ORDER BY mb.end_date, mb.id`
  const topups = members
    .filter((m) => (prices.get(m.membershipId)?.length ?? 0) > 0)
    .map((m) => {
      const state = memberState(m.startDate, m.endDate, today)
      return {
        memberNumber: m.memberNumber,
        MembershipId: m.membershipId,
        Name: m.name,
        state,
        startDate: m.startDate,
        endDate: m.endDate,
        balance: m.typeId === 2 ? m.balance : null,
        renewalOffered: renewalOffered(state, m.endDate, lastOfferDay),
        prices: prices.get(m.membershipId) ?? [],
      }
    })
  return { memberships, topups, renewalWindowDays } satisfies MembershipCatalogue
}, Effect.orDie)
