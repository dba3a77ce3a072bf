import { NodeRuntime } from "@effect/platform-node"
import { Config, Console, Effect, Layer } from "effect"
import { HttpServer } from "effect/http"
import { httpServerLayer } from "./app.ts"
import { ServerClockLive } from "./clock.ts"
import { requireDemoMode } from "./config/demoMode.ts"
import { DatabaseLive } from "./db/database.ts"
import { DemoDataOnFirstStart } from "./db/seed/onFirstStart.ts"

/**
 * Composition root. Configuration comes from the environment:
 * - `PORT` (default 3000) and `HOST` (default 0.0.0.0);
 * - `DATABASE_URL`: a PostgreSQL server; unset → embedded PGlite under `DATA_DIR` (default `./data`);
 * - `SEED_ON_START` (default true): seed demo data when the database has none yet;
 * - `DIST_DIR` (default `./dist`): the built PWA;
 * - `MARQUEE_CLOCK_START` (an ISO instant): the server's clock starts there and runs on (src/server/clock.ts);
 * - `MARQUEE_DEMO` (default false; `npm start` sets it): the sandbox providers and inbox; without it the server
 *   refuses to start, as those are the only providers there are (src/server/config/demoMode.ts).
 */
const ServerConfig = Config.all({
  port: Config.Port("PORT").pipe(Config.withDefault(3000)),
  host: Config.String("HOST").pipe(Config.withDefault("0.0.0.0")),
  distDir: Config.String("DIST_DIR").pipe(Config.withDefault("./dist")),
})

const announce = Layer.effectDiscard(
  Effect.gen(function* () {
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

// demo mode is asked about before the database is opened or seeded: a refusal costs nothing and says why at once
const refuseOutsideDemo = requireDemoMode.pipe(
  Effect.tapError((error) => Console.error(error.message)),
  Effect.tapError(() => Effect.sync(() => process.exit(1))),
)

Layer.launch(Layer.unwrap(refuseOutsideDemo.pipe(Effect.as(Main)))).pipe(NodeRuntime.runMain)
