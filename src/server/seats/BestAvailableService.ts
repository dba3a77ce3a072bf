import { Temporal } from "@js-temporal/polyfill"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import type { Presentation } from "../../api/PresentationEntities.ts"
import { EventNotFound } from "../../api/PresentationsApi.ts"
import type { LocationOffline } from "../../api/partnerErrors.ts"
import {
  type BestAvailableMatch,
  InvalidSeatRequest,
  NotEnoughSeats,
  type PartOfDay,
  SeatLockFailed,
} from "../../api/SeatsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { bestAvailable, DEFAULT_MAX_MATCHES } from "../../domain/seating/bestAvailable.ts"
import { saleRefusalAt } from "../../domain/shared/onSale.ts"
import { MiniSitesRepo, type Partner } from "../miniSite/MiniSitesRepo.ts"
import { locationOfflineAnswer } from "../miniSite/partnerScope.ts"
import { PresentationsRepo } from "../presentations/PresentationsRepo.ts"
import { chainDayBounds, chainHour, chainToday } from "../time.ts"
import { type LockError, SeatHolds } from "./SeatHolds.ts"
import { SeatHoldsRepo } from "./SeatHoldsRepo.ts"
import { SeatplanRepo } from "./SeatplanRepo.ts"

export interface BestAvailableQuery {
  readonly quantity: number
  readonly maxMatches?: number | undefined
  readonly resultsPerMatch?: number | undefined
  readonly presentationId?: number | undefined
  readonly featureId?: number | undefined
  readonly ticketGroupId?: number | undefined
  readonly locationId?: number | undefined
  readonly startDate?: string | undefined
  readonly endDate?: string | undefined
  readonly partOfDay?: PartOfDay | undefined
  readonly isBestPerPresentation?: boolean | undefined
  readonly isLock?: boolean | undefined
  readonly isHold?: boolean | undefined
  /** a partner's buyer (issue 19): only the partner's showings, at the partner's prices */
  readonly miniSiteUrl?: string | undefined
  /** the cinema's name in a `locationOffline` answer */
  readonly lang?: LocaleCode | undefined
}

/** Hours [from, to) of each part of day in the chain's zone; night wraps past midnight. */
const PARTS_OF_DAY: Record<PartOfDay, (hour: number) => boolean> = {
  morning: (hour) => hour >= 6 && hour < 12,
  afternoon: (hour) => hour >= 12 && hour < 17,
  evening: (hour) => hour >= 17 && hour < 21,
  night: (hour) => hour >= 21 || hour < 6,
}

/** Presentations looked at in one search; enough for a day across the chain's halls for one feature. */
const MAX_PRESENTATIONS_SEARCHED = 40
const MAX_MATCHES_LIMIT = 20

/**
 * `GET /seats/best-available`: the domain's `bestAvailable` over one presentation or over the presentations a
 * filter finds (feature, location, dates, part of day), then — lock on by default — the first match is held
 * for the cart, all or nothing. If another buyer takes those seats between the search and the hold, the next
 * match is tried; only when every match is gone does the answer become NOT_ENOUGH_SEATS.
 */
export class BestAvailableService extends Context.Service<
  BestAvailableService,
  {
    readonly search: (
      /** the asking cart (`CurrentCartIfAny`), which holds the best match; none can only search (`isLock=false`) */
      cart: Option.Option<{ readonly token: string }>,
      query: BestAvailableQuery,
    ) => Effect.Effect<
      ReadonlyArray<BestAvailableMatch>,
      NotEnoughSeats | LockError | EventNotFound | LocationOffline
    >
  }
>()("marquee/seats/BestAvailableService") {
  static readonly layer = Layer.effect(
    BestAvailableService,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const presentations = yield* PresentationsRepo
      const plans = yield* SeatplanRepo
      const holdsRepo = yield* SeatHoldsRepo
      const holds = yield* SeatHolds
      const miniSites = yield* MiniSitesRepo

      /**
       * The domain's rule of what may be held or sold (src/domain/shared/onSale.ts) for each of `ids`, on facts read
       * now (not the lock's cache: a search must not keep a lock from seeing a sale closed since).
       */
      const refusalsOf = Effect.fn("BestAvailable.refusalsOf")(function* (ids: ReadonlyArray<number>) {
        const facts = yield* holdsRepo.saleFacts(ids)
        const now = yield* Clock.currentTimeMillis
        return (id: number) => {
          const found = facts.get(id)
          return found === undefined ? "notOnSale" : saleRefusalAt(found, now)
        }
      })

      /**
       * The partner `miniSiteUrl` names (none without one). An unknown partner offers nothing: the showing asked for
       * is not found, as the seat-status and presentation calls answer (src/server/miniSite/partnerScope.ts).
       */
      const partnerOf = Effect.fn("BestAvailable.partnerOf")(function* (query: BestAvailableQuery) {
        if (query.miniSiteUrl === undefined) return Option.none<Partner>()
        const partner = yield* miniSites.byUrl(query.miniSiteUrl)
        if (Option.isNone(partner)) return yield* new EventNotFound({ error: "noEventFound" })
        return partner
      })

      const candidates = Effect.fn("BestAvailable.candidates")(function* (
        query: BestAvailableQuery,
        partner: Option.Option<Partner>,
      ) {
        if (query.presentationId !== undefined) {
          const id = query.presentationId
          if (Option.isSome(partner) && !(yield* miniSites.offers(partner.value, id)))
            return yield* new EventNotFound({ error: "noEventFound" })
          const found = yield* presentations.findById(id, "he")
          if (Option.isNone(found)) return []
          // the one showing asked for, at a cinema offline for sales: the presentation calls' answer
          if ((yield* refusalsOf([id]))(id) === "locationOffline")
            return yield* yield* locationOfflineAnswer(id, query.lang ?? "he").pipe(
              Effect.provideService(MiniSitesRepo, miniSites),
            )
          return [found.value]
        }
        const today = chainToday(
          Temporal.Instant.fromEpochMilliseconds(yield* Clock.currentTimeMillis),
        ).toString()
        const start = query.startDate ?? today
        const end = query.endDate ?? start
        const days = Math.max(1, Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1)
        const { from, to } = chainDayBounds(start, Math.min(days, 31))
        const listed = yield* presentations.listBetween(from, to, {
          featureIds: query.featureId === undefined ? undefined : [query.featureId],
          locationId: query.locationId,
          lang: "he",
          // a partner's buyer searches the partner's showings alone (the presentation list's own filter)
          ...(Option.isSome(partner) ? { miniSiteUrl: partner.value.url } : {}),
        })
        const wanted = query.partOfDay === undefined ? undefined : PARTS_OF_DAY[query.partOfDay]
        const fitting = listed
          .filter((p) => p.hasReservedSection)
          .filter((p) => wanted === undefined || wanted(chainHour(Date.parse(p.dateTime))))
        // not on sale, or at a cinema offline for sales: searched past, as the lock would refuse it
        const refusal = yield* refusalsOf(fitting.map((p) => p.id))
        return fitting.filter((p) => refusal(p.id) === null).slice(0, MAX_PRESENTATIONS_SEARCHED)
      })

      const sectionsOfTicketGroup = (presentationId: number, ticketGroupId: number) =>
        sql<{ sectionId: number | null }>`
          SELECT section_id AS "sectionId" FROM presentation_ticket_groups_effective
          WHERE presentation_id = ${presentationId} AND ticket_group_id = ${ticketGroupId}`.pipe(Effect.orDie)

      /**
       * The sections a ticket group opens at a showing, as this buyer may buy it: a partner's buyer has the partner's
       * own group alone, which every section takes (its price list, src/server/miniSite/README.md); anyone else
       * has the showing's groups, never a partner's.
       */
      const sectionsFor = (presentationId: number, ticketGroupId: number, partner: Option.Option<Partner>) =>
        Option.isSome(partner)
          ? Effect.succeed(ticketGroupId === partner.value.ticketGroupId ? [{ sectionId: null }] : [])
          : sectionsOfTicketGroup(presentationId, ticketGroupId)

      const matchesFor = Effect.fn("BestAvailable.matchesFor")(function* (
        presentation: Presentation,
        query: BestAvailableQuery,
        perPresentation: number,
        partner: Option.Option<Partner>,
      ) {
        if (presentation.seatplanId === null) return []
        const plan = yield* plans.index(presentation.venueId, presentation.seatplanId)
        if (Option.isNone(plan)) return []
        let seats = plan.value.seats
        if (query.ticketGroupId !== undefined) {
          const sections = yield* sectionsFor(presentation.id, query.ticketGroupId, partner)
          if (sections.length === 0) return []
          const ids = new Set(sections.map((s) => s.sectionId))
          if (!ids.has(null)) seats = seats.filter((seat) => ids.has(seat.sectionId))
        }
        const live = yield* holdsRepo.live(presentation.id, undefined)
        const taken = new Set<number>()
        for (const allocation of live) if (allocation.seatId !== null) taken.add(allocation.seatId)
        const found = bestAvailable({
          seats,
          taken,
          quantity: query.quantity,
          focal: plan.value.focal,
          maxMatches: perPresentation,
          excludePremium: query.isHold === true,
        })
        return found.map(
          (match): BestAvailableMatch => ({
            presentationId: presentation.id,
            tier: match.tier,
            isLocked: false,
            expiresAt: null,
            seats: match.seatIds.map((id) => {
              const seat = plan.value.byId.get(id)
              if (seat === undefined) throw new Error(`best available chose seat ${id} outside its plan`)
              return {
                PresentationId: presentation.id,
                VenueId: presentation.venueId,
                VenueSeatplanId: plan.value.seatplanId,
                VenueSectionId: seat.sectionId,
                TicketGroupId: query.ticketGroupId ?? null,
                XCoordinate: seat.seatIndex,
                YCoordinate: seat.rowIndex,
                RowName: seat.rowName,
                SeatName: seat.seatName,
              }
            }),
          }),
        )
      })

      const search = Effect.fn("BestAvailable.search")(function* (
        cart: Option.Option<{ readonly token: string }>,
        query: BestAvailableQuery,
      ) {
        // holding needs a live cart: nobody gets the cart calls' answer, before any search is spent on it
        const holder = Option.getOrUndefined(cart)?.token
        if (query.isLock !== false && holder === undefined)
          return yield* new HumanCheckFailed({ error: "RECAPTCHA_REQUIRED" })
        if (query.quantity > holds.maxSeatsPerCart)
          return yield* new SeatLockFailed({ error: "seatLimitReached" })
        const maxMatches = Math.min(query.maxMatches ?? DEFAULT_MAX_MATCHES, MAX_MATCHES_LIMIT)
        const perPresentation = query.isBestPerPresentation === true ? 1 : (query.resultsPerMatch ?? 1)
        if (query.startDate !== undefined && query.endDate !== undefined && query.endDate < query.startDate)
          return yield* new InvalidSeatRequest({ error: "noSeat" })
        const partner = yield* partnerOf(query)
        const matches: Array<BestAvailableMatch> = []
        for (const presentation of yield* candidates(query, partner)) {
          if (matches.length >= maxMatches) break
          const found = yield* matchesFor(presentation, query, perPresentation, partner)
          matches.push(...found.slice(0, maxMatches - matches.length))
        }
        if (matches.length === 0) return yield* new NotEnoughSeats({ error: "NOT_ENOUGH_SEATS" })
        // (no holder here means a search alone: the check above refused a hold without a cart)
        if (query.isLock === false || holder === undefined) return matches

        for (const [index, match] of matches.entries()) {
          const locked = yield* holds
            .lock(holder, { seats: match.seats, isHold: query.isHold }, query.lang)
            .pipe(
              Effect.map(Option.some),
              // someone else took these seats since the search: try the next match
              Effect.catchTag("SeatLockFailed", (error) =>
                error.error === "lock_seat_error" || error.error === "singleSeatError"
                  ? Effect.succeed(Option.none())
                  : Effect.fail(error),
              ),
            )
          if (Option.isSome(locked)) {
            const held = { ...match, isLocked: true, expiresAt: locked.value.expiresAt }
            return [held, ...matches.filter((_, other) => other !== index)]
          }
        }
        return yield* new NotEnoughSeats({ error: "NOT_ENOUGH_SEATS" })
      })

      return BestAvailableService.of({ search })
    }),
  ).pipe(
    Layer.provide([
      SeatHolds.layer,
      SeatHoldsRepo.layer,
      SeatplanRepo.layer,
      PresentationsRepo.layer,
      MiniSitesRepo.layer,
    ]),
  )
}
