import { DateTime, Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { RevocationsRepo } from "./RevocationsRepo.ts"
import { TicketSigningKeys } from "./TicketSigningKeys.ts"

/** The public keys and the revocation list a door scanner keeps for checking passes offline (README.md here). */
export const EDocumentsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "edocuments",
  Effect.fn(function* (handlers) {
    const keys = yield* TicketSigningKeys
    const revocations = yield* RevocationsRepo
    return handlers
      .handle("keys", () => keys.published.pipe(Effect.map((published) => ({ keys: published }))))
      .handle("revocations", () =>
        Effect.all({ now: DateTime.now, revoked: revocations.revokedTickets }).pipe(
          Effect.map(({ now, revoked }) => ({ asOf: DateTime.formatIso(now), revoked })),
        ),
      )
  }),
).pipe(Layer.provide([TicketSigningKeys.layer, RevocationsRepo.layer]))
