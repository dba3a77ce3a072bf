import { Effect, Option } from "effect"
import type { TicketGroup } from "../../api/PresentationEntities.ts"
import { EventNotFound } from "../../api/PresentationsApi.ts"
import { IntegrationDataError, LocationOffline } from "../../api/partnerErrors.ts"
import type { LocaleCode } from "../../api/shared.ts"
import type { PresentationOffer } from "../presentations/PresentationOfferRepo.ts"
import { MiniSitesRepo, type Partner } from "./MiniSitesRepo.ts"

/** What a presentation call may carry besides its own parameters (spec §7). */
export interface PartnerParams {
  readonly miniSiteUrl?: string | undefined
  readonly integrationId?: string | undefined
}

const noEvent = new EventNotFound({ error: "noEventFound" })

/**
 * The spec's "location offline" for a showing whose cinema is offline for sales, the cinema named in `lang`. The
 * calls that hold or sell decide by the domain's `saleRefusalAt` and answer with this; the name is read only then.
 */
export const locationOfflineAnswer = Effect.fn("PartnerScope.locationOffline")(function* (
  presentationId: number,
  lang: LocaleCode,
) {
  const name = yield* (yield* MiniSitesRepo).offlineLocation(presentationId, lang)
  // back online since the caller looked: it is still refused this once, named as best we can
  return new LocationOffline({ error: "locationOffline", locationName: Option.getOrElse(name, () => "") })
})

/**
 * The checks every presentation call makes of what came with it, never trusting the browser: the showing's cinema
 * sells online (else `locationOffline`); a `miniSiteUrl` names an active partner that offers this showing (else
 * the showing is not found: a partner's buyers see only the partner's); an `integrationId` is one the server gave
 * out and has not lapsed. Answers the partner, if any.
 */
export const partnerOf = Effect.fn("PartnerScope.partnerOf")(function* (
  presentationId: number,
  params: PartnerParams,
  lang: LocaleCode,
) {
  const repo = yield* MiniSitesRepo
  const offline = yield* repo.offlineLocation(presentationId, lang)
  if (Option.isSome(offline))
    return yield* new LocationOffline({ error: "locationOffline", locationName: offline.value })
  if (params.integrationId !== undefined && Option.isNone(yield* repo.liveIntegration(params.integrationId)))
    return yield* new IntegrationDataError({ error: "integrationDataError" })
  if (params.miniSiteUrl === undefined) return Option.none<Partner>()
  const partner = yield* repo.byUrl(params.miniSiteUrl)
  if (Option.isNone(partner) || !(yield* repo.offers(partner.value, presentationId))) return yield* noEvent
  return partner
})

/** The offer a partner's buyer sees: the partner's own price list in place of the showing's ticket groups. */
export const partnerTicketGroups = (
  offer: PresentationOffer,
  partner: Option.Option<Partner>,
  partnerGroup: (groupId: number) => Effect.Effect<ReadonlyArray<TicketGroup>>,
): Effect.Effect<ReadonlyArray<TicketGroup>> =>
  Option.match(partner, {
    onNone: () => Effect.succeed(offer.ticketGroups),
    onSome: (p) => partnerGroup(p.ticketGroupId),
  })

/** Whether `miniSiteUrl` names an active partner that offers the showing (the seat calls' check). */
export const partnerOffersShowing = Effect.fn("PartnerScope.offersShowing")(function* (
  miniSiteUrl: string,
  presentationId: number,
) {
  const repo = yield* MiniSitesRepo
  const partner = yield* repo.byUrl(miniSiteUrl)
  return Option.isSome(partner) && (yield* repo.offers(partner.value, presentationId))
})
