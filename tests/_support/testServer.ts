import { Temporal } from "@js-temporal/polyfill"
import { Clock, ConfigProvider, Context, Effect, Exit, Layer, Redacted, Scope } from "effect"
import { HttpServer } from "effect/http"
import { SqlClient } from "effect/sql"
import { httpServerLayer } from "../../src/server/app.ts"
import { offsetClock, offsetClockLayer, offsetStartingAt, parseClockStart } from "../../src/server/clock.ts"
import { type DatabaseTarget, databaseLayer } from "../../src/server/db/database.ts"
import { seedIfEmpty } from "../../src/server/db/seed/seed.ts"
import { chainToday } from "../../src/server/time.ts"
import { PINNED_NOW } from "./pinnedClock.ts"

export interface RunningServer {
  readonly baseUrl: string
  /** raw SQL on the server's own database (for arranging what HTTP cannot, such as a lapsed hold) */
  readonly query: <A extends object = Record<string, unknown>>(
    statement: string,
    params?: ReadonlyArray<unknown>,
  ) => Promise<ReadonlyArray<A>>
  /** an effect on the server's own database client (a job a test triggers, such as payment reconciliation) */
  readonly run: <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) => Promise<A>
  /** the server's clock now (epoch milliseconds): pinned at `clockStart` when it started, running since */
  readonly now: () => number
  readonly close: () => Promise<void>
}

export const embeddedTarget = (dataDir: string): DatabaseTarget => ({ _tag: "Embedded", dataDir })
export const postgresTarget = (url: string): DatabaseTarget => ({ _tag: "Postgres", url: Redacted.make(url) })

export interface TestServerOptions {
  /**
   * The instant the server's clock starts at (as `MARQUEE_CLOCK_START`), default {@link PINNED_NOW};
   * `"real"` runs it on the real clock.
   */
  readonly clockStart?: string | "real"
  /** false: leave an empty database empty (a test that arranges all of its own data) */
  readonly seed?: boolean
  /**
   * Settings this server reads as if from its environment, over `process.env` (site flags such as
   * `MOBILE_VERIFICATION`). Effect reads `process.env` once per process, so a test file that starts servers with
   * different settings names them here instead of changing `process.env`.
   */
  readonly env?: Readonly<Record<string, string>>
  /** how long a request may take to arrive (the server's default unless told: a test of the cut-off shortens it) */
  readonly requestTimeoutMs?: number
}

/**
 * The real server (the same layers `npm start` composes) on an ephemeral port, over the given database,
 * migrated and seeded with the demo chain around the date its clock reads in Jerusalem. The clock is pinned
 * ({@link PINNED_NOW} unless told otherwise), so no test depends on the hour or the day it runs at; compare
 * with the server's time through `now()` here and `marquee_now()` in SQL, never `Date.now()` or `now()`.
 * On a copy of a seeded template, migrating and seeding are no-ops; `seed: false` leaves an empty database empty.
 */
export const startTestServer = async (
  target: DatabaseTarget,
  options: TestServerOptions = {},
): Promise<RunningServer> => {
  // tests create hundreds of carts: an easy proof of work keeps them fast (the check itself is the same)
  process.env.HUMAN_CHECK_MAX_NUMBER ??= "200"
  // the sandbox providers are the only ones: test servers run in demo mode, as npm start does
  process.env.MARQUEE_DEMO ??= "true"
  // every test's requests come from 127.0.0.1, as a crowd behind one NAT would: a file that holds seats for a few
  // hundred carts would be one client over the lock velocity limit; its own test sets it (holdVelocity.integration)
  process.env.MAX_SEATS_PER_CLIENT_MINUTE ??= "0"
  const clockStart = options.clockStart ?? PINNED_NOW
  const offset = clockStart === "real" ? 0 : offsetStartingAt(Effect.runSync(parseClockStart(clockStart)))
  const clock = offsetClock(offset)
  // the seed's "today" is read from the server's clock, as DemoDataOnFirstStart does for `npm start`
  const seeded =
    options.seed === false
      ? Layer.empty
      : Layer.effectDiscard(
          Effect.gen(function* () {
            const today = chainToday(Temporal.Instant.fromEpochMilliseconds(yield* Clock.currentTimeMillis))
            yield* seedIfEmpty({ seed: 1, scale: 1, today })
          }).pipe(Effect.orDie),
        )
  const settings =
    options.env === undefined
      ? Layer.empty
      : ConfigProvider.layerAdd(ConfigProvider.fromEnv({ env: options.env }), { asPrimary: true })
  const layer = httpServerLayer({
    port: 0,
    host: "127.0.0.1",
    distDir: "dist",
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
  }).pipe(
    Layer.provide(seeded),
    Layer.provideMerge(databaseLayer(target)),
    Layer.provide(offsetClockLayer(offset)),
    Layer.provide(settings),
  )
  const scope = Effect.runSync(Scope.make())
  const context = await Effect.runPromise(Layer.buildWithScope(layer, scope))
  const address = Context.get(context, HttpServer.HttpServer).address
  const port = "port" in address ? address.port : 0
  const sql = Context.get(context, SqlClient.SqlClient)
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    query: <A extends object>(statement: string, params: ReadonlyArray<unknown> = []) =>
      Effect.runPromise(sql.unsafe<A>(statement, params).pipe(Effect.orDie)),
    run: (effect) => Effect.runPromise(Effect.provideService(effect, SqlClient.SqlClient, sql)),
    now: () => clock.currentTimeMillisUnsafe(),
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
  }
}
