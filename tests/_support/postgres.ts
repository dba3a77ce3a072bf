import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"

/**
 * A throwaway database on the PostgreSQL server the integration tests use (127.0.0.1:5432, user postgres,
 * trust auth, unless `TEST_DATABASE_URL` names another server). Each call creates a database of its own
 * (empty, or a copy of a template database) and `drop` removes it, so parallel test files never meet.
 *
 * When the server is unreachable the tests are skipped on a developer machine, but fail loudly under CI.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"

const withAdmin = <A>(use: (sql: PgClient.PgClient) => Effect.Effect<A, unknown>) =>
  Effect.runPromise(
    Effect.gen(function* () {
      return yield* use(yield* PgClient.PgClient)
    }).pipe(
      Effect.provide(
        PgClient.layer({ url: Redacted.make(ADMIN_URL), maxConnections: 1, connectTimeout: "5 seconds" }),
      ),
    ),
  )

export const postgresReachable = async (): Promise<boolean> => {
  try {
    await withAdmin((sql) => sql`SELECT 1`)
    return true
  } catch (error) {
    if (process.env.CI)
      throw new Error(`PostgreSQL at ${ADMIN_URL} is unreachable under CI: ${String(error)}`)
    return false
  }
}

export interface ScratchDatabase {
  readonly url: string
  readonly drop: () => Promise<void>
}

/** The URL of database `name` on the tests' PostgreSQL server. */
export const databaseUrl = (name: string): string => {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

export const dropDatabase = (name: string): Promise<void> =>
  withAdmin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined)

/**
 * Closes every session on `name`: PostgreSQL copies a template only while nobody is connected to it, and a
 * pool's sockets may outlive the pool's closing by a moment.
 */
export const disconnectAll = (name: string): Promise<void> =>
  withAdmin(
    (sql) => sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name}
      AND pid <> pg_backend_pid()`,
  ).then(() => undefined)

/** `template`: a copy of that database (`CREATE DATABASE … TEMPLATE`: files copied, no migrating or seeding). */
export const createDatabase = (name: string, template?: string): Promise<void> =>
  withAdmin((sql) =>
    sql.unsafe(
      template === undefined ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${template}`,
    ),
  ).then(() => undefined)

/** A uniquely named database, empty or a copy of `template`. */
export const createScratchDatabase = async (label: string, template?: string): Promise<ScratchDatabase> => {
  const name = `marquee_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  await createDatabase(name, template)
  return { url: databaseUrl(name), drop: () => dropDatabase(name) }
}
