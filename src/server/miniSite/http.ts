import { randomBytes } from "node:crypto"
import { Clock, Effect, Layer, Option } from "effect"
import { HttpEffect, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { MiniSiteNotFound, ReferenceCheckLimited, ReferenceNotFound } from "../../api/MiniSiteApi.ts"
import { IntegrationDataError } from "../../api/partnerErrors.ts"
import { clientOf, type Limit, takeFromLimit } from "../limits/RateLimits.ts"
import { PresentationsRepo } from "../presentations/PresentationsRepo.ts"
import { linkSigner } from "./integrationLinks.ts"
import { MiniSitesRepo } from "./MiniSitesRepo.ts"

/**
 * Reference checks per partner and client (our choice): a buyer mistypes a few times, a script guessing
 * references is stopped. Counted in PostgreSQL with the other limits (src/server/limits/RateLimits.ts).
 */
export const REFERENCE_CHECKS_PER_CLIENT = 10
export const REFERENCE_CHECK_WINDOW_SECONDS = 600

const referenceLimit = (partnerId: number, client: string): Limit => ({
  key: `miniSiteValidate:${partnerId}:${client}`,
  limit: REFERENCE_CHECKS_PER_CLIENT,
  windowSeconds: REFERENCE_CHECK_WINDOW_SECONDS,
})

/** A partner's showings, prices and reference balances are the partner's buyers' business: no shared cache keeps them. */
const noStore = HttpEffect.appendPreResponseHandler((_request, response) =>
  Effect.succeed(HttpServerResponse.setHeader(response, "cache-control", "no-store")),
)

const miniSiteNotFound = new MiniSiteNotFound({ error: "miniSiteNotFound" })

export const MiniSiteHttp = HttpApiBuilder.group(
  MarqueeApi,
  "miniSite",
  Effect.fn(function* (handlers) {
    const repo = yield* MiniSitesRepo
    const presentations = yield* PresentationsRepo
    const sql = yield* SqlClient.SqlClient
    return handlers
      .handle("get", ({ params, query }) =>
        Effect.gen(function* () {
          yield* noStore
          const lang = query.lang ?? "he"
          const partner = yield* repo.byUrl(params.url)
          if (Option.isNone(partner)) return yield* miniSiteNotFound
          const listed = yield* presentations.listUpcoming({ miniSiteUrl: params.url, lang })
          // a cinema offline for sales sells nothing online: its showings are left off the partner's list
          const online: Array<(typeof listed)[number]> = []
          for (const p of listed) if (Option.isNone(yield* repo.offlineLocation(p.id, lang))) online.push(p)
          return {
            miniSite: {
              id: partner.value.id,
              URL: partner.value.url,
              name: yield* repo.name(partner.value.id, lang),
              prices: yield* repo.prices(partner.value, lang),
              PresentationList: {
                presentations: online,
                hasReserved: online.some((p) => p.hasReservedSection),
                hasGA: online.some((p) => p.hasGASection),
              },
            },
          }
        }),
      )
      .handle("validate", ({ params, query, request }) =>
        Effect.gen(function* () {
          yield* noStore
          const partner = yield* repo.byUrl(params.url)
          if (Option.isNone(partner)) return yield* miniSiteNotFound
          const limit = referenceLimit(partner.value.id, clientOf(request.remoteAddress))
          if (!(yield* takeFromLimit(limit).pipe(Effect.provideService(SqlClient.SqlClient, sql)))) {
            // the fixed window ends at the next multiple of its length since the epoch (RateLimits.ts)
            const nowSeconds = Math.floor((yield* Clock.currentTimeMillis) / 1000)
            const retryAfter = limit.windowSeconds - (nowSeconds % limit.windowSeconds)
            yield* HttpEffect.appendPreResponseHandler((_request, response) =>
              Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(retryAfter))),
            )
            return yield* new ReferenceCheckLimited({ error: "referenceCheckLimited", retryAfter })
          }
          const reference1 = query.reference1.trim()
          const mode = query.mode ?? "ticket"
          if (
            reference1 === "" ||
            reference1.length > 64 ||
            (mode === "ticket" && query.ticketId === undefined)
          )
            return yield* new ReferenceNotFound({ error: "refPromptOptNotFound" })
          const found = yield* repo.reference(
            partner.value,
            mode === "ticket" ? query.ticketId : undefined,
            reference1,
          )
          if (Option.isNone(found)) return yield* new ReferenceNotFound({ error: "refPromptOptNotFound" })
          const reference2 = (query.reference2 ?? "").trim().slice(0, 64)
          return {
            TicketId: found.value.ticketId,
            Balance: found.value.balance,
            references: {
              reference1: found.value.reference1,
              reference2: reference2 === "" ? null : reference2,
            },
          }
        }),
      )
  }),
).pipe(Layer.provide([MiniSitesRepo.layer, PresentationsRepo.layer]))

export const IntegrationHttp = HttpApiBuilder.group(
  MarqueeApi,
  "integration",
  Effect.fn(function* (handlers) {
    const repo = yield* MiniSitesRepo
    return handlers.handle("accept", ({ query }) =>
      Effect.gen(function* () {
        yield* noStore
        const signer = linkSigner(query, yield* repo.signers, yield* Clock.currentTimeMillis)
        if (signer === null) return yield* new IntegrationDataError({ error: "integrationDataError" })
        const integrationId = randomBytes(18).toString("base64url")
        yield* repo.recordIntegration({
          id: integrationId,
          partnerId: signer,
          ret: query.ret,
          ts: Number(query.TS),
        })
        return { integrationId, ret: query.ret }
      }),
    )
  }),
).pipe(Layer.provide(MiniSitesRepo.layer))
