import cluster from "node:cluster"
import { NodeRuntime } from "@effect/platform-node"
import { Config, Console, Effect, Layer } from "effect"
import { HttpServer } from "effect/http"
import { httpServerLayer } from "./app.ts"
import { ServerClockLive } from "./clock.ts"
import { requireDemoMode } from "./config/demoMode.ts"
import { DatabaseLive } from "./db/database.ts"
import { DemoDataOnFirstStart } from "./db/seed/onFirstStart.ts"
import { processCount, runPrimary } from "./processes.ts"

/**
 * Composition root. Configuration comes from the environment:
 * - `PORT` (default 3000) and `HOST` (default 0.0.0.0);
 * - `DATABASE_URL`: a PostgreSQL server; unset → embedded PGlite under `DATA_DIR` (default `./data`);
 * - `SEED_ON_START` (default true): seed demo data when the database has none yet;
 * - `DIST_DIR` (default `./dist`): the built PWA;
 * - `MARQUEE_CLOCK_START` (an ISO instant): the server's clock starts there and runs on (src/server/clock.ts);
 * - `WEB_CONCURRENCY` (default: the cores; always 1 on the embedded database): server processes on PostgreSQL
 *   (src/server/processes.ts);
 * - `MARQUEE_DEMO` (default false; `npm start` sets it): the sandbox providers and inbox; without it the server
 *   refuses to start, as those are the only providers there are (src/server/config/demoMode.ts);
 * - `E2E_DEPLOYS` (default false; the journeys' servers only): a browser with a deploy cookie gets another
 *   service worker version (src/server/http/journeyDeploys.ts).
 */
const ServerConfig = Config.all({
  port: Config.Port("PORT").pipe(Config.withDefault(3000)),
  host: Config.String("HOST").pipe(Config.withDefault("0.0.0.0")),
  distDir: Config.String("DIST_DIR").pipe(Config.withDefault("./dist")),
})

const announce = Layer.effectDiscard(
  Effect.gen(function* () {
    // a clustered worker is one of several: its primary says when all of them listen (src/server/processes.ts)
    if (cluster.isWorker) return
    const server = yield* HttpServer.HttpServer
    const port = "port" in server.address ? server.address.port : 0
    yield* Console.log(`Marquee is ready at http://localhost:${port}/`)
  }),
)

const Main = Layer.unwrap(
  Effect.gen(function* () {
    const config = yield* ServerConfig
    return announce.pipe(Layer.provideMerge(httpServerLayer(config)))
  }),
).pipe(
  Layer.provide(DemoDataOnFirstStart),
  Layer.provide(DatabaseLive),
  // last, so the database, the seed's "today" and every handler read the one clock
  Layer.provide(ServerClockLive),
)

/** A clustered server's primary: the database prepared once (migrations, demo seed), then its workers. */
const Primary = (count: number) =>
  Layer.build(DemoDataOnFirstStart.pipe(Layer.provide(DatabaseLive))).pipe(
    Effect.scoped,
    Effect.andThen(runPrimary(count)),
    // one clock for the primary's seed and every worker (it hands them its offset)
    Effect.provide(ServerClockLive),
  )

// demo mode is asked about before the database is opened or seeded: a refusal costs nothing and says why at once
const refuseOutsideDemo = requireDemoMode.pipe(
  Effect.tapError((error) => Console.error(error.message)),
  Effect.tapError(() => Effect.sync(() => process.exit(1))),
)

const program = Effect.gen(function* () {
  yield* refuseOutsideDemo
  const count = cluster.isPrimary ? yield* processCount : 1
  return yield* count > 1 ? Primary(count) : Layer.launch(Main)
})

program.pipe(NodeRuntime.runMain)
