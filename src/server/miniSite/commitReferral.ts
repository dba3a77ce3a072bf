import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { CommitFailed, type CommitFailureCode } from "../../api/CommitRefusals.ts"
import type { CommitRequest } from "../../api/PaymentApi.ts"
import { MiniSitesRepo } from "./MiniSitesRepo.ts"

/** Where an order came from, as the server checked it: what the commit stores with the order. */
export interface Referral {
  readonly partnerId: number | null
  readonly integrationId: string | null
}

const failed = (code: CommitFailureCode) =>
  new CommitFailed({ error: "lastCommit", message: "Error processing Transaction", code })

/**
 * The commit's partner rules (issue 19), before anything is written. The browser's word is checked, never taken:
 * - `miniSiteUrl` names an active partner that offers every showing of the order, and every ticket is one of the
 *   partner's own prices; the cart's `referralMiniSiteId`, when it names one, must be that partner
 *   (`miniSiteInvalid` otherwise);
 * - without a partner, no ticket may be a partner's price (`miniSiteInvalid`): its prices are its buyers' alone;
 * - `integrationId` is one the server gave out and has not lapsed (`integrationDataError`).
 */
export const checkReferral = Effect.fn("CommitReferral.check")(function* (request: CommitRequest) {
  const repo = yield* MiniSitesRepo
  const sql = yield* SqlClient.SqlClient
  const cart = request.cart
  const partner = request.miniSiteUrl === undefined ? Option.none() : yield* repo.byUrl(request.miniSiteUrl)
  if (request.miniSiteUrl !== undefined && Option.isNone(partner)) return yield* failed("miniSiteInvalid")
  const partnerId = Option.isSome(partner) ? partner.value.id : null
  if (cart.referralMiniSiteId !== null && cart.referralMiniSiteId !== partnerId)
    return yield* failed("miniSiteInvalid")
  const ticketIds = [...new Set(cart.seats.map((line) => line.ticket.ticketId))]
  const partnerTickets = yield* sql<{ ticketId: number; partnerId: number }>`
    SELECT t.id AS "ticketId", ms.id AS "partnerId" FROM tickets t
    JOIN mini_sites ms ON ms.ticket_group_id = t.ticket_group_id
    WHERE t.id IN ${sql.in(ticketIds.length === 0 ? [-1] : ticketIds)}`.pipe(Effect.orDie)
  if (Option.isNone(partner)) {
    if (partnerTickets.length > 0) return yield* failed("miniSiteInvalid")
  } else {
    const own = new Set(partnerTickets.filter((t) => t.partnerId === partnerId).map((t) => t.ticketId))
    if (cart.seats.length === 0 || ticketIds.some((id) => !own.has(id)))
      return yield* failed("miniSiteInvalid")
    for (const id of new Set(cart.seats.map((line) => line.ticket.prsntId)))
      if (!(yield* repo.offers(partner.value, id))) return yield* failed("miniSiteInvalid")
  }
  const integrationId = request.integrationId ?? null
  if (integrationId !== null && Option.isNone(yield* repo.liveIntegration(integrationId)))
    return yield* failed("integrationDataError")
  return { partnerId, integrationId } satisfies Referral
})
