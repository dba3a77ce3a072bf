import { Temporal } from "@js-temporal/polyfill"
import { Clock, Config, Context, Effect, Layer, Option } from "effect"

/**
 * The server's one clock, for TypeScript and SQL alike.
 *
 * With `MARQUEE_CLOCK_START` (an ISO instant such as `2026-11-24T08:00:00Z`) the clock reads that instant when the
 * process starts and then advances in real time, so hold deadlines, timers and the seed's "today" behave as they
 * would on that day, whatever hour a test or demo runs at. Unset, it is the real clock.
 *
 * Either way the server's time is the real time plus a constant offset. TypeScript reads it through Effect's
 * `Clock` (provided by {@link ServerClockLive}); SQL reads it through `marquee_now()` (migration 0019), which adds
 * the same offset to `now()`: the database layer puts {@link ClockOffset} into a setting of every connection it
 * opens (src/server/db/database.ts), so a deadline written by SQL and one computed in TypeScript agree.
 */
export const ClockOffset = Context.Reference<number>("marquee/server/ClockOffset", { defaultValue: () => 0 })

/** A clock whose wall-clock reading is the real one plus `offsetOf()`, read at every reading; real sleeps. */
const shiftedClock = (offsetOf: () => number): Clock.Clock => {
  const real = Clock.Clock.defaultValue()
  const millis = () => real.currentTimeMillisUnsafe() + offsetOf()
  const nanos = () => real.currentTimeNanosUnsafe() + BigInt(offsetOf()) * 1_000_000n
  return {
    currentTimeMillisUnsafe: millis,
    currentTimeMillis: Effect.sync(millis),
    currentTimeNanosUnsafe: nanos,
    currentTimeNanos: Effect.sync(nanos),
    // intervals and sleeps are real time: only the reading of the wall clock moves
    monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: real.monotonicTimeNanos,
    sleep: (duration) => real.sleep(duration),
  }
}

/** A clock `offsetMs` ahead of the real one (behind when negative) that sleeps in real time. */
export const offsetClock = (offsetMs: number): Clock.Clock =>
  offsetMs === 0 ? Clock.Clock.defaultValue() : shiftedClock(() => offsetMs)

/**
 * Journeys only (`E2E_CLOCK_MOVES=true`, set by playwright.config.ts for the journeys' main server, never by
 * `npm start`): the server's clock can be moved while it runs, so a journey sees a deadline pass (an unpaid hold's
 * cut-off) without waiting for it. Present only with the switch; src/server/http/e2eClock.ts is its one caller.
 */
export interface ClockMover {
  /** the offset from the real clock now */
  readonly offsetMs: () => number
  /** moves the clock by `ms` (back when negative); the new offset */
  readonly moveBy: (ms: number) => number
}

export const ClockMoverRef = Context.Reference<ClockMover | null>("marquee/server/ClockMover", {
  defaultValue: () => null,
})

export const ClockMoves = Config.Boolean("E2E_CLOCK_MOVES").pipe(Config.withDefault(false))

/** Like {@link offsetClock}, but its offset is read at every reading, so {@link ClockMover} can change it. */
const movableClockLayer = (startOffsetMs: number): Layer.Layer<never> => {
  let offset = startOffsetMs
  const clock = shiftedClock(() => offset)
  const mover: ClockMover = {
    offsetMs: () => offset,
    moveBy: (ms) => {
      offset += ms
      return offset
    },
  }
  return Layer.succeedContext(
    Context.make(Clock.Clock, clock).pipe(
      Context.add(ClockOffset, startOffsetMs),
      Context.add(ClockMoverRef, mover),
    ),
  )
}

/** The clock {@link offsetClock} builds, with its {@link ClockOffset} so the database can follow it. */
export const offsetClockLayer = (offsetMs: number): Layer.Layer<never> =>
  Layer.succeedContext(
    Context.make(Clock.Clock, offsetClock(offsetMs)).pipe(Context.add(ClockOffset, offsetMs)),
  )

/** The offset of a clock that reads `startMs` now. */
export const offsetStartingAt = (startMs: number): number =>
  // The one read of the real time outside Effect's Clock: it anchors the pinned clock to the process start.
  Math.round(startMs - Date.now())

/** An ISO instant (`2026-11-24T08:00:00Z`) as epoch milliseconds. */
export const parseClockStart = (iso: string): Effect.Effect<number, Error> =>
  Effect.try({
    try: () => Temporal.Instant.from(iso).epochMilliseconds,
    catch: () =>
      new Error(`MARQUEE_CLOCK_START must be an ISO instant such as 2026-11-24T08:00:00Z, not "${iso}"`),
  })

/**
 * Set by a clustered server's primary process for its workers (src/server/processes.ts): the offset the primary
 * computed from `MARQUEE_CLOCK_START`, so every process reads one clock. Not meant to be set by hand.
 */
export const CLOCK_OFFSET_ENV = "MARQUEE_CLOCK_OFFSET_MS"

/** The server's clock from `MARQUEE_CLOCK_START` (unset or empty: the real clock). */
export const ServerClockLive: Layer.Layer<never> = Layer.unwrap(
  Effect.gen(function* () {
    // the journeys' switch: the same clock, movable (never set in production)
    const layerOf = (yield* ClockMoves) ? movableClockLayer : offsetClockLayer
    const inherited = yield* Config.option(Config.Int(CLOCK_OFFSET_ENV))
    if (Option.isSome(inherited)) return layerOf(inherited.value)
    const start = yield* Config.option(Config.String("MARQUEE_CLOCK_START"))
    const iso = Option.filter(start, (value) => value.trim() !== "")
    if (Option.isNone(iso)) return layerOf(0)
    return layerOf(offsetStartingAt(yield* parseClockStart(iso.value.trim())))
  }),
).pipe(Layer.orDie)
