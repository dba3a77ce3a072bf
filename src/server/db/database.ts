import { mkdirSync } from "node:fs"
import { PgClient } from "@effect/sql-pg"
import { PGlite } from "@electric-sql/pglite"
import { Config, Effect, Layer, Option, Redacted } from "effect"
import { Migrator, type SqlClient } from "effect/sql"
import { ClockOffset } from "../clock.ts"
import { migrations } from "./migrations.ts"
import { PGliteConnection, SessionLock } from "./pgliteConnection.ts"

/**
 * Where the data lives: a PostgreSQL server (`DATABASE_URL`) or, by default, an embedded PGlite in
 * `dataDir` reached through the very same `@effect/sql-pg` client, so one SQL dialect serves both.
 */
export type DatabaseTarget =
  | { readonly _tag: "Postgres"; readonly url: Redacted.Redacted<string> }
  | { readonly _tag: "Embedded"; readonly dataDir: string }

const POOL_SIZE = 8
const EMBEDDED_POOL_SIZE = 4

export const targetFromConfig = Effect.gen(function* () {
  const url = yield* Config.option(Config.Redacted("DATABASE_URL"))
  if (Option.isSome(url) && Redacted.value(url.value) !== "") {
    return { _tag: "Postgres", url: url.value } as const satisfies DatabaseTarget
  }
  const dataDir = yield* Config.String("DATA_DIR").pipe(Config.withDefault("./data"))
  return { _tag: "Embedded", dataDir } as const satisfies DatabaseTarget
})

/**
 * The setting `marquee_now()` (migration 0019) adds to `now()`, so SQL reads the server's clock
 * (src/server/clock.ts): set on every connection, as the clock is fixed for the life of the process. Unset, it
 * counts as 0: the real clock needs no setting.
 */
export const CLOCK_OFFSET_SETTING = "marquee.clock_offset_ms"

const embeddedClient = (dataDir: string, clockOffsetMs: number) =>
  Effect.gen(function* () {
    const db = yield* Effect.acquireRelease(
      Effect.promise(async () => {
        mkdirSync(dataDir, { recursive: true })
        const db = await PGlite.create(`${dataDir}/pglite`)
        // PGlite is one session that every virtual connection shares: one session-level SET serves them all.
        if (clockOffsetMs !== 0) await db.exec(`SET ${CLOCK_OFFSET_SETTING} = '${clockOffsetMs}'`)
        return db
      }),
      (db) => Effect.promise(() => db.close()),
    )
    const lock = new SessionLock()
    return yield* PgClient.make({
      stream: () => new PGliteConnection(db, lock),
      ssl: false,
      prepare: false,
      username: "postgres",
      database: "postgres",
      maxConnections: EMBEDDED_POOL_SIZE,
    })
  })

/** A PgClient/SqlClient for the target, without running migrations. */
export const clientLayer = (target: DatabaseTarget): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient> =>
  PgClient.layerFrom(
    Effect.gen(function* () {
      const clockOffsetMs = yield* ClockOffset
      return yield* target._tag === "Postgres"
        ? PgClient.make({
            url: target.url,
            maxConnections: POOL_SIZE,
            connectTimeout: "10 seconds",
            // in the startup packet, so each pooled connection has it before its first statement; only when
            // pinned, as a pooler such as PgBouncer refuses startup parameters it does not know
            ...(clockOffsetMs === 0
              ? {}
              : { startupParameters: { [CLOCK_OFFSET_SETTING]: String(clockOffsetMs) } }),
          })
        : embeddedClient(target.dataDir, clockOffsetMs)
    }),
  ).pipe(Layer.orDie)

export const runMigrations = Migrator.make({})({ loader: Migrator.fromRecord(migrations) })

/** The client with every migration applied before anything else can use it. */
export const databaseLayer = (target: DatabaseTarget) =>
  Layer.effectDiscard(runMigrations.pipe(Effect.orDie)).pipe(Layer.provideMerge(clientLayer(target)))

/** The database the environment asks for (`DATABASE_URL`, else PGlite in `DATA_DIR`, default `./data`). */
export const DatabaseLive = Layer.unwrap(targetFromConfig.pipe(Effect.map(databaseLayer))).pipe(Layer.orDie)
