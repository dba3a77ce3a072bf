import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { Migrator, SqlClient } from "effect/sql"
import { migrations } from "../../../src/server/db/migrations.ts"

/**
 * A throw-away database on the local PostgreSQL (127.0.0.1:5432, user postgres, trust auth, or
 * `TEST_PG_URL` pointing at the server's `postgres` database). Each test file creates its own
 * database and drops it afterwards; no other database is touched.
 */
const adminUrl = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

const urlFor = (database: string) => {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

const admin = PgClient.layer({ url: Redacted.make(adminUrl), maxConnections: 1 })

const onAdmin = <A>(effect: Effect.Effect<A, unknown, SqlClient.SqlClient>) =>
  Effect.runPromise(effect.pipe(Effect.provide(admin), Effect.scoped) as Effect.Effect<A, unknown>)

/** Whether the server answers; CI must fail rather than skip when it does not. */
export const postgresAvailable = (): Promise<boolean> =>
  onAdmin(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`SELECT 1`
      return true
    }).pipe(Effect.timeout("5 seconds")),
  ).catch(() => false)

export const createDatabase = (prefix = "marquee_seed") => {
  const name = `${prefix}_${process.pid}_${Math.floor(Math.random() * 1e9)}`
  return onAdmin(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql.unsafe(`CREATE DATABASE ${name}`)
      return name
    }),
  )
}

export const dropDatabase = (name: string) =>
  onAdmin(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }),
  )

/** A client for the database with every migration applied. */
export const migratedLayer = (name: string) =>
  Layer.effectDiscard(Migrator.make({})({ loader: Migrator.fromRecord(migrations) })).pipe(
    Layer.provideMerge(PgClient.layer({ url: Redacted.make(urlFor(name)), maxConnections: 4 })),
  )
