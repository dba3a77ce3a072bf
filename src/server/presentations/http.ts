import { DateTime, Effect, Layer, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { EventNotFound, ProductNotFound, TicketCodeRefused } from "../../api/PresentationsApi.ts"
import { parseIdList } from "../../api/shared.ts"
import { firstTicket } from "../../domain/pricing/firstTicket.ts"
import { PresentationOfferRepo } from "./PresentationOfferRepo.ts"
import { PresentationsRepo } from "./PresentationsRepo.ts"
import { productImageSvg } from "./productImage.ts"
import { TicketCodes } from "./TicketCodes.ts"

export const PresentationsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "presentations",
  Effect.fn(function* (handlers) {
    const repo = yield* PresentationsRepo
    const offers = yield* PresentationOfferRepo
    const codes = yield* TicketCodes
    const sql = yield* SqlClient.SqlClient
    return handlers
      .handle("list", ({ query }) =>
        repo
          .listUpcoming({
            featureIds: parseIdList(query.featureIds),
            locationId: query.locationId,
            lang: query.lang ?? "he",
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
          const offer = yield* offers.forPresentation(params.id, lang)
          const now = yield* DateTime.now
          return { presentation: found.value, ...offer, serverTime: DateTime.formatIso(now) }
        }),
      )
      .handle("ticketGroups", ({ params, query }) =>
        Effect.gen(function* () {
          const lang = query.lang ?? "he"
          if (Option.isNone(yield* repo.findById(params.id, lang)))
            return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* offers.forPresentation(params.id, lang)
          return { ticketGroups: offer.ticketGroups, serviceCharge: offer.serviceCharge }
        }),
      )
      .handle("firstTicket", ({ params, query }) =>
        Effect.gen(function* () {
          const lang = query.lang ?? "he"
          if (Option.isNone(yield* repo.findById(params.id, lang)))
            return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* offers.forPresentation(params.id, lang)
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
      .handle("ticketEligibility", ({ params, query }) =>
        Effect.gen(function* () {
          if (Option.isNone(yield* repo.findById(params.id, "he")))
            return yield* new EventNotFound({ error: "noEventFound" })
          const offer = yield* offers.forPresentation(params.id, "he")
          const ticket = offer.ticketGroups
            .flatMap((group) => group.tickets)
            .find((candidate) => candidate.id === query.ticketId)
          if (ticket === undefined) return yield* new TicketCodeRefused({ msg: "ticketNotFound" })
          return yield* codes.eligibility(ticket, query)
        }),
      )
      .handle("loyaltyMember", ({ params, query }) =>
        Effect.gen(function* () {
          if (Option.isNone(yield* repo.findById(params.id, "he")))
            return yield* new EventNotFound({ error: "noEventFound" })
          return yield* codes.loyaltyMember(query.memberNumber, query.lang ?? "he")
        }),
      )
      .handle("productImage", ({ params }) =>
        Effect.gen(function* () {
          const rows = yield* sql<{ category: string; name: string }>`
            SELECT category, name->>'en' AS name FROM products WHERE id = ${params.id}`.pipe(Effect.orDie)
          const product = rows[0]
          if (product === undefined) return yield* new ProductNotFound({ error: "productNotFound" })
          return productImageSvg(product.category, product.name)
        }),
      )
  }),
).pipe(Layer.provide([PresentationsRepo.layer, PresentationOfferRepo.layer, TicketCodes.layer]))
