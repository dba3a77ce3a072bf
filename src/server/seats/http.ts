import { DateTime, Effect, Layer, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { encodeSeatplanBody } from "../../api/compactSeatplan.ts"
import { MarqueeApi } from "../../api/MarqueeApi.ts"
import { EventNotFound } from "../../api/PresentationsApi.ts"
import { SeatplanNotFound } from "../../api/SeatsApi.ts"
import { CurrentCart, CurrentCartIfAny } from "../../api/sessions.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { encodeStatusBody } from "../../api/statusBitmap.ts"
import { usesSingleSeatRule } from "../../domain/seating/policy.ts"
import { MiniSitesRepo } from "../miniSite/MiniSitesRepo.ts"
import { partnerOffersShowing } from "../miniSite/partnerScope.ts"
import { PresentationsRepo } from "../presentations/PresentationsRepo.ts"
import { chainDayBounds } from "../time.ts"
import { BestAvailableService } from "./BestAvailableService.ts"
import { SeatHolds } from "./SeatHolds.ts"
import { SeatHoldsRepo } from "./SeatHoldsRepo.ts"
import { SeatplanRepo } from "./SeatplanRepo.ts"
import { seatStatuses } from "./statuses.ts"

export const SeatsHttp = HttpApiBuilder.group(
  MarqueeApi,
  "seats",
  Effect.fn(function* (handlers) {
    const plans = yield* SeatplanRepo
    const holdsRepo = yield* SeatHoldsRepo
    const holds = yield* SeatHolds
    const best = yield* BestAvailableService
    const presentations = yield* PresentationsRepo
    const miniSites = yield* MiniSitesRepo

    const seatplan = (query: { venueId: number; seatplanId: number; lang?: LocaleCode | undefined }) =>
      plans.seatplan(query.venueId, query.seatplanId, query.lang ?? "he").pipe(
        Effect.flatMap(
          Option.match({
            onNone: () => Effect.fail(new SeatplanNotFound({ error: "seatplanNotFound" })),
            onSome: Effect.succeed,
          }),
        ),
      )

    /** the seats' statuses; the asking cart's own holds (if a live cart asks) are marked as its own */
    const statuses = (
      query: { presentationId: number; sectionId?: number | undefined; miniSiteUrl?: string | undefined },
      everySeat: boolean,
    ) =>
      Effect.gen(function* () {
        // a partner's buyer asks through the partner (issue 19): only a showing the partner offers
        if (
          query.miniSiteUrl !== undefined &&
          !(yield* partnerOffersShowing(query.miniSiteUrl, query.presentationId).pipe(
            Effect.provideService(MiniSitesRepo, miniSites),
          ))
        )
          return yield* new EventNotFound({ error: "noEventFound" })
        const cart = yield* CurrentCartIfAny
        const presentation = yield* holdsRepo.presentation(query.presentationId)
        if (Option.isNone(presentation) || presentation.value.seatplanId === null)
          return yield* new EventNotFound({ error: "noEventFound" })
        const p = presentation.value
        const plan = yield* plans.index(p.venueId, p.seatplanId as number)
        if (Option.isNone(plan)) return yield* new EventNotFound({ error: "noEventFound" })
        const live = yield* holdsRepo.live(p.id, Option.getOrUndefined(cart)?.token)
        const now = yield* DateTime.now
        return seatStatuses(p.id, plan.value, live, {
          everySeat,
          sectionId: query.sectionId,
          singleSeatRule: usesSingleSeatRule(p.seatingPolicyId),
          nowIso: DateTime.formatIso(now),
        })
      })

    return handlers
      .handle("seatplanV2", ({ query }) => seatplan(query))
      .handle("seatplan", ({ query }) => seatplan(query))
      .handle("seatplanCompact", ({ query }) => seatplan(query).pipe(Effect.map(encodeSeatplanBody)))
      .handle("statusV2", ({ query }) => statuses(query, false))
      .handle("status", ({ query }) => statuses(query, true))
      .handle("statusBitmap", ({ query }) => statuses(query, true).pipe(Effect.map(encodeStatusBody)))
      .handle("lock", ({ payload, query }) =>
        CurrentCart.use((cart) => holds.lock(cart.token, payload, query.lang ?? "he")),
      )
      .handle("unlock", ({ payload }) => CurrentCart.use((cart) => holds.unlock(cart.token, payload)))
      .handle("bestAvailable", ({ query }) =>
        CurrentCartIfAny.use((cart) => best.search(cart, query)).pipe(Effect.map((matches) => ({ matches }))),
      )
      .handle("presentationsOnDate", ({ query }) => {
        const { from, to } = chainDayBounds(query.date)
        return presentations
          .listBetween(from, to, { lang: query.lang ?? "he" })
          .pipe(Effect.map((list) => ({ presentations: list })))
      })
  }),
).pipe(
  Layer.provide([
    SeatplanRepo.layer,
    SeatHoldsRepo.layer,
    SeatHolds.layer,
    BestAvailableService.layer,
    PresentationsRepo.layer,
    MiniSitesRepo.layer,
  ]),
)
