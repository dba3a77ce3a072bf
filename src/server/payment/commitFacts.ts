import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { CommitCart } from "../../domain/cart/commitCart.ts"
import type { DiscountRule } from "../../domain/pricing/discount.ts"
import type {
  MemberFacts,
  OrderCharge,
  PricingFacts,
  ReferenceOptionFacts,
  ResolvedSeat,
  TicketFacts,
  TicketVoucherFacts,
} from "./commitPricing.ts"

/** What a commit needs to know from the database, read before its transaction (none of it is locked). */

export interface CommitPresentation {
  readonly id: number
  readonly seatplanId: number | null
  readonly locationId: number
  readonly businessId: number
  readonly authProfileId: number
  readonly isOnSale: boolean
  readonly startsAtMs: number
  /** its cinema sells online (`locations.is_online`): the domain's `saleRefusalAt` reads it */
  readonly locationIsOnline: boolean
  readonly pointOfSaleId: number | null
}

const intArray = (values: ReadonlyArray<number>) => `{${values.map((v) => Math.trunc(v)).join(",")}}`

export const loadPresentation = Effect.fn("CommitFacts.presentation")(function* (id: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<CommitPresentation>`
    SELECT p.id, v.seatplan_id AS "seatplanId", v.location_id AS "locationId", p.business_id AS "businessId",
      p.auth_profile_id AS "authProfileId", p.is_on_sale AS "isOnSale",
      (extract(epoch FROM p.starts_at) * 1000)::float8 AS "startsAtMs",
      (SELECT l.is_online FROM locations l WHERE l.id = v.location_id) AS "locationIsOnline",
      (SELECT pos.id FROM points_of_sale pos WHERE pos.location_id = v.location_id
        ORDER BY (pos.channel = 'web') DESC, pos.id LIMIT 1) AS "pointOfSaleId"
    FROM presentations p JOIN venues v ON v.id = p.venue_id
    WHERE p.id = ${id}`
  return Option.fromNullishOr(rows[0])
}, Effect.orDie)

/**
 * The rows that price a ticket cart. Issue 16: a cart may hold several showings (all at one location, checked by
 * the caller): each seat line is resolved on its own showing's seatplan and offered its own showing's ticket
 * groups; the booking fees are the location's.
 */
export const loadPricingFacts = Effect.fn("CommitFacts.pricing")(function* (
  cart: CommitCart,
  presentations: ReadonlyArray<CommitPresentation>,
  cartToken: string,
) {
  const first = presentations[0] as CommitPresentation
  const seatplanOf = new Map(presentations.map((p) => [p.id, p.seatplanId ?? -1]))
  const sql = yield* SqlClient.SqlClient
  const ticketIds = [...new Set(cart.seats.map((line) => line.ticket.ticketId))]
  const tickets = yield* sql.unsafe<TicketFacts>(
    `SELECT id, ticket_group_id AS "groupId", price_agorot AS price, service_charge_agorot AS "serviceCharge",
       max_per_order AS "maxPerOrder", min_per_order AS "minPerOrder", requires_ticket_id AS "requiresTicketId",
       is_member_only AS "isMemberOnly", requires_reference AS "requiresReference"
     FROM tickets WHERE is_active AND id = ANY ($1::integer[])`,
    [intArray(ticketIds)],
  )
  const groups = yield* sql.unsafe<{ presentationId: number; sectionId: number | null; groupId: number }>(
    `SELECT presentation_id AS "presentationId", section_id AS "sectionId", ticket_group_id AS "groupId"
     FROM presentation_ticket_groups_effective WHERE presentation_id = ANY ($1::integer[])
     UNION ALL -- a partner's price list on the showings it offers (issue 19: src/server/miniSite/commitReferral.ts)
     SELECT msp.presentation_id, NULL, ms.ticket_group_id FROM mini_site_presentations msp
     JOIN mini_sites ms ON ms.id = msp.mini_site_id WHERE msp.presentation_id = ANY ($1::integer[])`,
    [intArray(presentations.map((p) => p.id))],
  )
  const groupsByPresentation = new Map<number, Map<number | null, Set<number>>>(
    presentations.map((p) => [p.id, new Map()]),
  )
  for (const g of groups) {
    const bySection = groupsByPresentation.get(g.presentationId) as Map<number | null, Set<number>>
    bySection.set(g.sectionId, (bySection.get(g.sectionId) ?? new Set()).add(g.groupId))
  }

  const resolved = yield* sql.unsafe<{
    idx: number
    sectionId: number
    isReserved: boolean
    seatId: number | null
    defaultGroupId: number | null
    x: number
    y: number
    capacity: number
    isPremium: boolean | null
  }>(
    `SELECT i.idx::int AS idx, vs.id AS "sectionId", vs.is_reserved AS "isReserved", s.id AS "seatId",
       s.default_ticket_group_id AS "defaultGroupId", i.x, i.y, vs.capacity, s.is_premium AS "isPremium"
     FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::integer[])
       WITH ORDINALITY AS i (section_id, x, y, seatplan_id, idx)
     JOIN venue_sections vs ON vs.id = i.section_id AND vs.seatplan_id = i.seatplan_id
     LEFT JOIN seats s ON vs.is_reserved AND s.seatplan_id = i.seatplan_id AND s.section_id = i.section_id
       AND s.seat_index = i.x AND s.row_index = i.y`,
    [
      intArray(cart.seats.map((l) => l.ticket.sectionId)),
      intArray(cart.seats.map((l) => l.XCoordinate)),
      intArray(cart.seats.map((l) => l.YCoordinate)),
      intArray(cart.seats.map((l) => seatplanOf.get(l.ticket.prsntId) ?? -1)),
    ],
  )
  const seats: Array<ResolvedSeat | undefined> = cart.seats.map(() => undefined)
  for (const row of resolved) {
    const seat: ResolvedSeat | undefined = row.isReserved
      ? row.seatId === null
        ? undefined
        : {
            seatId: row.seatId,
            gaSlot: null,
            sectionId: row.sectionId,
            defaultGroupId: row.defaultGroupId,
            isPremium: row.isPremium === true,
          }
      : row.y === 0 && row.x >= 0 && row.x < row.capacity
        ? { seatId: null, gaSlot: row.x, sectionId: row.sectionId, defaultGroupId: null }
        : undefined
    seats[row.idx - 1] = seat
  }

  const discountIds = [
    ...new Set(
      cart.seats.flatMap((line) => (line.ticket.discountId === null ? [] : [line.ticket.discountId])),
    ),
  ]
  const discountRows =
    discountIds.length === 0
      ? []
      : yield* sql.unsafe<{
          discountId: number
          code: string
          percentBasisPoints: number | null
          amountOff: number | null
          ticketIds: ReadonlyArray<number> | null
          minTickets: number
        }>(
          `SELECT id AS "discountId", code, percent_bp AS "percentBasisPoints", amount_agorot AS "amountOff",
             ticket_ids AS "ticketIds", min_tickets AS "minTickets"
           FROM discount_codes
           WHERE id = ANY ($1::integer[]) AND is_active
             AND (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date BETWEEN starts_on AND ends_on
             AND (max_uses IS NULL OR used_count < max_uses)`,
          [intArray(discountIds)],
        )
  const discounts = new Map<number, DiscountRule>(discountRows.map((d) => [d.discountId, d]))

  const products = yield* loadProductPrices(cart.products.map((p) => p.id))
  const orderCharges = yield* sql<OrderCharge>`
    SELECT amount_agorot AS amount, percent_bp AS "percentBasisPoints", applies_per AS "appliesPer"
    FROM service_charges
    WHERE kind = 'booking' AND (location_id IS NULL OR location_id = ${first.locationId})
    ORDER BY id`

  const benefits = yield* loadBenefitFacts(cart, tickets, cartToken)
  const facts: PricingFacts = {
    tickets: new Map(tickets.map((t) => [t.id, t])),
    groupsByPresentation,
    seats,
    discounts,
    products,
    orderCharges,
    ...benefits,
  }
  return facts
}, Effect.orDie)

/**
 * The ticket vouchers, members (of member-only tickets and of points paying a ticket) and reference options the
 * seat lines name (spec §5), read without locks: the
 * commit's transaction spends them with conditional updates, so a concurrent commit cannot overspend them.
 */
const loadBenefitFacts = Effect.fn("CommitFacts.benefits")(function* (
  cart: CommitCart,
  tickets: ReadonlyArray<TicketFacts>,
  cartToken: string,
) {
  const sql = yield* SqlClient.SqlClient
  const today = sql.literal("(marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date")
  const references = [
    ...new Set(
      cart.seats.flatMap((l) => (l.ticket.systemVoucher === undefined ? [] : [l.ticket.systemVoucher])),
    ),
  ].map((r) => r.trim().toUpperCase())
  const voucherRows =
    references.length === 0
      ? []
      : yield* sql<TicketVoucherFacts & { reference: string }>`
          SELECT id::float8 AS id, upper(reference) AS reference, status = 'active' AS active,
            ${today} BETWEEN starts_on AND ends_on AS valid, tickets_left AS "ticketsLeft"
          FROM system_vouchers WHERE upper(reference) IN ${sql.in(references)}`
  const numbers = [
    ...new Set(
      cart.seats.flatMap((l) => (l.ticket.memberNumber === undefined ? [] : [l.ticket.memberNumber.trim()])),
    ),
  ]
  // a punch card (membership type 2) pays with its entries; a club membership has no count
  const memberRows =
    numbers.length === 0
      ? []
      : yield* sql<MemberFacts & { memberNumber: string }>`
          SELECT m.id, m.member_number AS "memberNumber",
            -- issue 14: points and member-only tickets only for a member this cart proved (loyalty login, or the
            -- member-only ticket's own check with the holder's ID number)
            EXISTS (SELECT 1 FROM cart_loyalty_members p WHERE p.cart_token = ${cartToken} AND p.member_id = m.id)
              AS "provenInCart",
            -- this cart's unpaid order is voided by this commit, in its transaction: its points count as here
            m.points_balance + coalesce((
              SELECT sum(st.loyalty_points) FROM sold_tickets st JOIN reservations r ON r.id = st.reservation_id
              WHERE st.member_id = m.id AND st.cancelled_at IS NULL AND r.cart_token = ${cartToken}
                AND r.payment_status = 'awaitingPayment'), 0)::int AS "pointsBalance",
            ${today} BETWEEN m.start_date AND m.end_date AS valid,
            m.allow_member_sale_tickets AS "allowMemberSaleTickets",
            CASE WHEN ms.membership_type_id = 2 THEN m.balance END AS balance
          FROM members m JOIN memberships ms ON ms.id = m.membership_id
          WHERE m.member_number IN ${sql.in(numbers)}`
  const referenceTickets = tickets.filter((t) => t.requiresReference).map((t) => t.id)
  const optionRows =
    referenceTickets.length === 0
      ? []
      : yield* sql.unsafe<ReferenceOptionFacts & { ticketId: number; reference1: string }>(
          `SELECT id, ticket_id AS "ticketId", upper(reference1) AS reference1, quantity - used AS left
           FROM ticket_reference_options WHERE ticket_id = ANY ($1::integer[])`,
          [intArray(referenceTickets)],
        )
  const referenceOptions = new Map<number, Map<string, ReferenceOptionFacts>>()
  for (const { ticketId, reference1, ...option } of optionRows)
    referenceOptions.set(ticketId, (referenceOptions.get(ticketId) ?? new Map()).set(reference1, option))
  return {
    ticketVouchers: new Map(voucherRows.map(({ reference, ...v }) => [reference, v])),
    members: new Map(memberRows.map(({ memberNumber, ...m }) => [memberNumber, m])),
    referenceOptions,
  }
})

export interface VoucherFacts {
  readonly id: number
  readonly reference: string
  readonly classId: number
  readonly balance: number | null
  readonly active: boolean
  readonly valid: boolean
  readonly benefitName: string
  readonly endsOn: string
}

/** A system voucher by the reference the buyer typed; validity in Asia/Jerusalem days, by the database clock. */
export const loadVoucher = Effect.fn("CommitFacts.voucher")(function* (reference: string) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<VoucherFacts>`
    SELECT v.id::float8 AS id, v.reference, v.system_voucher_class_id AS "classId", v.balance_agorot AS balance,
      v.status = 'active' AS active,
      (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date BETWEEN v.starts_on AND v.ends_on AS valid,
      coalesce(c.name->>'en', c.name->>'he', '') AS "benefitName", v.ends_on::text AS "endsOn"
    FROM system_vouchers v JOIN system_voucher_classes c ON c.id = v.system_voucher_class_id
    WHERE upper(v.reference) = upper(${reference.trim()})`
  return Option.fromNullishOr(rows[0])
}, Effect.orDie)

/** The price of each named product that is on sale (product id → agorot); a product not sold is absent. */
export const loadProductPrices = Effect.fn("CommitFacts.productPrices")(function* (
  ids: ReadonlyArray<number>,
) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql.unsafe<{ id: number; price: number }>(
    `SELECT id, price_agorot AS price FROM products WHERE is_active AND id = ANY ($1::integer[])`,
    [intArray([...new Set(ids)])],
  )
  return new Map(rows.map((p) => [p.id, p.price])) as ReadonlyMap<number, number>
}, Effect.orDie)

/**
 * Whether the customer holds a membership valid today (Asia/Jerusalem days, by the database clock): spec §5,
 * only such a customer may hold seats unpaid.
 */
export const hasActiveMembership = Effect.fn("CommitFacts.activeMembership")(function* (customerId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ ok: boolean }>`
    SELECT EXISTS (SELECT 1 FROM members m WHERE m.customer_id = ${customerId}
      AND (marquee_now() AT TIME ZONE 'Asia/Jerusalem')::date BETWEEN m.start_date AND m.end_date) AS ok`
  return rows[0]?.ok === true
}, Effect.orDie)
