import type { CommitCart } from "../../../src/domain/cart/commitCart.ts"
import { addCustomer } from "../../_support/areaSignIn.ts"
import { newCart } from "../../_support/humanCheck.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { signIn } from "../customerArea/_area.ts"
import { buyerCart, type Committed, openForm, payByCard } from "../payment/_payment.ts"

/** Shared steps of the video-on-demand tests: a VOD presentation on sale, a signed-in buyer, a paid purchase. */

export interface VodOffer {
  readonly presentationId: number
  readonly ticketId: number
  readonly price: number
  readonly startsAtMs: number
}

/**
 * A VOD presentation (venue types 101–104) and the public VOD ticket it sells: by default one that has not started;
 * `when` is another SQL condition on `p.starts_at` (premiered, window over).
 */
export const vodOffer = async (
  server: RunningServer,
  skip = 0,
  when = "p.starts_at > marquee_now()",
): Promise<VodOffer> => {
  const rows = await server.query<VodOffer>(
    `SELECT p.id AS "presentationId", t.id AS "ticketId", t.price_agorot AS price,
       (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs"
     FROM presentations p JOIN venues v ON v.id = p.venue_id
     JOIN presentation_ticket_groups_effective g ON g.presentation_id = p.id
     JOIN tickets t ON t.ticket_group_id = g.ticket_group_id AND t.is_active AND NOT t.is_member_only
       AND NOT t.requires_reference
     WHERE v.venue_type_id BETWEEN 101 AND 104 AND p.is_on_sale AND ${when}
     ORDER BY p.starts_at, p.id, t.id OFFSET $1 LIMIT 1`,
    [skip],
  )
  const row = rows[0]
  if (row === undefined) throw new Error("no VOD presentation on sale in the seed")
  return row
}

export const vodCart = (offer: VodOffer, extra: Partial<CommitCart> = {}): CommitCart =>
  buyerCart({
    vod: { prsntId: offer.presentationId, ticketId: offer.ticketId, amount: offer.price as never },
    ...extra,
  })

/** `POST /payment/commit` as a signed-in customer (`uuid`) or a guest (null); the VOD form asks no SUMMER_PROMO. */
export const commitVod = (
  server: RunningServer,
  cart: string,
  uuid: string | null,
  body: CommitCart,
  key: string = crypto.randomUUID(),
) =>
  fetch(`${server.baseUrl}/api/payment/commit`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-cart-token": cart,
      "idempotency-key": key,
      ...(uuid === null ? {} : { uuid }),
    },
    body: JSON.stringify({ cart: body, termsAccepted: true, additionalTerms: [] }),
  })

/** A fresh customer, signed in: their id and session uuid. */
export const signedInBuyer = async (server: RunningServer) => {
  const customer = await addCustomer(server)
  return { id: customer.id, uuid: await signIn(server, customer.mobile) }
}

/** A VOD title bought and paid by card by a fresh customer: the purchase's id, the buyer, the order. */
export const boughtVod = async (server: RunningServer, offer: VodOffer) => {
  const buyer = await signedInBuyer(server)
  const cart = await newCart(server.baseUrl)
  const response = await commitVod(server, cart, buyer.uuid, vodCart(offer))
  if (response.status !== 200) throw new Error(`commit: ${response.status} ${await response.text()}`)
  const order = (await response.json()) as Committed
  const paid = await payByCard(server, await openForm(server, cart, order.reservationIdentifier))
  if (paid.status !== 303) throw new Error(`pay: ${paid.status}`)
  const rows = await server.query<{ id: string }>(
    `SELECT vp.id::text AS id FROM vod_purchases vp JOIN reservations r ON r.id = vp.reservation_id
     WHERE r.identifier = $1`,
    [order.reservationIdentifier],
  )
  return { buyer, cart, order, purchaseId: rows[0]?.id as string }
}

/** `POST /vod/{id}/playback` as `uuid`. */
export const play = (server: RunningServer, uuid: string, purchaseId: string) =>
  fetch(`${server.baseUrl}/api/vod/${purchaseId}/playback?lang=en`, { method: "POST", headers: { uuid } })

/** Opens a VOD purchase's window now (the clock cannot move: the row's window moves instead). */
export const openWindow = (server: RunningServer, purchaseId: string) =>
  server.query(
    `UPDATE vod_purchases SET available_from = marquee_now() - interval '1 hour',
       available_until = marquee_now() + interval '47 hours' WHERE id = $1`,
    [purchaseId],
  )
