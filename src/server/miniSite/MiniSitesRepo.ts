import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { PartnerPrice } from "../../api/MiniSiteApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { localized } from "../localized.ts"

export interface Partner {
  readonly id: number
  readonly url: string
  readonly ticketGroupId: number
}

export interface ReferenceRow {
  readonly ticketId: number
  readonly reference1: string
  readonly balance: number
}

/** How long an accepted integration link's id is good for (our choice: an evening's order, with time to spare). */
export const INTEGRATION_HOURS = 6

/** The SQL of partners, their showings and references, and integration ids (src/server/miniSite/README.md). */
export class MiniSitesRepo extends Context.Service<
  MiniSitesRepo,
  {
    readonly byUrl: (url: string) => Effect.Effect<Option.Option<Partner>>
    readonly name: (id: number, lang: LocaleCode) => Effect.Effect<string>
    readonly prices: (partner: Partner, lang: LocaleCode) => Effect.Effect<ReadonlyArray<PartnerPrice>>
    readonly offers: (partner: Partner, presentationId: number) => Effect.Effect<boolean>
    /** the partner's reference among its own tickets (`ticketId` one of them, or any of them) */
    readonly reference: (
      partner: Partner,
      ticketId: number | undefined,
      reference1: string,
    ) => Effect.Effect<Option.Option<ReferenceRow>>
    /** the partners that sign integration links, with their secrets */
    readonly signers: Effect.Effect<ReadonlyArray<{ readonly id: number; readonly secret: string }>>
    readonly recordIntegration: (row: {
      readonly id: string
      readonly partnerId: number
      readonly ret: string
      readonly ts: number
    }) => Effect.Effect<void>
    /** an integration id that is known and not lapsed by the server's clock */
    readonly liveIntegration: (id: string) => Effect.Effect<Option.Option<{ readonly partnerId: number }>>
    /** the name of the showing's cinema when it is offline for sales (`locations.is_online` false) */
    readonly offlineLocation: (
      presentationId: number,
      lang: LocaleCode,
    ) => Effect.Effect<Option.Option<string>>
    /** the order came through this partner and / or integration link: set once, by the commit */
    readonly recordReferral: (
      reservationId: number,
      partnerId: number | null,
      integrationId: string | null,
    ) => Effect.Effect<void>
  }
>()("marquee/miniSite/MiniSitesRepo") {
  static readonly layer = Layer.effect(
    MiniSitesRepo,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const byUrl = Effect.fn("MiniSitesRepo.byUrl")(function* (url: string) {
        const rows = yield* sql<Partner>`
          SELECT id, url, ticket_group_id AS "ticketGroupId" FROM mini_sites WHERE url = ${url} AND is_active`
        return Option.fromNullishOr(rows[0])
      }, Effect.orDie)
      const name = Effect.fn("MiniSitesRepo.name")(function* (id: number, lang: LocaleCode) {
        const rows = yield* sql<{ name: string }>`
          SELECT ${localized(sql, "name", lang)} AS name FROM mini_sites WHERE id = ${id}`
        return rows[0]?.name ?? ""
      }, Effect.orDie)
      const prices = Effect.fn("MiniSitesRepo.prices")(function* (partner: Partner, lang: LocaleCode) {
        return yield* sql<PartnerPrice>`
          SELECT id AS "ticketId", ${localized(sql, "name", lang)} AS name, price_agorot AS price
          FROM tickets WHERE ticket_group_id = ${partner.ticketGroupId} AND is_active ORDER BY sort_order, id`
      }, Effect.orDie)
      const offers = Effect.fn("MiniSitesRepo.offers")(function* (partner: Partner, presentationId: number) {
        const rows = yield* sql`
          SELECT 1 FROM mini_site_presentations WHERE mini_site_id = ${partner.id} AND presentation_id = ${presentationId}`
        return rows.length > 0
      }, Effect.orDie)
      const reference = Effect.fn("MiniSitesRepo.reference")(function* (
        partner: Partner,
        ticketId: number | undefined,
        reference1: string,
      ) {
        // only the partner's own tickets: another partner's reference is not found here
        const rows = yield* sql<ReferenceRow>`
          SELECT o.ticket_id AS "ticketId", o.reference1, greatest(0, o.quantity - o.used)::int AS balance
          FROM ticket_reference_options o JOIN tickets t ON t.id = o.ticket_id
          WHERE t.ticket_group_id = ${partner.ticketGroupId} AND t.is_active
            AND (${ticketId ?? null}::int IS NULL OR o.ticket_id = ${ticketId ?? null})
            AND upper(o.reference1) = upper(${reference1})
          ORDER BY t.sort_order, t.id LIMIT 1`
        return Option.fromNullishOr(rows[0])
      }, Effect.orDie)
      const signers = sql<{ id: number; secret: string }>`
        SELECT id, integration_secret AS secret FROM mini_sites
        WHERE is_active AND integration_secret IS NOT NULL ORDER BY id`.pipe(Effect.orDie)
      const recordIntegration = Effect.fn("MiniSitesRepo.recordIntegration")(function* (row: {
        readonly id: string
        readonly partnerId: number
        readonly ret: string
        readonly ts: number
      }) {
        yield* sql`
          INSERT INTO integrations (id, mini_site_id, ret, link_ts, created_at, expires_at)
          VALUES (${row.id}, ${row.partnerId}, ${row.ret}, ${row.ts}, marquee_now(),
            marquee_now() + make_interval(hours => ${INTEGRATION_HOURS}))`
      }, Effect.orDie)
      const liveIntegration = Effect.fn("MiniSitesRepo.liveIntegration")(function* (id: string) {
        const rows = yield* sql<{ partnerId: number }>`
          SELECT mini_site_id AS "partnerId" FROM integrations WHERE id = ${id} AND expires_at > marquee_now()`
        return Option.fromNullishOr(rows[0])
      }, Effect.orDie)
      const offlineLocation = Effect.fn("MiniSitesRepo.offlineLocation")(function* (
        presentationId: number,
        lang: LocaleCode,
      ) {
        const rows = yield* sql<{ name: string }>`
          SELECT ${localized(sql, "l.name", lang)} AS name
          FROM presentations p JOIN venues v ON v.id = p.venue_id JOIN locations l ON l.id = v.location_id
          WHERE p.id = ${presentationId} AND NOT l.is_online`
        return Option.fromNullishOr(rows[0]?.name)
      }, Effect.orDie)
      const recordReferral = Effect.fn("MiniSitesRepo.recordReferral")(function* (
        reservationId: number,
        partnerId: number | null,
        integrationId: string | null,
      ) {
        if (partnerId === null && integrationId === null) return
        yield* sql`
          UPDATE reservations SET referral_mini_site_id = ${partnerId}, integration_id = ${integrationId}
          WHERE id = ${reservationId}`
      }, Effect.orDie)
      return MiniSitesRepo.of({
        byUrl,
        name,
        prices,
        offers,
        reference,
        signers,
        recordIntegration,
        liveIntegration,
        offlineLocation,
        recordReferral,
      })
    }),
  )
}
