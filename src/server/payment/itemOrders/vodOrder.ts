import { Clock, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { CommitFailed, type CommitFailureCode } from "../../../api/CommitRefusals.ts"
import { isVodVenueType } from "../../../domain/shared/venueType.ts"
import { VOD_PLAYBACK_LIMIT, vodOnSaleAt, vodWindowOf } from "../../../domain/vod/access.ts"
import type { ItemOrderKind } from "./ItemOrderKind.ts"

/**
 * Video on demand (issue 16, venue types 101–104): access to one VOD presentation for the signed-in buyer. The
 * order is booked at the presentation's cinema like its tickets would be, priced by one of the VOD tickets its
 * venue sells (no booking fee: the VOD group charges none), and a money voucher may pay for it.
 *
 * Access belongs to an owner, so a guest is refused (`signInRequired`); the owner is the `CustomerIfAny`
 * customer of the commit, kept in the line's details so the payment (which may come by webhook, with nobody
 * signed in) writes the purchase for them. The window and the playback limit are src/domain/vod/access.ts's.
 */

const failed = (code: CommitFailureCode) =>
  new CommitFailed({ error: "lastCommit", message: "Error processing Transaction", code })

interface VodOffer {
  readonly id: number
  readonly featureId: number
  readonly venueTypeId: number
  readonly isOnSale: boolean
  readonly startsAtMs: number
  readonly locationId: number
  readonly businessId: number
  readonly authProfileId: number
  readonly pointOfSaleId: number | null
  /** the ticket's price when the presentation sells it, null otherwise */
  readonly price: number | null
}

const loadOffer = Effect.fn("VodOrder.offer")(function* (presentationId: number, ticketId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<VodOffer>`
    SELECT p.id, p.feature_id AS "featureId", v.venue_type_id AS "venueTypeId", p.is_on_sale AS "isOnSale",
      (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs", v.location_id AS "locationId",
      p.business_id AS "businessId", p.auth_profile_id AS "authProfileId",
      (SELECT pos.id FROM points_of_sale pos WHERE pos.location_id = v.location_id AND pos.channel = 'web'
        ORDER BY pos.id LIMIT 1) AS "pointOfSaleId",
      (SELECT t.price_agorot FROM tickets t
        JOIN presentation_ticket_groups_effective g ON g.ticket_group_id = t.ticket_group_id
          AND g.presentation_id = p.id
        WHERE t.id = ${ticketId} AND t.is_active AND NOT t.is_member_only AND NOT t.requires_reference
        LIMIT 1) AS price
    FROM presentations p JOIN venues v ON v.id = p.venue_id
    WHERE p.id = ${presentationId}`
  return rows[0]
}, Effect.orDie)

export const vodOrder: ItemOrderKind = {
  form: (forms) => forms.vod,
  price: (cart, asker) =>
    Effect.gen(function* () {
      const line = cart.vod
      if (line === undefined) return yield* failed("emptyCart")
      if (asker.customerId === null) return yield* failed("signInRequired")
      const offer = yield* loadOffer(line.prsntId, line.ticketId)
      const nowMs = yield* Clock.currentTimeMillis
      if (
        offer === undefined ||
        !isVodVenueType(offer.venueTypeId) ||
        !vodOnSaleAt(offer, nowMs) ||
        offer.pointOfSaleId === null
      )
        return yield* failed("notOnSale")
      if (offer.price === null) return yield* failed("unknownTicket")
      if (line.amount !== offer.price) return yield* failed("priceMismatch")
      if (cart.globalServiceCharge !== 0) return yield* failed("serviceChargeMismatch")
      return {
        place: {
          locationId: offer.locationId,
          pointOfSaleId: offer.pointOfSaleId,
          businessId: offer.businessId,
          authProfileId: offer.authProfileId,
        },
        items: [
          {
            kind: "vod",
            itemId: offer.id,
            priceId: line.ticketId,
            quantity: 1,
            unitPrice: offer.price,
            details: { customerId: asker.customerId },
          },
        ],
        products: [],
        serviceCharge: 0,
        total: offer.price,
        voucherPayable: true,
      }
    }),
  fulfil: (orderId) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const lines = yield* sql<{ id: string; customerId: number; presentationId: number; price: number }>`
        SELECT oi.id::text AS id, (oi.details->>'customerId')::integer AS "customerId",
          oi.item_id AS "presentationId", oi.unit_price_agorot AS price
        FROM order_items oi
        WHERE oi.reservation_id = ${orderId} AND oi.kind = 'vod' AND oi.fulfilled_at IS NULL`
      for (const line of lines) {
        const starts = yield* sql<{ featureId: number; startsAtMs: number }>`
          SELECT feature_id AS "featureId", (extract(epoch FROM starts_at) * 1000)::float8 AS "startsAtMs"
          FROM presentations WHERE id = ${line.presentationId}`
        const presentation = starts[0]
        if (presentation === undefined) continue
        const window = vodWindowOf(presentation.startsAtMs)
        // the unique reservation_id (migration 0036) makes a second fulfilment of the order write nothing
        yield* sql`
          INSERT INTO vod_purchases (customer_id, feature_id, reservation_id, available_from, available_until,
            playback_limit, playback_count, purchased_at, price_agorot)
          VALUES (${line.customerId}, ${presentation.featureId}, ${orderId},
            ${new Date(window.fromMs).toISOString()}::timestamptz, ${new Date(window.untilMs).toISOString()}::timestamptz,
            ${VOD_PLAYBACK_LIMIT}, 0, marquee_now(), ${line.price})
          ON CONFLICT (reservation_id) DO NOTHING`
        yield* sql`UPDATE order_items SET fulfilled_at = marquee_now() WHERE id = ${line.id}`
      }
    }).pipe(Effect.orDie),
}
