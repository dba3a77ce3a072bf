import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { AreaReservation, AreaTicketState } from "../../api/CustomerAreaApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { cancellability, type ReservationFacts, reservationState } from "../../domain/customerArea/states.ts"
import { localized } from "../localized.ts"
import { toChainIso } from "../time.ts"

/**
 * A customer's paid reservations as the area lists them (spec §4 reservation states), and (issue 16) their unpaid
 * holds with the cut-off the database releases them at. Other orders awaiting payment are still the cart's; a
 * voided one never existed for the buyer. The seeded
 * history has no `reservations.presentation_id`, so the presentation is read from its tickets where needed.
 *
 * Past reservations are capped at {@link PAST_SHOWN} (the latest): a regular has hundreds over the years, and the
 * area is read on a phone.
 */
export const PAST_SHOWN = 50

interface HeadRow {
  readonly id: number
  readonly identifier: string
  readonly documentKey: string | null
  readonly purchasedAtMs: number
  readonly isHold: boolean
  /** an unpaid hold's cut-off; null once paid */
  readonly holdDeadlineMs: number | null
  readonly hasWaiver: boolean
  readonly collected: boolean
  readonly total: number
  readonly refunded: number
  readonly presentationId: number
  readonly featureId: number
  readonly featureName: string
  readonly startsAtMs: number
  readonly duration: number | null
  readonly venueName: string
  readonly locationName: string
}

interface TicketRow {
  readonly reservationId: number
  readonly ticketIdentifier: string
  readonly sectionName: string | null
  readonly RowName: string | null
  readonly SeatName: string | null
  readonly ticketName: string
  readonly price: number
  readonly serviceCharge: number
  readonly cancelledAtMs: number | null
  readonly scanned: boolean
}

/** Upcoming first (soonest first), then past (latest first). */
export const listReservations = Effect.fn("AreaReservations.list")(function* (
  customerId: number,
  lang: LocaleCode,
  nowMs: number,
  cutoffMinutes: number,
) {
  const sql = yield* SqlClient.SqlClient
  const heads = yield* sql<HeadRow>`
    WITH mine AS (
      SELECT r.*, coalesce(r.presentation_id,
        (SELECT st.presentation_id FROM sold_tickets st WHERE st.reservation_id = r.id ORDER BY st.id LIMIT 1))
        AS shown_presentation_id
      FROM reservations r
      WHERE r.customer_id = ${customerId}
        AND (r.payment_status = 'paid' OR (r.is_hold AND (r.payment_status = 'awaitingPayment'
          -- a hold the reconciler voided at (or after) its cut-off still shows, released
          OR (r.payment_status = 'voided' AND r.voided_at >= r.payment_deadline))))
    ), placed AS (
      SELECT m.*, p.starts_at, row_number() OVER (
        PARTITION BY p.starts_at <= marquee_now() ORDER BY p.starts_at DESC) AS past_rank
      FROM mine m JOIN presentations p ON p.id = m.shown_presentation_id
    )
    SELECT r.id::float8 AS id, r.identifier, r.document_key AS "documentKey",
      (extract(epoch FROM coalesce(r.paid_at, r.purchased_at)) * 1000)::float8 AS "purchasedAtMs",
      r.is_hold AS "isHold", EXISTS (SELECT 1 FROM reservation_waivers w WHERE w.reservation_id = r.id) AS "hasWaiver",
      r.collected_at IS NOT NULL AS collected, r.total_agorot::float8 AS total,
      CASE WHEN r.payment_status = 'awaitingPayment' OR (r.is_hold AND r.payment_status = 'voided')
        THEN (extract(epoch FROM r.payment_deadline) * 1000)::float8 END AS "holdDeadlineMs",
      coalesce((SELECT sum(rc.refund_agorot) FROM reservation_cancellations rc WHERE rc.reservation_id = r.id),
        0)::float8 AS refunded,
      p.id AS "presentationId", f.id AS "featureId", ${localized(sql, "f.name", lang)} AS "featureName",
      (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs", f.duration_minutes AS duration,
      ${localized(sql, "v.name", lang)} AS "venueName", ${localized(sql, "l.name", lang)} AS "locationName"
    FROM placed r
    JOIN presentations p ON p.id = r.shown_presentation_id
    JOIN features f ON f.id = p.feature_id
    JOIN venues v ON v.id = p.venue_id
    JOIN locations l ON l.id = v.location_id
    WHERE r.starts_at > marquee_now() OR r.past_rank <= ${PAST_SHOWN}`.pipe(Effect.orDie)
  if (heads.length === 0) return []
  const tickets = yield* sql<TicketRow>`
    SELECT st.reservation_id::float8 AS "reservationId", st.id::text AS "ticketIdentifier",
      ${localized(sql, "vs.name", lang)} AS "sectionName", s.row_name AS "RowName", s.seat_name AS "SeatName",
      ${localized(sql, "t.name", lang)} AS "ticketName", st.price_agorot AS price,
      st.service_charge_agorot AS "serviceCharge",
      (extract(epoch FROM st.cancelled_at) * 1000)::float8 AS "cancelledAtMs", st.scanned_at IS NOT NULL AS scanned
    FROM sold_tickets st
    JOIN tickets t ON t.id = st.ticket_id
    LEFT JOIN venue_sections vs ON vs.id = st.section_id
    LEFT JOIN seats s ON s.id = st.seat_id
    WHERE st.reservation_id IN ${sql.in(heads.map((h) => h.id))}
    ORDER BY st.id`.pipe(Effect.orDie)
  const byReservation = new Map<number, Array<TicketRow>>()
  for (const ticket of tickets) {
    const list = byReservation.get(ticket.reservationId) ?? []
    list.push(ticket)
    byReservation.set(ticket.reservationId, list)
  }
  const shown = heads.map((head): AreaReservation => {
    const own = byReservation.get(head.id) ?? []
    const facts = factsOf(head, own)
    const can = cancellability(facts, nowMs, cutoffMinutes)
    return {
      reservationIdentifier: head.identifier,
      state: reservationState(facts, nowMs),
      purchasedAt: toChainIso(head.purchasedAtMs),
      presentation: {
        id: head.presentationId,
        featureId: head.featureId,
        featureName: head.featureName,
        dateTime: toChainIso(head.startsAtMs),
        durationMinutes: head.duration,
        venueName: head.venueName,
        locationName: head.locationName,
      },
      tickets: own.map((t) => ({
        ticketIdentifier: t.ticketIdentifier,
        sectionName: t.sectionName ?? "",
        RowName: t.RowName,
        SeatName: t.SeatName,
        ticketName: t.ticketName,
        price: t.price,
        serviceCharge: t.serviceCharge,
        state: ticketState(t),
        cancelledAt: t.cancelledAtMs === null ? null : toChainIso(t.cancelledAtMs),
      })),
      quantity: own.filter((t) => t.cancelledAtMs === null).length,
      total: head.total,
      refunded: head.refunded,
      documentKeys: head.documentKey === null ? [] : [head.documentKey],
      isHold: head.isHold,
      hasWaiver: head.hasWaiver,
      holdDeadline:
        head.holdDeadlineMs === null
          ? null
          : { deadline: toChainIso(head.holdDeadlineMs), lapsed: head.holdDeadlineMs <= nowMs },
      // an unpaid hold has nothing to refund: it is paid or it lapses
      isCancellable: head.holdDeadlineMs === null && can.isCancellable,
      cancellableUntil: toChainIso(can.cancellableUntilMs),
      notCancellableReason: head.holdDeadlineMs === null ? can.reason : null,
    }
  })
  const upcoming = heads
    .map((head, i) => ({ head, shown: shown[i] as AreaReservation }))
    .sort((a, b) => {
      const aPast = a.head.startsAtMs <= nowMs
      const bPast = b.head.startsAtMs <= nowMs
      if (aPast !== bPast) return aPast ? 1 : -1
      const byTime = aPast ? b.head.startsAtMs - a.head.startsAtMs : a.head.startsAtMs - b.head.startsAtMs
      return byTime !== 0 ? byTime : a.head.id - b.head.id
    })
  return upcoming.map((entry) => entry.shown)
})

const ticketState = (t: TicketRow): AreaTicketState =>
  t.cancelledAtMs !== null ? "cancelled" : t.scanned ? "scanned" : "active"

export const factsOf = (
  head: { readonly collected: boolean; readonly startsAtMs: number; readonly holdDeadlineMs?: number | null },
  tickets: ReadonlyArray<{ readonly cancelledAtMs: number | null; readonly scanned: boolean }>,
): ReservationFacts => ({
  ticketCount: tickets.length,
  cancelledCount: tickets.filter((t) => t.cancelledAtMs !== null).length,
  scannedCount: tickets.filter((t) => t.scanned && t.cancelledAtMs === null).length,
  collected: head.collected,
  startsAtMs: head.startsAtMs,
  // a paid reservation's head (the cancellation's) has no deadline
  holdDeadlineMs: head.holdDeadlineMs ?? null,
})
