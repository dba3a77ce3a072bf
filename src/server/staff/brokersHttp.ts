import { Effect, Layer } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { CurrentStaff, InvalidLiveRequest } from "../../api/StaffApi.ts"
import {
  BrokerActionRefused,
  BrokerForbidden,
  type BrokerPresentation,
  BrokerPresentationNotFound,
} from "../../api/StaffBrokersApi.ts"
import { type BrokerAction, brokerOutcome, saleStateOf } from "../../domain/live/brokers.ts"
import { type BrokerRow, BrokersRepo } from "./BrokersRepo.ts"
import { scopeOf } from "./request.ts"

/** The most presentations one state call reads: a day's box at the busiest cinema is far fewer. */
const MAX_IDS = 200

const wire = (row: BrokerRow): BrokerPresentation => ({
  PresentationId: row.id,
  SaleState: saleStateOf(row),
  LockedBy: row.lockedBy,
  LockedAt: row.lockedAtMs === null ? null : new Date(row.lockedAtMs).toISOString(),
  Started: row.started,
})

/** A broker's scope, or 403 before anything is read. */
const brokerScope = (query: Parameters<typeof scopeOf>[0], repo: BrokersRepo["Service"]) =>
  Effect.gen(function* () {
    const staff = yield* CurrentStaff
    if (!(yield* repo.isBroker(staff.userId))) return yield* new BrokerForbidden({ error: "notBroker" })
    return { staff, businessIds: yield* scopeOf(query) }
  })

const parseIds = (text: string) => {
  const parts = text.split(",").map((part) => part.trim())
  const ids = parts.filter((part) => /^\d{1,9}$/.test(part)).map(Number)
  return ids.length === parts.length && ids.length <= MAX_IDS
    ? Effect.succeed([...new Set(ids)])
    : Effect.fail(new InvalidLiveRequest({ error: "invalidDrill" }))
}

export const LiveBrokersHttp = HttpApiBuilder.group(
  MarqueeApi,
  "liveBrokers",
  Effect.fn(function* (handlers) {
    const repo = yield* BrokersRepo

    const act =
      (action: BrokerAction) =>
      ({
        params,
        query,
      }: {
        readonly params: { readonly presentationId: number }
        readonly query: Parameters<typeof scopeOf>[0]
      }) =>
        Effect.gen(function* () {
          const { staff, businessIds } = yield* brokerScope(query, repo)
          const presentationId = params.presentationId
          const changed = yield* repo.apply({
            action,
            businessIds,
            presentationId,
            staffUserId: staff.userId,
          })
          const [row] = yield* repo.rows(businessIds, [presentationId])
          if (row === undefined)
            return yield* new BrokerPresentationNotFound({ error: "presentationNotFound" })
          // nothing changed: say why (already so, or started); another call may have changed it meanwhile
          if (
            !changed &&
            brokerOutcome(action, saleStateOf(row), row.wasOnSale, row.started)._tag === "started"
          )
            return yield* new BrokerActionRefused({ error: "presentationStarted" })
          return { presentation: wire(row), changed }
        })

    return handlers
      .handle("brokerPresentations", ({ query }) =>
        Effect.gen(function* () {
          const { businessIds } = yield* brokerScope(query, repo)
          const ids = yield* parseIds(query.presentationIds)
          return { presentations: (yield* repo.rows(businessIds, ids)).map(wire) }
        }),
      )
      .handle("lockPresentation", act("lock"))
      .handle("unlockPresentation", act("unlock"))
      .handle("savePresentationForSale", act("saveForSale"))
  }),
).pipe(Layer.provide(BrokersRepo.layer))
