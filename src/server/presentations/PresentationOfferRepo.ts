import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { Product, ServiceCharge, Ticket, TicketGroup } from "../../api/PresentationEntities.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"

export interface PresentationOffer {
  readonly ticketGroups: ReadonlyArray<TicketGroup>
  readonly serviceCharge: ReadonlyArray<ServiceCharge>
  readonly products: ReadonlyArray<Product>
}

interface TicketRow extends Ticket {
  readonly groupId: number
  readonly groupName: string
  readonly sectionId: number | null
}

/** Rows arrive ordered by group; fold them into groups, keeping that order. */
const groupTickets = (rows: ReadonlyArray<TicketRow>): ReadonlyArray<TicketGroup> => {
  const groups = new Map<string, { group: TicketGroup; tickets: Array<Ticket> }>()
  for (const { groupId, groupName, sectionId, ...ticket } of rows) {
    const key = `${groupId}:${sectionId ?? ""}`
    let entry = groups.get(key)
    if (entry === undefined) {
      const tickets: Array<Ticket> = []
      entry = { group: { id: groupId, name: groupName, sectionId, tickets, seatModifiers: [] }, tickets }
      groups.set(key, entry)
    }
    entry.tickets.push(ticket)
  }
  return [...groups.values()].map((entry) => entry.group)
}

/**
 * What can be bought for one presentation: its ticket groups (the presentation's own, else its venue's)
 * with active prices, the booking fees of its location, and the products on sale — 3D glasses only
 * for a 3D showing.
 */
export class PresentationOfferRepo extends Context.Service<
  PresentationOfferRepo,
  {
    readonly forPresentation: (id: number, lang: LocaleCode) => Effect.Effect<PresentationOffer>
    readonly groupIdByCode: (code: string) => Effect.Effect<Option.Option<number>>
    readonly ticketGroup: (groupId: number, lang: LocaleCode) => Effect.Effect<ReadonlyArray<TicketGroup>>
  }
>()("marquee/presentations/PresentationOfferRepo") {
  static readonly layer = Layer.effect(
    PresentationOfferRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const ticketColumns = (lang: LocaleCode) => sql`
        tg.id AS "groupId", ${localized(sql, "tg.name", lang)} AS "groupName",
        t.id, t.id AS "ticketId", ${localized(sql, "t.name", lang)} AS name, t.price_agorot AS price,
        t.service_charge_agorot AS "serviceCharge", t.price_policy_id AS "pricePolicyId",
        t.multiply_factor AS "multiplyFactor", t.is_member_only AS "isMemberOnly",
        t.requires_reference AS "requiresReference", t.is_senior AS "isSenior",
        t.includes_3d_glasses AS "includes3DGlasses", t.min_per_order AS "minPerOrder",
        t.max_per_order AS "maxPerOrder", t.requires_ticket_id AS "requiresTicketId"`
      const forPresentation = Effect.fn("PresentationOfferRepo.forPresentation")(function* (
        id: number,
        lang: LocaleCode,
      ) {
        const tickets = yield* sql<TicketRow>`
          SELECT ${ticketColumns(lang)}, e.section_id AS "sectionId"
          FROM presentation_ticket_groups_effective e
          JOIN ticket_groups tg ON tg.id = e.ticket_group_id
          JOIN tickets t ON t.ticket_group_id = tg.id AND t.is_active
          WHERE e.presentation_id = ${id}
          ORDER BY e.sort_order, tg.sort_order, tg.id, e.section_id NULLS FIRST, t.sort_order, t.id`
        const serviceCharge = yield* sql<ServiceCharge>`
          SELECT sc.id, ${localized(sql, "sc.name", lang)} AS name, sc.amount_agorot AS amount,
            sc.percent_bp AS "percentBasisPoints", sc.applies_per AS "appliesPer", sc.is_refundable AS "isRefundable"
          FROM service_charges sc
          JOIN presentations p ON p.id = ${id}
          JOIN venues v ON v.id = p.venue_id
          WHERE sc.kind = 'booking' AND (sc.location_id IS NULL OR sc.location_id = v.location_id)
          ORDER BY sc.id`
        const products = yield* sql<Product>`
          SELECT pr.id, ${localized(sql, "pr.name", lang)} AS name, pr.category, pr.price_agorot AS price,
            pr.is_delivery_required AS "isDeliveryRequired", pr.is_3d_glasses AS "is3DGlasses", pr.image_key AS img
          FROM products pr
          JOIN presentations p ON p.id = ${id}
          JOIN features f ON f.id = p.feature_id
          WHERE pr.is_active AND (NOT pr.is_3d_glasses OR p.is_3d OR f.is_3d)
          ORDER BY pr.sort_order, pr.id`
        return { ticketGroups: groupTickets(tickets), serviceCharge, products }
      }, Effect.orDie)
      const groupIdByCode = Effect.fn("PresentationOfferRepo.groupIdByCode")(function* (code: string) {
        const rows = yield* sql<{ id: number }>`SELECT id FROM ticket_groups WHERE code = ${code}`
        return Option.fromNullishOr(rows[0]?.id)
      }, Effect.orDie)
      /** one ticket group alone, for every section: a partner's price list (src/server/miniSite) */
      const ticketGroup = Effect.fn("PresentationOfferRepo.ticketGroup")(function* (
        groupId: number,
        lang: LocaleCode,
      ) {
        const tickets = yield* sql<TicketRow>`
          SELECT ${ticketColumns(lang)}, NULL::int AS "sectionId"
          FROM ticket_groups tg JOIN tickets t ON t.ticket_group_id = tg.id AND t.is_active
          WHERE tg.id = ${groupId}
          ORDER BY t.sort_order, t.id`
        return groupTickets(tickets)
      }, Effect.orDie)
      return PresentationOfferRepo.of({ forPresentation, groupIdByCode, ticketGroup })
    }),
  )
}
