import { Context, Effect, Exit, Layer, Redacted, Scope } from "effect"
import { HttpServer } from "effect/http"
import { SqlClient } from "effect/sql"
import { httpServerLayer } from "../../src/server/app.ts"
import { type DatabaseTarget, databaseLayer } from "../../src/server/db/database.ts"
import { seedIfEmpty } from "../../src/server/db/seed/seed.ts"
import { seedToday } from "./seedToday.ts"

export interface RunningServer {
  readonly baseUrl: string
  /** raw SQL on the server's own database (for arranging what HTTP cannot, such as a lapsed hold) */
  readonly query: <A extends object = Record<string, unknown>>(
    statement: string,
    params?: ReadonlyArray<unknown>,
  ) => Promise<ReadonlyArray<A>>
  /** an effect on the server's own database client (a job a test triggers, such as payment reconciliation) */
  readonly run: <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) => Promise<A>
  readonly close: () => Promise<void>
}

export const embeddedTarget = (dataDir: string): DatabaseTarget => ({ _tag: "Embedded", dataDir })
export const postgresTarget = (url: string): DatabaseTarget => ({ _tag: "Postgres", url: Redacted.make(url) })

/**
 * The real server (the same layers `npm start` composes) on an ephemeral port, over the given database,
 * migrated and seeded with the demo chain around `seedToday()`. On a copy of a seeded template both are
 * no-ops: the migrator finds every migration recorded and `seedIfEmpty` finds locations. `seed: false`
 * leaves an empty database empty.
 */
export const startTestServer = async (
  target: DatabaseTarget,
  options: { readonly seed?: boolean } = {},
): Promise<RunningServer> => {
  // tests create hundreds of carts: an easy proof of work keeps them fast (the check itself is the same)
  process.env.HUMAN_CHECK_MAX_NUMBER ??= "200"
  const seeded =
    options.seed === false
      ? Layer.empty
      : Layer.effectDiscard(seedIfEmpty({ seed: 1, scale: 1, today: seedToday() }).pipe(Effect.orDie))
  const layer = httpServerLayer({ port: 0, host: "127.0.0.1", distDir: "dist" }).pipe(
    Layer.provide(seeded),
    Layer.provideMerge(databaseLayer(target)),
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
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
  }
}
