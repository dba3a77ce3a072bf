import { Temporal } from "@js-temporal/polyfill"
import { Clock, Config, Console, Effect, Layer, Option } from "effect"
import { chainToday } from "../../time.ts"
import { seedIfEmpty } from "./seed.ts"

/**
 * Seeds the demo chain when the database is empty, so a newcomer's first `npm start` shows real
 * presentations. The schedule is laid around today's date in the chain's time zone.
 * `SEED_ON_START=false` turns it off (for a production database that must stay untouched). `SEED_JOURNEYS=1`
 * (the end-to-end servers, playwright.config.ts) adds a presentation and codes of its own to each journey: kept
 * out of the demo, whose what's-on they would crowd with dozens of look-alike showings tomorrow morning.
 */
export const DemoDataOnFirstStart = Layer.effectDiscard(
  Effect.gen(function* () {
    const enabled = yield* Config.Boolean("SEED_ON_START").pipe(Config.withDefault(true))
    if (!enabled) return
    const started = yield* Clock.currentTimeMillis
    const journeys = yield* Config.Boolean("SEED_JOURNEYS").pipe(Config.withDefault(false))
    const today = chainToday(Temporal.Instant.fromEpochMilliseconds(started))
    const summary = yield* seedIfEmpty({ seed: 1, scale: 1, today, journeys })
    if (Option.isSome(summary)) {
      const seconds = ((yield* Clock.currentTimeMillis) - started) / 1000
      yield* Console.log(`Seeded the demo chain in ${seconds.toFixed(1)} s: ${JSON.stringify(summary.value)}`)
    }
  }).pipe(Effect.orDie),
)
