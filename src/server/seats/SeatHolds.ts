import { Clock, Config, Context, Effect, Layer, Option, Schedule } from "effect"
import type { SqlError } from "effect/sql/SqlError"
import { HumanCheckFailed } from "../../api/HumanCheckApi.ts"
import { EventNotFound } from "../../api/PresentationsApi.ts"
import type { LocationOffline } from "../../api/partnerErrors.ts"
import {
  InvalidSeatRequest,
  type LockedSeat,
  type LockRequest,
  type LockResult,
  MAX_SEATS_PER_CALL,
  SeatHoldsTooFast,
  SeatLockBusy,
  SeatLockFailed,
  type SeatRef,
  SeatUnlockFailed,
} from "../../api/SeatsApi.ts"
import type { LocaleCode } from "../../api/shared.ts"
import { secondsOfStep } from "../../domain/cart/timers.ts"
import type { OrderStep } from "../../domain/cart/values.ts"
import { usesSingleSeatRule } from "../../domain/seating/policy.ts"
import { placeKeyOfSeat } from "../../domain/seating/seatKeys.ts"
import { seatsStrandedBy } from "../../domain/seating/singleSeatPlan.ts"
import { saleRefusalAt } from "../../domain/shared/onSale.ts"
import { isVodVenueType } from "../../domain/shared/venueType.ts"
import { siteConfig } from "../config/siteConfig.ts"
import { MiniSitesRepo } from "../miniSite/MiniSitesRepo.ts"
import { locationOfflineAnswer } from "../miniSite/partnerScope.ts"
import { HoldBatcher } from "./HoldBatcher.ts"
import { gaPlace, lockedSeatOf } from "./lockedSeats.ts"
import { type HoldResult, type PresentationSeating, SeatHoldsRepo } from "./SeatHoldsRepo.ts"
import { type PlanIndex, SeatplanRepo } from "./SeatplanRepo.ts"

/** Bots that hold seats to deny them to buyers are a known attack: one cart holds at most this many. */
export const MaxSeatsPerCart = Config.Int("MAX_SEATS_PER_CART").pipe(Config.withDefault(10))

/**
 * A bot that solves a human check per cart opens cart after cart: one client (an IPv4 address, an IPv6 /64) holds
 * at most this many seats across all its carts at once (migration 0024). Three full carts' worth by default, as
 * a carrier's or a venue's NAT puts many buyers behind one address; 0 turns the cap off (a load test that runs
 * every buyer from one address). The holds lapse in minutes, so a buyer refused by it can try again soon.
 */
const MaxSeatsPerClient = Config.Int("MAX_SEATS_PER_CLIENT").pipe(Config.withDefault(60))

/**
 * Lock velocity (issue 20, migration 0074): one client takes at most this many new seats a minute, across its carts
 * and every server process. The cap above bounds what it holds at once; this bounds how fast it churns (holding,
 * letting go and holding again with fresh carts keeps a showing's seats from buyers without ever reaching the cap).
 * Twice the cap by default: a crowd behind one address choosing seats stays far below it, a script does not; 0 turns
 * it off (a load test that runs every buyer from one address).
 */
const MaxSeatsPerClientMinute = Config.Int("MAX_SEATS_PER_CLIENT_MINUTE").pipe(Config.withDefault(120))

/** Seconds until the lock velocity's minute (windows start at the epoch, by the server's clock) is over. */
export const secondsToNextMinute = (nowMs: number): number => 60 - (Math.floor(nowMs / 1000) % 60)

/**
 * Holds last for the seat step's seconds from config param 665; every new lock restarts the cart's clock.
 * `SEAT_HOLD_SECONDS` overrides the seat step's (end-to-end tests of a lapsing hold use a few seconds); the later
 * steps keep param 665's, so a journey on the same server can still go on from the seats to pay.
 */
const HoldSecondsOverride = Config.option(Config.Int("SEAT_HOLD_SECONDS"))
export const HoldSeconds = Config.Int("SEAT_HOLD_SECONDS").pipe(
  Config.withDefault(siteConfig("").params["665"].chooseSeatsInSeconds),
)

/** A step's seconds from param 665; the seat step's is `SEAT_HOLD_SECONDS` where that is set. */
const stepSeconds = (step: OrderStep, override: Option.Option<number>): number => {
  const configured = secondsOfStep(siteConfig("").params["665"], step)
  return step === "chooseSeats" ? Option.getOrElse(override, () => configured) : configured
}

export type LockError =
  | SeatLockFailed
  | SeatLockBusy
  | SeatHoldsTooFast
  | InvalidSeatRequest
  | EventNotFound
  | HumanCheckFailed
  | LocationOffline
export type UnlockError = SeatUnlockFailed | SeatLockBusy | InvalidSeatRequest | EventNotFound

/** the cart went away between the middleware's check and the hold: the same answer as no cart at all */
const cartRequired = () => new HumanCheckFailed({ error: "RECAPTCHA_REQUIRED" })
const invalid = (error: InvalidSeatRequest["error"]) => new InvalidSeatRequest({ error })

/** A lock request resolved against the presentation's seatplan. */
interface Resolved {
  readonly presentation: PresentationSeating
  readonly plan: PlanIndex
  /** reserved seat ids, sofas and beds completed */
  readonly seatIds: ReadonlyArray<number>
  /** general-admission section and how many places (a call names at most one GA section) */
  readonly ga: { readonly sectionId: number; readonly places: ReadonlyArray<SeatRef> } | undefined
}

/** Deadlocks and lock timeouts are the database saying "not now": retry briefly, then answer 503. */
export const isBusy = (error: SqlError) =>
  error.reason._tag === "DeadlockError" ||
  error.reason._tag === "LockTimeoutError" ||
  error.reason._tag === "SerializationError"

export const busyRetry = Schedule.exponential("20 millis").pipe(Schedule.jittered)

/**
 * The seat-hold service: the rules of spec §4–§5 in front of the database's all-or-nothing hold.
 *
 * Order of checks, cheapest first, none of which holds anything: request shape, cart, presentation, seats
 * exist in its seatplan, premium on a hold order; then one batched statement holds (HoldBatcher), and the
 * single-seat rule is checked on the seats' state just before that hold. Two buyers choosing seats on either
 * side of one seat in the same instant can together strand it. That is a policy slip, not a double sale:
 * the unique constraints still make double holds impossible.
 */
export class SeatHolds extends Context.Service<
  SeatHolds,
  {
    /**
     * `cartToken` is the asking cart, resolved by the `CartSession` middleware (src/api/sessions.ts); `lang` names
     * the cinema in a `locationOffline` refusal
     */
    readonly lock: (
      cartToken: string,
      request: LockRequest,
      lang?: LocaleCode,
    ) => Effect.Effect<LockResult, LockError>
    readonly unlock: (
      cartToken: string,
      request: LockRequest,
    ) => Effect.Effect<{ readonly unlockedSeats: ReadonlyArray<LockedSeat> }, UnlockError>
    /**
     * A step's timer started or was extended (spec §4: a hold lasts the current step's seconds): the cart's
     * live holds last that long from now. What each presentation's holds now last until.
     */
    readonly renew: (
      cartToken: string,
      step: OrderStep,
    ) => Effect.Effect<ReadonlyArray<{ readonly presentationId: number; readonly expiresAtMs: number }>>
    readonly maxSeatsPerCart: number
  }
>()("marquee/seats/SeatHolds") {
  static readonly layer = Layer.effect(
    SeatHolds,
    Effect.gen(function* () {
      const repo = yield* SeatHoldsRepo
      const miniSites = yield* MiniSitesRepo
      const plans = yield* SeatplanRepo
      const batcher = yield* HoldBatcher
      // bots that hold seats to deny them to buyers are a known attack: one cart holds at most this many
      const maxSeatsPerCart = yield* MaxSeatsPerCart
      const holdSeconds = yield* HoldSeconds
      const holdSecondsOverride = yield* HoldSecondsOverride
      const maxSeatsPerClient = yield* MaxSeatsPerClient
      if (maxSeatsPerClient < 0) return yield* Effect.die(new Error("MAX_SEATS_PER_CLIENT must be 0 or more"))
      const maxSeatsPerClientMinute = yield* MaxSeatsPerClientMinute
      if (maxSeatsPerClientMinute < 0)
        return yield* Effect.die(new Error("MAX_SEATS_PER_CLIENT_MINUTE must be 0 or more"))
      // the hold functions read the limits from the database; every process writes the same configured values
      yield* repo.setClientLimits({ seats: maxSeatsPerClient, seatsPerMinute: maxSeatsPerClientMinute })

      const refsOf = (request: LockRequest): Effect.Effect<ReadonlyArray<SeatRef>, InvalidSeatRequest> => {
        const refs = [...(request.seats ?? []), ...(request.seat === undefined ? [] : [request.seat])]
        if (refs.length === 0) return Effect.fail(invalid("noSeat"))
        if (refs.length > MAX_SEATS_PER_CALL) return Effect.fail(invalid("tooManySeats"))
        const first = refs[0] as SeatRef
        if (refs.some((ref) => ref.PresentationId !== first.PresentationId))
          return Effect.fail(invalid("mixedPresentations"))
        const keys = new Set(refs.map((ref) => placeKeyOfSeat(ref)))
        if (keys.size < refs.length) return Effect.fail(invalid("duplicateSeat"))
        return Effect.succeed(refs)
      }

      /**
       * Whether the presentation's seats may be held now: the domain's one rule of what may be held or sold
       * (reserved seats and general-admission places alike; best available and the commit apply it too). An
       * unlock skips it: a cart gives back what it holds, for sale or not.
       */
      const checkForSale = Effect.fn("SeatHolds.checkForSale")(function* (
        p: PresentationSeating,
        lang: LocaleCode,
      ) {
        const refusal = saleRefusalAt(p, yield* Clock.currentTimeMillis)
        if (refusal === "locationOffline")
          return yield* yield* locationOfflineAnswer(p.id, lang).pipe(
            Effect.provideService(MiniSitesRepo, miniSites),
          )
        if (refusal === "notOnSale") return yield* invalid("notOnSale")
      })

      /** The presentation the request names, with a seatplan (a video or an unknown one has no seats). */
      const seatingOf = Effect.fn("SeatHolds.seatingOf")(function* (refs: ReadonlyArray<SeatRef>) {
        const first = refs[0] as SeatRef
        const presentation = yield* repo.presentation(first.PresentationId)
        if (Option.isNone(presentation)) return yield* new EventNotFound({ error: "noEventFound" })
        const p = presentation.value
        if (isVodVenueType(p.venueTypeId) || p.seatplanId === null) return yield* invalid("unknownSeat")
        return { ...p, seatplanId: p.seatplanId }
      })

      const resolve = Effect.fn("SeatHolds.resolve")(function* (
        refs: ReadonlyArray<SeatRef>,
        p: PresentationSeating & { readonly seatplanId: number },
      ) {
        for (const ref of refs) {
          if (ref.VenueId !== undefined && ref.VenueId !== p.venueId) return yield* invalid("unknownSeat")
          if (ref.VenueSeatplanId !== undefined && ref.VenueSeatplanId !== p.seatplanId)
            return yield* invalid("unknownSeat")
        }
        const plan = yield* plans.index(p.venueId, p.seatplanId).pipe(Effect.map(Option.getOrUndefined))
        if (plan === undefined) return yield* invalid("unknownSeat")
        const seatIds = new Set<number>()
        const gaRefs: Array<SeatRef> = []
        for (const ref of refs) {
          const section = plan.sections.get(ref.VenueSectionId)
          if (section === undefined) return yield* invalid("unknownSeat")
          if (!section.isReserved) {
            gaRefs.push(ref)
            continue
          }
          const seat = plan.byCoordinate.get(placeKeyOfSeat(ref))
          if (seat === undefined) return yield* invalid("unknownSeat")
          // a sofa or bed is sold whole: choosing one of its seats chooses all of them
          const together = seat.groupId === null ? [seat.id] : (plan.groups.get(seat.groupId) ?? [seat.id])
          for (const id of together) seatIds.add(id)
        }
        const gaSections = new Set(gaRefs.map((ref) => ref.VenueSectionId))
        if (gaSections.size > 1 || (gaSections.size === 1 && seatIds.size > 0))
          return yield* invalid("mixedSections")
        const gaSection = gaRefs[0]?.VenueSectionId
        const resolved: Resolved = {
          presentation: p,
          plan,
          seatIds: [...seatIds].sort((a, b) => a - b),
          ga: gaSection === undefined ? undefined : { sectionId: gaSection, places: gaRefs },
        }
        return resolved
      })

      const lockResult = (lockedSeats: ReadonlyArray<LockedSeat>, expiresAtMs: number | null): LockResult => {
        const first = lockedSeats[0] as LockedSeat
        return {
          lockedSeat: { x: first.x, y: first.y },
          lockedSeats,
          expiresAt: new Date(expiresAtMs ?? 0).toISOString(),
        }
      }

      const retryBusy = <A>(effect: Effect.Effect<A, SqlError>): Effect.Effect<A, SeatLockBusy> =>
        effect.pipe(
          Effect.retry({ schedule: busyRetry, times: 3, while: isBusy }),
          Effect.catch((error: SqlError) =>
            isBusy(error)
              ? Effect.fail(new SeatLockBusy({ error: "seatLockBusy", retryAfterSeconds: 1 }))
              : Effect.die(error),
          ),
        )

      /** `nowMs`: the server's clock, for when the lock velocity's minute is over */
      const outcomeError = (result: HoldResult, nowMs: number): LockError | undefined => {
        switch (result.outcome) {
          case "held":
            return undefined
          case "taken":
            return new SeatLockFailed({ error: "lock_seat_error" })
          case "cap":
            return new SeatLockFailed({ error: "seatLimitReached" })
          case "client_cap":
            return new SeatLockFailed({ error: "clientSeatLimitReached" })
          case "velocity":
            return new SeatHoldsTooFast({
              error: "seatHoldsTooFast",
              retryAfterSeconds: secondsToNextMinute(nowMs),
            })
          case "unknown_cart":
            return cartRequired()
          case "unknown_seat":
            return invalid("unknownSeat")
        }
      }

      const lock = Effect.fn("SeatHolds.lock")(function* (
        cartToken: string,
        request: LockRequest,
        lang: LocaleCode = "he",
      ) {
        const refs = yield* refsOf(request)
        const seating = yield* seatingOf(refs)
        yield* checkForSale(seating, lang)
        const { presentation, plan, seatIds, ga } = yield* resolve(refs, seating)

        if (ga !== undefined) {
          // the server chooses the places; a race for the same free slot is retried on a fresh snapshot
          const holdPlaces = retryBusy(
            repo.holdGaPlaces({
              presentationId: presentation.id,
              cartToken,
              sectionId: ga.sectionId,
              count: ga.places.length,
              holdSeconds,
              cap: maxSeatsPerCart,
            }),
          )
          let result = yield* holdPlaces
          for (let attempt = 1; result.outcome === "taken" && attempt < 5; attempt++)
            result = yield* holdPlaces
          const failure = outcomeError(result, yield* Clock.currentTimeMillis)
          if (failure !== undefined) return yield* Effect.fail(failure)
          return lockResult(
            result.slots.map((slot) => gaPlace(ga.sectionId, slot)),
            result.expiresAtMs,
          )
        }

        if (seatIds.length > maxSeatsPerCart) return yield* new SeatLockFailed({ error: "seatLimitReached" })
        if (request.isHold === true && seatIds.some((id) => plan.byId.get(id)?.isPremium === true))
          return yield* new SeatLockFailed({ error: "premiumSeatOnHold" })

        // Hold first, check the single-seat rule on the state just before the hold (returned with it), and
        // give back what this call took if the rule says no. One round trip in the common case; a refused
        // choice is visible to others as held for the moment of one more round trip.
        const singleSeatRule = usesSingleSeatRule(presentation.seatingPolicyId)
        const blockSeatIds = new Set<number>()
        if (singleSeatRule)
          for (const id of seatIds)
            for (const seat of plan.positions.get(id)?.block ?? []) blockSeatIds.add(seat.id)
        const holdOnce = batcher.hold({
          presentationId: presentation.id,
          cartToken,
          seatIds,
          blockSeatIds: [...blockSeatIds],
        })
        let result = yield* retryBusy(holdOnce)
        for (let attempt = 1; result.outcome === "busy" && attempt < 4; attempt++) {
          yield* Effect.sleep(`${20 * 2 ** attempt} millis`)
          result = yield* retryBusy(holdOnce)
        }
        if (result.outcome === "busy")
          return yield* new SeatLockBusy({ error: "seatLockBusy", retryAfterSeconds: 1 })
        const failure = outcomeError(
          { outcome: result.outcome, expiresAtMs: result.expiresAtMs, slots: [] },
          yield* Clock.currentTimeMillis,
        )
        if (failure !== undefined) return yield* Effect.fail(failure)
        if (singleSeatRule) {
          const stranded = seatsStrandedBy(plan.positions, result.takenBefore, seatIds)
          if (stranded.length > 0) {
            // give back what this call took, never what the cart held before it
            if (result.newlyHeld.length > 0)
              yield* retryBusy(
                batcher.release({
                  presentationId: presentation.id,
                  cartToken,
                  seatIds: result.newlyHeld,
                  gaPlaces: [],
                }),
              )
            return yield* new SeatLockFailed({
              error: "singleSeatError",
              seats: stranded.map((seat) => ({ x: seat.seatIndex, y: seat.rowIndex })),
            })
          }
        }
        return lockResult(
          seatIds.map((id) => lockedSeatOf(plan, id)),
          result.expiresAtMs,
        )
      })

      const unlock = Effect.fn("SeatHolds.unlock")(function* (cartToken: string, request: LockRequest) {
        const refs = yield* refsOf(request)
        const { presentation, plan, seatIds, ga } = yield* resolve(refs, yield* seatingOf(refs))
        const gaPlaces =
          ga === undefined ? [] : ga.places.map((ref) => ({ sectionId: ga.sectionId, slot: ref.XCoordinate }))
        // all or nothing: if this cart does not hold every seat named, nothing is released (the seats stay
        // selected, spec §4) and the answer is the spec's unlock error
        const released = yield* retryBusy(
          batcher.release({ presentationId: presentation.id, cartToken, seatIds, gaPlaces }),
        )
        if (released.length === 0) return yield* new SeatUnlockFailed({ error: "unlock_seat_error" })
        return {
          unlockedSeats: released.map((row) =>
            row.seatId === null ? gaPlace(row.sectionId, row.gaSlot ?? 0) : lockedSeatOf(plan, row.seatId),
          ),
        }
      })

      const renew = Effect.fn("SeatHolds.renew")(function* (cartToken: string, step: OrderStep) {
        return yield* repo.renew(cartToken, stepSeconds(step, holdSecondsOverride))
      })

      return SeatHolds.of({ lock, unlock, renew, maxSeatsPerCart })
    }),
  ).pipe(
    Layer.provide([
      SeatHoldsRepo.layer,
      SeatplanRepo.layer,
      MiniSitesRepo.layer,
      Layer.unwrap(
        Effect.all([HoldSeconds, MaxSeatsPerCart]).pipe(
          Effect.map(([holdSeconds, cap]) => HoldBatcher.layer({ holdSeconds, cap })),
        ),
      ),
    ]),
  )
}
