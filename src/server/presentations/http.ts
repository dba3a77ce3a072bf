import { DateTime, Effect, Layer, Option } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { EventNotFound, ProductNotFound } from "../../api/PresentationsApi.ts"
import { CurrentCart, CurrentCustomerIfAny } from "../../api/sessions.ts"
import { type LocaleCode, parseIdList } from "../../api/shared.ts"
import { LoyaltyLoginLimited, LoyaltyLoginOff, TicketCodeRefused } from "../../api/TicketCodesApi.ts"
import { firstTicket } from "../../domain/pricing/firstTicket.ts"
import { LoyaltyLoginConfig } from "../config/siteConfig.ts"
import { cacheForADay } from "../http/pictureCache.ts"
import { clientOf, type Limit, takeFromLimits } from "../limits/RateLimits.ts"
import { MiniSitesRepo } from "../miniSite/MiniSitesRepo.ts"
import { partnerOf, partnerTicketGroups } from "../miniSite/partnerScope.ts"
import { presentationRequiresWaiver } from "../waiver/WaiverRepo.ts"
import { PresentationOfferRepo } from "./PresentationOfferRepo.ts"
import { PresentationsRepo } from "./PresentationsRepo.ts"
import { productImageSvg } from "./productImage.ts"
import { TicketCodes } from "./TicketCodes.ts"

/**
 * Loyalty logins (issue 14, item 1): a member number with an ID number is a secret pair, so guessing it is limited,
 * {@link LOGINS_PER_MEMBER} tries per member number in 10 minutes and {@link LOGINS_PER_CLIENT} per client in an
 * hour; every try counts, the right ones too.
 */
export const LOGINS_PER_MEMBER = 5
export const LOGINS_PER_CLIENT = 20

const loyaltyLoginLimits = (memberNumber: string, client: string): ReadonlyArray<Limit> => [
  { key: `loyaltyLogin:member:${memberNumber}`, limit: LOGINS_PER_MEMBER, windowSeconds: 600 },
  { key: `loyaltyLogin:client:${client}`, limit: LOGINS_PER_CLIENT, windowSeconds: 3600 },
]

export const PresentationsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "presentations",
  Effect.fn(function* (handlers) {
    const repo = yield* PresentationsRepo
    const offers = yield* PresentationOfferRepo
    const codes = yield* TicketCodes
    const sql = yield* SqlClient.SqlClient
    const loyaltyLogin = yield* LoyaltyLoginConfig
    const miniSites = yield* MiniSitesRepo
    /** the showing's offer as this call's partner (if any) sells it; issue 19, src/server/miniSite/README.md */
    const scopedOffer = (id: number, query: Parameters<typeof partnerOf>[1], lang: LocaleCode) =>
      Effect.gen(function* () {
        const partner = yield* partnerOf(id, query, lang)
        const offer = yield* offers.forPresentation(id, lang)
        const ticketGroups = yield* partnerTicketGroups(offer, partner, (group) =>
          offers.ticketGroup(group, lang),
        )
        return { ...offer, ticketGroups }
      }).pipe(Effect.provideService(MiniSitesRepo, miniSites))
    return handlers
      .handle("list", ({ query }) =>
        repo
          .listUpcoming({
            featureIds: parseIdList(query.featureIds),
            locationId: query.locationId,
            lang: query.lang ?? "he",
            ...(query.miniSiteUrl === undefined ? {} : { miniSiteUrl: query.miniSiteUrl }),
          })
          .pipe(
            Effect.map((presentations) => ({
              presentations,
              hasReserved: presentations.some((p) => p.hasReservedSection),
              hasGA: presentations.some((p) => p.hasGASection),
            })),
          ),
      )
      .handle("get", ({ params, query }) =>
        Effect.gen(function* () {
          const lang = query.lang ?? "he"
          const found = yield* repo.findById(params.id, lang)
          if (Option.isNone(found)) return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* scopedOffer(params.id, query, lang)
          const now = yield* DateTime.now
          const requiresWaiver = yield* presentationRequiresWaiver(params.id)
          return { presentation: found.value, ...offer, serverTime: DateTime.formatIso(now), requiresWaiver }
        }),
      )
      .handle("ticketGroups", ({ params, query }) =>
        Effect.gen(function* () {
          const lang = query.lang ?? "he"
          if (Option.isNone(yield* repo.findById(params.id, lang)))
            return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* scopedOffer(params.id, query, lang)
          return { ticketGroups: offer.ticketGroups, serviceCharge: offer.serviceCharge }
        }),
      )
      .handle("firstTicket", ({ params, query }) =>
        Effect.gen(function* () {
          const lang = query.lang ?? "he"
          if (Option.isNone(yield* repo.findById(params.id, lang)))
            return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* scopedOffer(params.id, query, lang)
          // a ticket code names a ticket group (a partner's or a promotion's); one we do not sell here is unknown
          let ticketGroupId = query.ticketGroupId
          if (query.ticketCode !== undefined) {
            const group = yield* offers.groupIdByCode(query.ticketCode)
            if (Option.isNone(group) || !offer.ticketGroups.some((g) => g.id === group.value))
              return { ticket: null, ticketGroupId: null, msg: "codeNotFound" as const }
            ticketGroupId = group.value
          }
          const found = firstTicket(offer.ticketGroups, {
            sectionId: query.sectionId,
            ticketGroupId,
            ticketId: query.ticketId,
            ignoreTicketIds: parseIdList(query.ignoreTicketIds),
          })
          return found._tag === "Found"
            ? { ticket: found.ticket, ticketGroupId: found.ticketGroupId, msg: null }
            : { ticket: null, ticketGroupId: null, msg: "ticketNotFound" as const }
        }),
      )
      .handle("ticketCode", ({ params, query }) =>
        Effect.gen(function* () {
          const lang = query.lang ?? "he"
          if (Option.isNone(yield* repo.findById(params.id, lang)))
            return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* offers.forPresentation(params.id, lang)
          return yield* codes.lookup(
            query.code,
            offer.ticketGroups.map((group) => group.id),
            parseIdList(query.ticketIds) ?? [],
            lang,
          )
        }),
      )
      .handle("ticketEligibility", ({ params, query, headers, request }) =>
        Effect.gen(function* () {
          // it may echo the ID number typed: a personal answer no cache keeps (issue 15)
          yield* HttpEffect.appendPreResponseHandler((_request, response) =>
            Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
          )
          const memberSsn = headers["x-member-ssn"]
          if (Option.isNone(yield* repo.findById(params.id, "he")))
            return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* scopedOffer(params.id, { miniSiteUrl: query.miniSiteUrl }, "he")
          const ticket = offer.ticketGroups
            .flatMap((group) => group.tickets)
            .find((candidate) => candidate.id === query.ticketId)
          if (ticket === undefined) return yield* new TicketCodeRefused({ msg: "ticketNotFound" })
          if (ticket.isMemberOnly && memberSsn !== undefined) {
            // a member number with an ID number is the loyalty login's secret pair: its guesses share its limits
            const memberNumber = (query.memberNumber ?? "").trim().slice(0, 32)
            const limits = loyaltyLoginLimits(memberNumber, clientOf(request.remoteAddress))
            if (!(yield* takeFromLimits(limits).pipe(Effect.provideService(SqlClient.SqlClient, sql))))
              return yield* new LoyaltyLoginLimited({ error: "loyaltyLoginLimited" })
          }
          const cart = yield* CurrentCart
          const customer = yield* CurrentCustomerIfAny
          return yield* codes.eligibility(
            ticket,
            { ...query, memberSsn, ssn: headers["x-ssn"] },
            {
              cartToken: cart.token,
              customerId: Option.getOrUndefined(customer)?.customerId,
            },
          )
        }),
      )
      .handle("loyaltyMember", ({ params, query, headers, request }) =>
        Effect.gen(function* () {
          // the member's name and points: a personal answer no cache keeps (issue 15)
          yield* HttpEffect.appendPreResponseHandler((_request, response) =>
            Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
          )
          if (!loyaltyLogin) return yield* new LoyaltyLoginOff({ error: "loyaltyLoginOff" })
          if (Option.isNone(yield* repo.findById(params.id, "he")))
            return yield* new EventNotFound({ error: "noEventFound" })
          const memberNumber = query.memberNumber.trim().slice(0, 32)
          const limits = loyaltyLoginLimits(memberNumber, clientOf(request.remoteAddress))
          if (!(yield* takeFromLimits(limits).pipe(Effect.provideService(SqlClient.SqlClient, sql))))
            return yield* new LoyaltyLoginLimited({ error: "loyaltyLoginLimited" })
          const cart = yield* CurrentCart
          const customer = yield* CurrentCustomerIfAny
          return yield* codes.loyaltyMember(
            {
              memberNumber,
              ssn: headers["x-member-ssn"],
              customerId: Option.getOrUndefined(customer)?.customerId,
              cartToken: cart.token,
            },
            query.lang ?? "he",
          )
        }),
      )
      .handle("productImage", ({ params }) =>
        Effect.gen(function* () {
          // its own picture when `images` holds one under its key (the demo's, issue 19), else its category's
          const rows = yield* sql<{ category: string; name: string; body: string | null }>`
            SELECT p.category, p.name->>'en' AS name, i.body
            FROM products p LEFT JOIN images i ON i.key = p.image_key
            WHERE p.id = ${params.id}`.pipe(Effect.orDie)
          const product = rows[0]
          if (product === undefined) return yield* new ProductNotFound({ error: "productNotFound" })
          yield* cacheForADay
          return product.body ?? productImageSvg(product.category, product.name)
        }),
      )
  }),
).pipe(
  Layer.provide([
    PresentationsRepo.layer,
    PresentationOfferRepo.layer,
    TicketCodes.layer,
    MiniSitesRepo.layer,
  ]),
)
