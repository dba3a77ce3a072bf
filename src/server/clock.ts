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

/** A clock `offsetMs` ahead of the real one (behind when negative) that sleeps in real time. */
export const offsetClock = (offsetMs: number): Clock.Clock => {
  const real = Clock.Clock.defaultValue()
  if (offsetMs === 0) return real
  const offsetNanos = BigInt(offsetMs) * 1_000_000n
  const millis = () => real.currentTimeMillisUnsafe() + offsetMs
  const nanos = () => real.currentTimeNanosUnsafe() + offsetNanos
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

/** The clock {@link offsetClock} builds, with its {@link ClockOffset} so the database can follow it. */
export const offsetClockLayer = (offsetMs: number): Layer.Layer<never> =>
  Layer.succeedContext(
    Context.make(Clock.Clock, offsetClock(offsetMs)).pipe(Context.add(ClockOffset, offsetMs)),
  )

/** The offset of a clock that reads `startMs` now. */
export const offsetStartingAt = (startMs: number): number =>
  // The one read of the real time outside Effect's Clock: it anchors the pinned clock to the process start.
  Math.round(startMs - Date.now())

/** The clock that starts at `start` (epoch milliseconds) when the layer is built, or the real clock. */
export const clockLayer = (start: Option.Option<number>): Layer.Layer<never> =>
  Layer.unwrap(
    Effect.sync(() => offsetClockLayer(Option.match(start, { onNone: () => 0, onSome: offsetStartingAt }))),
  )

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
    const inherited = yield* Config.option(Config.Int(CLOCK_OFFSET_ENV))
    if (Option.isSome(inherited)) return offsetClockLayer(inherited.value)
    const start = yield* Config.option(Config.String("MARQUEE_CLOCK_START"))
    const iso = Option.filter(start, (value) => value.trim() !== "")
    if (Option.isNone(iso)) return clockLayer(Option.none())
    return clockLayer(Option.some(yield* parseClockStart(iso.value.trim())))
  }),
).pipe(Layer.orDie)
