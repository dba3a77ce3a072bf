import { Context, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { ReferenceOption, TicketAgentRow, TicketRefAgent } from "../../api/StaffReferencesApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"
import { chainDayBounds } from "../time.ts"

/**
 * Ticket-reference administration (spec §7 TicketReferencePromptAdmin…), SQL only. Every statement takes the
 * business ids `scope.ts` allowed and filters `ticket_reference_options.business_id` by them, and sales also by
 * the order's business: a reference or a sale of another business is never read, counted or written.
 * A reference's sales are the paid, live tickets sold with it (`sold_tickets.reference1`, matched like the shop
 * matches it: same ticket, reference1 without regard to case).
 */

export interface SalesWindow {
  readonly businessIds: ReadonlyArray<number>
  readonly firstDate: string
  readonly days: number
  /** 1: by the show's date, 2: by the purchase's */
  readonly dateType: "1" | "2"
  /** 0: one row per reference and presentation, 1: per order, ticket and presentation */
  readonly detailLevel: "0" | "1"
  readonly customerId?: number | undefined
}

export interface QuantityEdit {
  readonly businessIds: ReadonlyArray<number>
  readonly staffUserId: number
  readonly priceId: number
  readonly priceRowId: number
  readonly reference: string
  /** undefined: keep the note as it is */
  readonly reference2: string | null | undefined
  readonly quantity: number
}

export type EditOutcome = "edited" | "notFound" | "belowUsed"

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

export class ReferencesRepo extends Context.Service<
  ReferencesRepo,
  {
    readonly agents: (businessIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<TicketRefAgent>>
    readonly options: (
      businessIds: ReadonlyArray<number>,
      lang: LocaleCode,
      only: { readonly customerId?: number | undefined; readonly priceRowId?: number | undefined },
    ) => Effect.Effect<ReadonlyArray<ReferenceOption>>
    readonly sales: (
      w: SalesWindow | { readonly businessIds: ReadonlyArray<number>; readonly priceRowId: number },
      lang: LocaleCode,
    ) => Effect.Effect<ReadonlyArray<TicketAgentRow>>
    readonly editQuantity: (edit: QuantityEdit) => Effect.Effect<EditOutcome>
    /** a paid, live order of these businesses with its e-ticket, by its number */
    readonly orderInScope: (
      businessIds: ReadonlyArray<number>,
      reservationNumber: string,
    ) => Effect.Effect<number | undefined>
  }
>()("marquee/staff/ReferencesRepo") {
  static readonly layer = Layer.effect(
    ReferencesRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const agentName = sql`nullif(trim(c.first_name || ' ' || c.last_name), '')`

      const agents = Effect.fn("ReferencesRepo.agents")(function* (businessIds: ReadonlyArray<number>) {
        if (businessIds.length === 0) return []
        return yield* sql<TicketRefAgent>`
          SELECT c.id AS "CustomerId", ${agentName} AS "Name", o.business_id AS "BusinessId",
            count(DISTINCT upper(o.reference1))::int AS "References"
          FROM ticket_reference_options o JOIN customers c ON c.id = o.agent_customer_id
          WHERE o.business_id IN ${sql.in(businessIds)}
          GROUP BY c.id, o.business_id ORDER BY "Name", c.id`
      }, Effect.orDie)

      const options = Effect.fn("ReferencesRepo.options")(function* (
        businessIds: ReadonlyArray<number>,
        lang: LocaleCode,
        only: { readonly customerId?: number | undefined; readonly priceRowId?: number | undefined },
      ) {
        if (businessIds.length === 0) return []
        const conditions: Array<Statement.Fragment> = [
          sql`o.business_id IN ${sql.in(businessIds)}`,
          ...(only.customerId === undefined ? [] : [sql`o.agent_customer_id = ${only.customerId}`]),
          ...(only.priceRowId === undefined ? [] : [sql`o.id = ${only.priceRowId}`]),
        ]
        return yield* sql<ReferenceOption>`
          SELECT 1 AS "PriceType", o.ticket_id AS "PriceId", o.id AS "PriceRowId", o.business_id AS "BusinessId",
            o.agent_customer_id AS "CustomerId", ${agentName} AS "AgentName",
            ${localized(sql, "t.name", lang)} AS "TicketName", o.reference1 AS "Reference1",
            o.reference2 AS "Reference2", o.quantity AS "Quantity", o.used AS "Used",
            (o.quantity - o.used) AS "Left", ${sql.literal(ISO("o.updated_at"))} AS "UpdatedAt"
          FROM ticket_reference_options o
          JOIN tickets t ON t.id = o.ticket_id
          LEFT JOIN customers c ON c.id = o.agent_customer_id
          WHERE ${sql.and(conditions)}
          ORDER BY "AgentName" NULLS LAST, o.reference1, "TicketName", o.id`
      }, Effect.orDie)

      const sales = Effect.fn("ReferencesRepo.sales")(function* (
        w: SalesWindow | { readonly businessIds: ReadonlyArray<number>; readonly priceRowId: number },
        lang: LocaleCode,
      ) {
        if (w.businessIds.length === 0) return []
        const conditions: Array<Statement.Fragment> = [
          sql`st.reference1 IS NOT NULL`,
          sql`st.cancelled_at IS NULL`,
          sql`r.payment_status = 'paid'`,
          sql`r.status = 'active'`,
          sql`r.business_id IN ${sql.in(w.businessIds)}`,
          sql`o.business_id IN ${sql.in(w.businessIds)}`,
        ]
        let detailed = true
        if ("priceRowId" in w) conditions.push(sql`o.id = ${w.priceRowId}`)
        else {
          const { from, to } = chainDayBounds(w.firstDate, w.days)
          const column = w.dateType === "1" ? sql`p.starts_at` : sql`r.purchased_at`
          conditions.push(sql`${column} >= ${from}::timestamptz`, sql`${column} < ${to}::timestamptz`)
          if (w.customerId !== undefined) conditions.push(sql`o.agent_customer_id = ${w.customerId}`)
          detailed = w.detailLevel === "1"
        }
        const grouping = detailed
          ? sql`r.id, st.ticket_id, st.presentation_id, o.id, st.reference2`
          : sql`st.ticket_id, st.presentation_id, o.id`
        return yield* sql<TicketAgentRow>`
          SELECT ${detailed ? sql`r.identifier || ':' || st.ticket_id || ':' || st.presentation_id || ':' || coalesce(st.reference2, '')` : sql`o.id || ':' || st.presentation_id`} AS "Key",
            min(o.agent_customer_id) AS "CustomerId", min(${agentName}) AS "AgentName",
            st.ticket_id AS "TicketId", min(${localized(sql, "t.name", lang)}) AS "TicketName",
            min(p.feature_id) AS "FeatureId", min(${localized(sql, "f.name", lang)}) AS "FeatureName",
            min(t.price_policy_id) AS "PricePolicyId", st.presentation_id AS "PresentationId",
            min(${sql.literal(ISO("p.starts_at"))}) AS "PresentationDateTime",
            min(f.category_id) AS "FeatureCategoryId", min(o.reference1) AS "Reference1",
            ${detailed ? sql`st.reference2` : sql`NULL::text`} AS "Reference2",
            ${detailed ? sql`min(r.identifier)` : sql`NULL::text`} AS "ReservationNumber",
            max(${sql.literal(ISO("r.purchased_at"))}) AS "PurchasedAt",
            count(*)::int AS "Quantity", coalesce(sum(st.price_agorot), 0)::int AS "AmountAgorot"
          FROM sold_tickets st
          JOIN reservations r ON r.id = st.reservation_id
          JOIN ticket_reference_options o ON o.ticket_id = st.ticket_id AND upper(o.reference1) = upper(st.reference1)
          JOIN tickets t ON t.id = st.ticket_id
          JOIN presentations p ON p.id = st.presentation_id
          JOIN features f ON f.id = p.feature_id
          LEFT JOIN customers c ON c.id = o.agent_customer_id
          WHERE ${sql.and(conditions)}
          GROUP BY ${grouping}
          ORDER BY "PurchasedAt" DESC, "Key"
          LIMIT 500`
      }, Effect.orDie)

      const editQuantity = Effect.fn("ReferencesRepo.editQuantity")(function* (edit: QuantityEdit) {
        if (edit.businessIds.length === 0) return "notFound" as const
        const which = sql.and([
          sql`id = ${edit.priceRowId}`,
          sql`ticket_id = ${edit.priceId}`,
          sql`upper(reference1) = upper(${edit.reference})`,
          sql`business_id IN ${sql.in(edit.businessIds)}`,
        ])
        // one statement: the row lock and `used <= quantity` are judged on the row as it is now, so a sale
        // taking the last tickets at the same moment cannot leave used above quantity
        const edited = yield* sql<{ id: number }>`
          UPDATE ticket_reference_options SET quantity = ${edit.quantity},
            reference2 = ${edit.reference2 === undefined ? sql`reference2` : sql`${edit.reference2}`},
            updated_at = marquee_now(), updated_by = ${edit.staffUserId}
          WHERE ${which} AND used <= ${edit.quantity}
          RETURNING id`
        if (edited.length > 0) return "edited" as const
        const there = yield* sql<{ id: number }>`SELECT id FROM ticket_reference_options WHERE ${which}`
        return there.length > 0 ? ("belowUsed" as const) : ("notFound" as const)
      }, Effect.orDie)

      const orderInScope = Effect.fn("ReferencesRepo.orderInScope")(function* (
        businessIds: ReadonlyArray<number>,
        reservationNumber: string,
      ) {
        if (businessIds.length === 0) return undefined
        const rows = yield* sql<{ id: number }>`
          SELECT id FROM reservations
          WHERE identifier = ${reservationNumber} AND business_id IN ${sql.in(businessIds)}
            AND payment_status = 'paid' AND status = 'active' AND document_key IS NOT NULL`
        return rows[0] === undefined ? undefined : Number(rows[0].id)
      }, Effect.orDie)

      return ReferencesRepo.of({ agents, options, sales, editQuantity, orderInScope })
    }),
  )
}
