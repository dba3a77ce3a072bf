import type { CommitCart } from "../../../src/domain/cart/commitCart.ts"
import { withCheckDigit } from "../../../src/domain/order/israeliId.ts"
import type { RunningServer } from "../../_support/testServer.ts"
import { buyerCart } from "../payment/_payment.ts"

/**
 * Shared steps of the membership tests: a membership of the test's own with a season seat over two future showings
 * of one hall, its seat calls and its commit cart, as the browser would send them.
 */

export interface SeatedStage {
  readonly membershipId: number
  readonly priceId: number
  readonly price: number
  readonly venueId: number
  readonly seatplanId: number
  readonly showings: ReadonlyArray<number>
  /** free seats of the hall in every showing: grid coordinates and id */
  readonly seats: ReadonlyArray<{
    id: number
    VenueSectionId: number
    XCoordinate: number
    YCoordinate: number
  }>
}

let serial = 0
let stages = 0

/** A buyer's valid ID number that no seeded customer has (each call another). */
export const buyerSsn = () => withCheckDigit(String(60_000_000 + ((process.pid * 97 + ++serial) % 9_999_999)))

const name = (en: string) => JSON.stringify({ he: en, en })

/**
 * A series membership (type 2, `entries` entries) with a season seat in a hall with at least two future showings,
 * priced `price` ILS agorot; and `seatCount` seats free in both showings.
 */
export const seatedStage = async (
  server: RunningServer,
  used: Array<number>,
  options: { readonly entries?: number; readonly seatCount?: number } = {},
): Promise<SeatedStage> => {
  const halls = await server.query<{ venueId: number; seatplanId: number; showings: Array<number> }>(
    `SELECT v.id AS "venueId", v.seatplan_id AS "seatplanId",
       (array_agg(p.id ORDER BY p.starts_at, p.id))[1:2] AS showings
     FROM presentations p JOIN venues v ON v.id = p.venue_id
     WHERE p.starts_at > marquee_now() + interval '2 days' AND v.seatplan_id IS NOT NULL AND v.venue_type_id < 100
       AND NOT (p.id = ANY ($1::int[]))
     GROUP BY v.id, v.seatplan_id HAVING count(*) >= 2 ORDER BY v.id LIMIT 1`,
    [`{${used.join(",")}}`],
  )
  const hall = halls[0]
  if (hall === undefined) throw new Error("no hall with two future showings")
  used.push(...hall.showings)
  stages += 1
  const membershipId = 1000 + stages
  const priceId = membershipId * 10 + 1
  const price = 25_000
  await server.query(
    `INSERT INTO memberships (id, code, name, class_name, membership_type_id, ticket_quantity, validity_days,
       seat_venue_id)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, 2, $5, 120, $6)`,
    [
      membershipId,
      `SEASON${membershipId}`,
      name("Season seat"),
      name("Season"),
      options.entries ?? 4,
      hall.venueId,
    ],
  )
  await server.query(
    `INSERT INTO membership_prices (id, membership_id, price_code, name, price_agorot, currency)
     VALUES ($1, $2, 'SEASON', $3::jsonb, $4, 'ILS')`,
    [priceId, membershipId, name("Season"), price],
  )
  for (const showing of hall.showings)
    await server.query(
      `INSERT INTO membership_presentations (membership_id, presentation_id) VALUES ($1, $2)`,
      [membershipId, showing],
    )
  const seats = await server.query<SeatedStage["seats"][number]>(
    `SELECT s.id, s.section_id AS "VenueSectionId", s.seat_index AS "XCoordinate", s.row_index AS "YCoordinate"
     FROM seats s
     WHERE s.seatplan_id = $1 AND NOT EXISTS (
       SELECT 1 FROM seat_allocations a WHERE a.seat_id = s.id AND a.presentation_id = ANY ($2::int[]))
     ORDER BY s.section_id, s.row_index DESC, s.seat_index LIMIT $3`,
    [hall.seatplanId, `{${hall.showings.join(",")}}`, options.seatCount ?? 2],
  )
  return { membershipId, priceId, price, ...hall, seats }
}

const json = { "content-type": "application/json" }

/** `PUT /api/membership/lock-seat` (or unlock) for seat `i` of the stage, with one selection of quantity 1. */
export const seatCall = (
  server: RunningServer,
  cart: string,
  stage: SeatedStage,
  i: number,
  options: {
    readonly action?: "lock" | "unlock"
    readonly quantity?: number
    readonly selections?: ReadonlyArray<unknown>
  } = {},
) => {
  const seat = stage.seats[i] as SeatedStage["seats"][number]
  const body = {
    seat: {
      MembershipId: stage.membershipId,
      VenueId: stage.venueId,
      VenueSeatplanId: stage.seatplanId,
      VenueSectionId: seat.VenueSectionId,
      XCoordinate: seat.XCoordinate,
      YCoordinate: seat.YCoordinate,
    },
    ...((options.action ?? "lock") === "lock"
      ? {
          selections: options.selections ?? [
            {
              MembershipId: stage.membershipId,
              membershipPriceId: stage.priceId,
              quantity: options.quantity ?? 1,
            },
          ],
        }
      : {}),
  }
  return fetch(`${server.baseUrl}/api/membership/${options.action ?? "lock"}-seat`, {
    method: "PUT",
    headers: { ...json, "x-cart-token": cart },
    body: JSON.stringify(body),
  })
}

/** `PUT /api/seats/lock-seat` of the ticket seats: seat `i` of the stage in one showing, for `cart`. */
export const ticketSeatCall = (
  server: RunningServer,
  cart: string,
  stage: SeatedStage,
  i: number,
  showing: number,
) => {
  const seat = stage.seats[i] as SeatedStage["seats"][number]
  return fetch(`${server.baseUrl}/api/seats/lock-seat`, {
    method: "PUT",
    headers: { ...json, "x-cart-token": cart },
    body: JSON.stringify({
      seat: {
        PresentationId: showing,
        VenueSectionId: seat.VenueSectionId,
        XCoordinate: seat.XCoordinate,
        YCoordinate: seat.YCoordinate,
      },
    }),
  })
}

/** The commit cart of one membership line (the buyer's ID number included), with changes. */
export const membershipCart = (
  line: Partial<CommitCart["memberships"][number]> & { membershipId: number; membershipPriceId: number },
  options: { readonly ssn?: string | null; readonly extra?: Partial<CommitCart> } = {},
): CommitCart => {
  const base = buyerCart()
  return buyerCart({
    customerInfo: base.customerInfo === null ? null : { ...base.customerInfo, SSN: options.ssn ?? null },
    memberships: [{ currencyId: 1, references: [], seat: null, isTopup: false, quantity: 1, ...line }],
    ...options.extra,
  })
}

/** The season seat of a stage as a commit line names it. */
export const seatOfStage = (stage: SeatedStage, i: number) => {
  const seat = stage.seats[i] as SeatedStage["seats"][number]
  return { VenueSectionId: seat.VenueSectionId, XCoordinate: seat.XCoordinate, YCoordinate: seat.YCoordinate }
}

/** `POST /api/payment/commit` as a guest or a signed-in customer (`uuid`). */
export const commitAs = (
  server: RunningServer,
  cart: string,
  body: CommitCart,
  options: { readonly key?: string; readonly uuid?: string } = {},
) =>
  fetch(`${server.baseUrl}/api/payment/commit`, {
    method: "POST",
    headers: {
      ...json,
      "x-cart-token": cart,
      "idempotency-key": options.key ?? crypto.randomUUID(),
      ...(options.uuid === undefined ? {} : { uuid: options.uuid }),
    },
    body: JSON.stringify({ cart: body, termsAccepted: true }),
  })

/** Who holds seat `seatId` in each showing: cart token, kind and order, in showing order. */
export const holdersOf = (server: RunningServer, stage: SeatedStage, seatId: number) =>
  server.query<{ presentationId: number; cart: string | null; kind: string; reservationId: string | null }>(
    `SELECT presentation_id AS "presentationId", cart_token AS cart, kind, reservation_id::text AS "reservationId"
     FROM seat_allocations WHERE seat_id = $1 AND presentation_id = ANY ($2::int[])
       AND (kind = 'sale' OR expires_at > marquee_now())
     ORDER BY presentation_id`,
    [seatId, `{${stage.showings.join(",")}}`],
  )
