import { parseArgs } from "node:util"
import { Temporal } from "@js-temporal/polyfill"
import { Clock, Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { ServerClockLive } from "../server/clock.ts"
import { clientLayer, runMigrations, targetFromConfig } from "../server/db/database.ts"
import { seedIfEmpty } from "../server/db/seed/seed.ts"
import { chainToday } from "../server/time.ts"

/**
 * `node src/cli/seed.ts [--scale N] [--seed S] [--today YYYY-MM-DD] [--reset]`
 *
 * Seeds the database the server would use (`DATABASE_URL`, else the embedded PGlite in `DATA_DIR`,
 * default `./data`). `--reset` drops every table first. `--today` pins the calendar (default: today in
 * Asia/Jerusalem by the server's clock, `MARQUEE_CLOCK_START` or the real one), so a seed can be reproduced on
 * another day.
 */
const usage = "usage: npm run seed -- [--scale N] [--seed S] [--today YYYY-MM-DD] [--reset]"

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        scale: { type: "string", default: "1" },
        seed: { type: "string", default: "1" },
        today: { type: "string" },
        reset: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    })
  } catch (error) {
    // an unknown option or one without its value: say what is wrong and how to call it, no stack trace
    console.error(`${(error as Error).message}\n${usage}`)
    return process.exit(2)
  }
})()

if (values.help) {
  console.log(usage)
  process.exit(0)
}

const scale = Number(values.scale)
const seed = Number(values.seed)
if (!Number.isInteger(scale) || scale < 1 || !Number.isInteger(seed)) {
  console.error(usage)
  process.exit(2)
}
const program = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // the server's clock (MARQUEE_CLOCK_START, else the real one): a seed and a server started with the same
  // setting agree on "today"
  const today =
    values.today === undefined
      ? chainToday(Temporal.Instant.fromEpochMilliseconds(yield* Clock.currentTimeMillis))
      : Temporal.PlainDate.from(values.today)
  if (values.reset) {
    yield* sql`DROP SCHEMA public CASCADE`
    yield* sql`CREATE SCHEMA public`
  }
  yield* runMigrations
  const started = performance.now()
  const summary = yield* seedIfEmpty({ seed, scale, today })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (Option.isNone(summary)) {
    console.error("The database already has data: nothing seeded. Run again with --reset to replace it.")
    return 1
  }
  console.log(
    JSON.stringify({ seed, scale, today: today.toString(), seconds: Number(seconds), ...summary.value }),
  )
  return 0
})

const target = await Effect.runPromise(targetFromConfig)
const code = await Effect.runPromise(
  program.pipe(Effect.provide(clientLayer(target)), Effect.provide(ServerClockLive), Effect.scoped),
)
// exitCode rather than exit(): exit() can cut off stdout that is still flowing into a pipe
process.exitCode = code
